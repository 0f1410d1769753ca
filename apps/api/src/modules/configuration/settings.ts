import type { z } from 'zod';

import { isCurtailmentOrder } from '@stoa/shared/curtailment';
import { istDate } from '@stoa/shared/common';
import { SETTING_KEYS, type SettingKey, type settingInputSchema } from '@stoa/shared/configuration';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { type ConfigurationDeps, type Meta, recordChange } from './configuration.deps';
import { configurationRepository as repo } from './configuration.repository';
import { currentByKey, notInPast, onlyFuture, uniqueOr409 } from './effective-dates';

/** The operating rules (SETTING_KEYS): effective-dated values, each with its default. */

/** The value of a rule in force on a date, else its default. */
export async function settingOn(dbx: DbOrTx, key: SettingKey, on: string): Promise<string> {
  return (await repo.settingOn(dbx, key, on))?.value ?? SETTING_KEYS[key].default;
}

function validateSetting(key: SettingKey, value: string) {
  const bad = (m: string) => AppError.field('VALIDATION_FAILED', 'value', m);
  if (key === 'dayAheadCutoffTime') {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw bad('Enter a time as HH:mm');
  } else if (key === 'curtailmentOrder') {
    if (!isCurtailmentOrder(value)) throw bad('Choose Pro-rata, Reverse category order or Reverse timestamp');
  } else if (key === 'secondFourthSaturdayOff' || key === 'feeBeforeScrutiny' || key === 'standingClearanceConsentRequired') {
    if (value !== 'true' && value !== 'false') throw bad('Enter true or false');
  } else if (key === 'bidTick' || key === 'minContractDemandMw') {
    if (!/^\d{1,6}(\.\d{1,4})?$/.test(value) || Number(value) <= 0) throw bad('Enter a positive number');
  } else if (!/^\d{1,3}$/.test(value)) {
    throw bad('Enter a whole number');
  } else if (key.startsWith('advanceCutoffDay') && Number(value) > 31) {
    throw bad('Enter a day of the month (0 = last day)');
  }
}

export async function listSettings(deps: Pick<ConfigurationDeps, 'db' | 'clock'>) {
  const rows = await repo.listSettings(deps.db);
  const stateOf = currentByKey(rows, (r) => r.key, istDate(deps.clock.now()));
  return {
    settingList: rows
      .filter((r) => r.key in SETTING_KEYS)
      .map((r) => ({
        id: r.id,
        key: r.key as SettingKey,
        label: SETTING_KEYS[r.key as SettingKey].label,
        value: r.value,
        effectiveFrom: r.effectiveFrom,
        state: stateOf(r),
      })),
  };
}

export async function addSetting(deps: ConfigurationDeps, actor: RequestUser, input: z.output<typeof settingInputSchema>, meta: Meta) {
  const today = () => istDate(deps.clock.now());
  notInPast('effectiveFrom', input.effectiveFrom, today());
  validateSetting(input.key, input.value);
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(
      () => repo.insertSetting(tx, input),
      'effectiveFrom',
      'A value of this rule already takes effect on that date.',
    );
    await recordChange(deps, tx, actor, 'SETTING_ADDED', 'Setting', row.id, null, row, meta);
    return {
      id: row.id,
      key: input.key,
      label: SETTING_KEYS[input.key].label,
      value: row.value,
      effectiveFrom: row.effectiveFrom,
      state: row.effectiveFrom > today() ? ('FUTURE' as const) : ('CURRENT' as const),
    };
  });
}

export async function deleteSetting(deps: ConfigurationDeps, actor: RequestUser, id: string, meta: Meta) {
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findSetting(tx, id);
    if (!before) throw notFound('rule value');
    onlyFuture(before.effectiveFrom, istDate(deps.clock.now()), 'rule value');
    await repo.deleteSetting(tx, id);
    await recordChange(deps, tx, actor, 'SETTING_DELETED', 'Setting', id, before, null, meta);
    return true;
  });
}
