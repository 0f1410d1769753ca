import type { z } from 'zod';

import { CHARGE_HEAD_INFO, CHARGE_HEAD_VALUES } from '@stoa/shared/configuration';
import { effectiveState, istDate, type PageQuery } from '@stoa/shared/common';
import { enPayments } from '@stoa/shared/messages';
import { TDS_SECTION_RATE_BP, type tdsConfigInputSchema, type TdsSection } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { notInPast, onlyFuture, uniqueOr409 } from '../configuration/effective-dates';
import { assertOwnsTdsConfig } from './payments.access';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { mapTdsConfig } from './payments.mapper';
import { tdsRepository as repo } from './tds.repository';

/**
 * The OA applicant's TDS declarations (issue 13, decision 0040): per charge head, the section it
 * deducts TDS under from a date. Effective-dated like the configuration's values (effective-dates.ts):
 * a declaration takes effect on its date and is then kept as history; only future ones change.
 */

type Input = z.output<typeof tdsConfigInputSchema>;
const E = enPayments.tds.errors;
const today = (deps: Pick<PaymentsDeps, 'clock'>) => istDate(deps.clock.now());

export async function listTdsConfigs(deps: Pick<PaymentsDeps, 'db' | 'clock'>, actor: RequestUser, q: PageQuery) {
  const on = today(deps);
  const [{ rows, total }, current] = await Promise.all([
    repo.listConfigs(deps.db, actor.id, q),
    repo.currentFromByHead(deps.db, actor.id, on),
  ]);
  const currentFrom = new Map(current.map((c) => [c.head, c.from ?? undefined]));
  return { tdsList: rows.map((r) => mapTdsConfig(r, effectiveState(r.effectiveFrom, currentFrom.get(r.head), on))), dataCount: total };
}

/** Every charge head with the caller's declaration in force today, and the next one if any. */
export async function configuredCharges(deps: Pick<PaymentsDeps, 'db' | 'clock'>, actor: RequestUser) {
  const on = today(deps);
  const [inForce, upcoming] = await Promise.all([repo.inForce(deps.db, actor.id, on), repo.upcomingByHead(deps.db, actor.id, on)]);
  const byHead = new Map(inForce.map((r) => [r.head, r]));
  const nextByHead = new Map(upcoming.map((u) => [u.head, u.from]));
  return {
    chargeList: CHARGE_HEAD_VALUES.map((head) => {
      const r = byHead.get(head);
      return {
        head,
        label: CHARGE_HEAD_INFO[head].label,
        kind: CHARGE_HEAD_INFO[head].kind,
        configured: !!r,
        section: (r?.section as TdsSection | undefined) ?? null,
        rateBasisPoints: r?.rateBasisPoints ?? null,
        effectiveFrom: r?.effectiveFrom ?? null,
        upcomingFrom: nextByHead.get(head) ?? null,
      };
    }),
  };
}

export const isTdsConfigured = (deps: Pick<PaymentsDeps, 'db' | 'clock'>, actor: RequestUser) =>
  repo.anyInForce(deps.db, actor.id, today(deps));

export async function addTdsConfig(deps: PaymentsDeps, actor: RequestUser, input: Input, meta: Meta) {
  notInPast('effectiveFrom', input.effectiveFrom, today(deps));
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(
      () =>
        repo.insertConfig(tx, {
          userId: actor.id,
          head: input.head,
          section: input.section,
          rateBasisPoints: TDS_SECTION_RATE_BP[input.section],
          effectiveFrom: input.effectiveFrom,
          remarks: input.remarks ?? null,
        }),
      'effectiveFrom',
      E.duplicate,
    );
    await recordChange(deps, tx, actor, 'TDS_CONFIG_ADDED', 'TdsConfiguration', row.id, null, row, meta);
    return mapTdsConfig(row, row.effectiveFrom > today(deps) ? 'FUTURE' : 'CURRENT');
  });
}

export async function updateTdsConfig(deps: PaymentsDeps, actor: RequestUser, id: string, input: Input, meta: Meta) {
  notInPast('effectiveFrom', input.effectiveFrom, today(deps));
  return inTransaction(deps.db, async (tx) => {
    const before = assertOwnsTdsConfig(actor, await repo.findConfigForUpdate(tx, id));
    onlyFuture(before.effectiveFrom, today(deps), 'declaration');
    if (input.head !== before.head) throw AppError.field('VALIDATION_FAILED', 'head', E.headFixed);
    const after = await uniqueOr409(
      () =>
        repo.updateConfig(tx, id, {
          section: input.section,
          rateBasisPoints: TDS_SECTION_RATE_BP[input.section],
          effectiveFrom: input.effectiveFrom,
          remarks: input.remarks ?? null,
          updatedAt: deps.clock.now(),
        }),
      'effectiveFrom',
      E.duplicate,
    );
    await recordChange(deps, tx, actor, 'TDS_CONFIG_UPDATED', 'TdsConfiguration', id, before, after, meta);
    return mapTdsConfig(after, after.effectiveFrom > today(deps) ? 'FUTURE' : 'CURRENT');
  });
}
