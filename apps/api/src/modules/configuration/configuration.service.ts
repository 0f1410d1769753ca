import type { z } from 'zod';

import type {
  bankDetailInputSchema,
  ChargeHead,
  chargeRateInputSchema,
  holidayInputSchema,
  SettingKey,
  settingInputSchema,
  utilityInputSchema,
} from '@stoa/shared/configuration';
import { istDate } from '@stoa/shared/common';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { addBankDetail, deleteBankDetail, listBankDetails, updateBankDetail } from './bank-details';
import { addWorkingDays, isWorkingDay } from './calendar';
import { addCharge, deleteCharge, listCharges, updateCharge } from './charges';
import type { ConfigurationDeps, Meta } from './configuration.deps';
import { findDues, raiseDue, type RaiseDueInput } from './dues';
import { addHoliday, deleteHoliday, listHolidays, updateHoliday } from './holidays';
import { addSetting, deleteSetting, listSettings, settingOn } from './settings';
import { addUtility, updateUtility } from './utilities';

export type { RaiseDueInput } from './dues';

/**
 * Configuration (spec 001 §5), table of contents: charges.ts (fees and charges), dues.ts (the
 * dues ledger every domain raises into), holidays.ts and calendar.ts (working days), settings.ts
 * (operating rules), bank-details.ts, utilities.ts (TRANSCO/DISCOM); effective-dates.ts holds the
 * rules they share. Other domains use this service for settings, working days and dues.
 */
export function createConfigurationService(deps: ConfigurationDeps) {
  return {
    today: () => istDate(deps.clock.now()),
    settingOn: (dbx: DbOrTx, key: SettingKey, on: string) => settingOn(dbx, key, on),
    isWorkingDay: (dbx: DbOrTx, date: string, holidaySet?: Set<string>) => isWorkingDay(dbx, date, holidaySet),
    addWorkingDays: (dbx: DbOrTx, from: string, n: number) => addWorkingDays(dbx, from, n),

    listCharges: (q: { kind?: 'FEE' | 'CHARGE'; head?: ChargeHead }) => listCharges(deps, q),
    addCharge: (actor: RequestUser, input: z.output<typeof chargeRateInputSchema>, meta: Meta) => addCharge(deps, actor, input, meta),
    updateCharge: (actor: RequestUser, id: string, input: z.output<typeof chargeRateInputSchema>, meta: Meta) =>
      updateCharge(deps, actor, id, input, meta),
    deleteCharge: (actor: RequestUser, id: string, meta: Meta) => deleteCharge(deps, actor, id, meta),

    /** The dues ledger: every domain raises its fees and charges here, inside its own transaction. */
    raiseDue: (tx: Tx, input: RaiseDueInput) => raiseDue(deps, tx, input),
    findDues: (actor: RequestUser, q: { pageNumber: number; pageSize: number; status?: string }) => findDues(deps, actor, q),

    listHolidays: (year?: number) => listHolidays(deps, year),
    addHoliday: (actor: RequestUser, input: z.output<typeof holidayInputSchema>, meta: Meta) => addHoliday(deps, actor, input, meta),
    updateHoliday: (actor: RequestUser, id: string, input: z.output<typeof holidayInputSchema>, meta: Meta) =>
      updateHoliday(deps, actor, id, input, meta),
    deleteHoliday: (actor: RequestUser, id: string, meta: Meta) => deleteHoliday(deps, actor, id, meta),

    listBankDetails: () => listBankDetails(deps),
    addBankDetail: (actor: RequestUser, input: z.output<typeof bankDetailInputSchema>, meta: Meta) =>
      addBankDetail(deps, actor, input, meta),
    updateBankDetail: (actor: RequestUser, id: string, input: z.output<typeof bankDetailInputSchema>, meta: Meta) =>
      updateBankDetail(deps, actor, id, input, meta),
    deleteBankDetail: (actor: RequestUser, id: string, meta: Meta) => deleteBankDetail(deps, actor, id, meta),

    listSettings: () => listSettings(deps),
    addSetting: (actor: RequestUser, input: z.output<typeof settingInputSchema>, meta: Meta) => addSetting(deps, actor, input, meta),
    deleteSetting: (actor: RequestUser, id: string, meta: Meta) => deleteSetting(deps, actor, id, meta),

    addUtility: (actor: RequestUser, input: z.output<typeof utilityInputSchema>, meta: Meta) => addUtility(deps, actor, input, meta),
    updateUtility: (actor: RequestUser, id: string, input: z.output<typeof utilityInputSchema>, meta: Meta) =>
      updateUtility(deps, actor, id, input, meta),
  };
}
export type ConfigurationService = ReturnType<typeof createConfigurationService>;
