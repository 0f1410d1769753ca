import type { z } from 'zod';

import { effectiveState, istDate, type PageQuery } from '@stoa/shared/common';
import { enPayments } from '@stoa/shared/messages';
import { percentToBasisPoints, type tdsInterestInputSchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { notInPast, onlyFuture, uniqueOr409 } from '../configuration/effective-dates';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { mapTdsInterest } from './payments.mapper';
import { tdsRepository as repo } from './tds.repository';

/**
 * Interest per month on TDS deposited late (issue 13, decision 0040), set by the Admin; effective-dated
 * like the configuration's values: one per effective date, kept as history once in effect.
 */

type Input = z.output<typeof tdsInterestInputSchema>;
const E = enPayments.tdsInterest.errors;
const today = (deps: Pick<PaymentsDeps, 'clock'>) => istDate(deps.clock.now());

const basisPoints = (ratePercent: string) => {
  const bp = percentToBasisPoints(ratePercent);
  if (bp === null) throw AppError.field('VALIDATION_FAILED', 'ratePercent', E.rate);
  return bp;
};

export async function listTdsInterest(deps: Pick<PaymentsDeps, 'db' | 'clock'>, q: PageQuery) {
  const on = today(deps);
  const [{ rows, total }, current] = await Promise.all([repo.listInterest(deps.db, q), repo.interestOn(deps.db, on)]);
  return {
    interestList: rows.map((r) => mapTdsInterest(r, effectiveState(r.effectiveFrom, current?.effectiveFrom, on))),
    dataCount: total,
  };
}

export async function addTdsInterest(deps: PaymentsDeps, actor: RequestUser, input: Input, meta: Meta) {
  notInPast('effectiveFrom', input.effectiveFrom, today(deps));
  const rateBasisPoints = basisPoints(input.ratePercent);
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(
      () =>
        repo.insertInterest(tx, {
          rateBasisPoints,
          effectiveFrom: input.effectiveFrom,
          remarks: input.remarks ?? null,
          createdBy: actor.id,
        }),
      'effectiveFrom',
      E.duplicate,
    );
    await recordChange(deps, tx, actor, 'TDS_INTEREST_ADDED', 'TdsInterestRate', row.id, null, row, meta);
    return mapTdsInterest(row, row.effectiveFrom > today(deps) ? 'FUTURE' : 'CURRENT');
  });
}

export async function updateTdsInterest(deps: PaymentsDeps, actor: RequestUser, id: string, input: Input, meta: Meta) {
  notInPast('effectiveFrom', input.effectiveFrom, today(deps));
  const rateBasisPoints = basisPoints(input.ratePercent);
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findInterestForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', E.notFound);
    onlyFuture(before.effectiveFrom, today(deps), 'interest percentage');
    const after = await uniqueOr409(
      () => repo.updateInterest(tx, id, { rateBasisPoints, effectiveFrom: input.effectiveFrom, remarks: input.remarks ?? null }),
      'effectiveFrom',
      E.duplicate,
    );
    await recordChange(deps, tx, actor, 'TDS_INTEREST_UPDATED', 'TdsInterestRate', id, before, after, meta);
    return mapTdsInterest(after, after.effectiveFrom > today(deps) ? 'FUTURE' : 'CURRENT');
  });
}
