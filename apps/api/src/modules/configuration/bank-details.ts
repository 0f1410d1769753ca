import type { z } from 'zod';

import type { bankDetailInputSchema } from '@stoa/shared/configuration';
import { istDate } from '@stoa/shared/common';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { notFound } from '../../platform/errors';
import { type ConfigurationDeps, type Meta, recordChange } from './configuration.deps';
import { mapBank } from './configuration.mapper';
import { configurationRepository as repo } from './configuration.repository';
import { currentByKey, notInPast, onlyFuture, uniqueOr409 } from './effective-dates';

/** The SLDC's bank details: effective-dated, one account in force at a time. */

const DUPLICATE = 'Bank details already take effect on that date.';

export async function listBankDetails(deps: Pick<ConfigurationDeps, 'db' | 'clock'>) {
  const rows = await repo.listBankDetails(deps.db);
  const stateOf = currentByKey(rows, () => 'bank', istDate(deps.clock.now()));
  return { bankDetailList: rows.map((r) => mapBank(r, stateOf(r))) };
}

export async function addBankDetail(
  deps: ConfigurationDeps,
  actor: RequestUser,
  input: z.output<typeof bankDetailInputSchema>,
  meta: Meta,
) {
  const today = () => istDate(deps.clock.now());
  notInPast('effectiveFrom', input.effectiveFrom, today());
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(() => repo.insertBankDetail(tx, input), 'effectiveFrom', DUPLICATE);
    await recordChange(deps, tx, actor, 'BANK_DETAIL_ADDED', 'BankDetail', row.id, null, row, meta);
    return mapBank(row, row.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
  });
}

export async function updateBankDetail(
  deps: ConfigurationDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof bankDetailInputSchema>,
  meta: Meta,
) {
  const today = () => istDate(deps.clock.now());
  notInPast('effectiveFrom', input.effectiveFrom, today());
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findBankDetail(tx, id);
    if (!before) throw notFound('bank details');
    onlyFuture(before.effectiveFrom, today(), 'bank account');
    const row = await uniqueOr409(() => repo.updateBankDetail(tx, id, input), 'effectiveFrom', DUPLICATE);
    await recordChange(deps, tx, actor, 'BANK_DETAIL_UPDATED', 'BankDetail', id, before, row, meta);
    return mapBank(row, 'FUTURE');
  });
}

export async function deleteBankDetail(deps: ConfigurationDeps, actor: RequestUser, id: string, meta: Meta) {
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findBankDetail(tx, id);
    if (!before) throw notFound('bank details');
    onlyFuture(before.effectiveFrom, istDate(deps.clock.now()), 'bank account');
    await repo.deleteBankDetail(tx, id);
    await recordChange(deps, tx, actor, 'BANK_DETAIL_DELETED', 'BankDetail', id, before, null, meta);
    return true;
  });
}
