import type { z } from 'zod';

import { CHARGE_HEAD_INFO, type ChargeHead, type chargeRateInputSchema } from '@stoa/shared/configuration';
import { istDate } from '@stoa/shared/common';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { type ConfigurationDeps, type Meta, recordChange } from './configuration.deps';
import { mapCharge } from './configuration.mapper';
import { configurationRepository as repo } from './configuration.repository';
import { currentByKey, notInPast, onlyFuture, uniqueOr409 } from './effective-dates';

/** Fees and charges (CHARGE_HEAD_INFO): effective-dated rates with their GST, kept as history once in effect. */

const DUPLICATE = 'A value of this head already takes effect on that date.';

export async function listCharges(deps: Pick<ConfigurationDeps, 'db' | 'clock'>, q: { kind?: 'FEE' | 'CHARGE'; head?: ChargeHead }) {
  const rows = await repo.listCharges(deps.db);
  const stateOf = currentByKey(rows, (r) => r.head, istDate(deps.clock.now()));
  return {
    chargeList: rows
      .filter((r) => (!q.head || r.head === q.head) && (!q.kind || CHARGE_HEAD_INFO[r.head as ChargeHead]?.kind === q.kind))
      .map((r) => mapCharge(r, stateOf(r))),
  };
}

export async function addCharge(deps: ConfigurationDeps, actor: RequestUser, input: z.output<typeof chargeRateInputSchema>, meta: Meta) {
  const today = () => istDate(deps.clock.now());
  notInPast('effectiveFrom', input.effectiveFrom, today());
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(
      () => repo.insertCharge(tx, { ...input, remarks: input.remarks ?? null, createdBy: actor.id }),
      'effectiveFrom',
      DUPLICATE,
    );
    await recordChange(deps, tx, actor, 'CHARGE_ADDED', 'ChargeRate', row.id, null, row, meta);
    return mapCharge(row, row.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
  });
}

export async function updateCharge(
  deps: ConfigurationDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof chargeRateInputSchema>,
  meta: Meta,
) {
  const today = () => istDate(deps.clock.now());
  notInPast('effectiveFrom', input.effectiveFrom, today());
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findCharge(tx, id);
    if (!before) throw notFound('charge');
    onlyFuture(before.effectiveFrom, today(), 'value');
    if (input.head !== before.head) throw AppError.field('VALIDATION_FAILED', 'head', 'The head of a value cannot change.');
    const after = await uniqueOr409(
      () =>
        repo.updateCharge(tx, id, {
          unit: input.unit,
          amount: input.amount,
          gstRatePercent: input.gstRatePercent,
          effectiveFrom: input.effectiveFrom,
          remarks: input.remarks ?? null,
        }),
      'effectiveFrom',
      DUPLICATE,
    );
    await recordChange(deps, tx, actor, 'CHARGE_UPDATED', 'ChargeRate', id, before, after, meta);
    return mapCharge(after, after.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
  });
}

export async function deleteCharge(deps: ConfigurationDeps, actor: RequestUser, id: string, meta: Meta) {
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findCharge(tx, id);
    if (!before) throw notFound('charge');
    onlyFuture(before.effectiveFrom, istDate(deps.clock.now()), 'value');
    await repo.deleteCharge(tx, id);
    await recordChange(deps, tx, actor, 'CHARGE_DELETED', 'ChargeRate', id, before, null, meta);
    return true;
  });
}
