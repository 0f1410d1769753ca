import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import {
  type bankDetailInputSchema,
  CHARGE_HEAD_INFO,
  type ChargeHead,
  type ChargeRate,
  type chargeRateInputSchema,
  type ChargeUnit,
  type Due,
  effectiveState,
  type holidayInputSchema,
  istDate,
  isCurtailmentOrder,
  SETTING_KEYS,
  type SettingKey,
  type settingInputSchema,
  type utilityInputSchema,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction, pgErrorCode } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import { transcoDiscom } from '../reference/reference.tables';
import { users } from '../users/users.tables';
import { configurationRepository as repo } from './configuration.repository';
import { type bankDetails, type chargeRates, type dues } from './configuration.tables';
import { amountPaise, gstPaise, trimDecimal } from './money';

type Meta = { requestId: string };

/** Current value of each key among effective-dated rows: the latest effective date not after today. */
function currentByKey<T extends { effectiveFrom: string }>(rows: T[], key: (r: T) => string, today: string) {
  const current = new Map<string, string>();
  for (const r of rows) {
    if (r.effectiveFrom > today) continue;
    const k = key(r);
    const c = current.get(k);
    if (!c || r.effectiveFrom > c) current.set(k, r.effectiveFrom);
  }
  return (r: T) => effectiveState(r.effectiveFrom, current.get(key(r)), today);
}

const mapCharge = (r: typeof chargeRates.$inferSelect, state: ChargeRate['state']): ChargeRate => ({
  id: r.id,
  head: r.head as ChargeHead,
  kind: CHARGE_HEAD_INFO[r.head as ChargeHead].kind,
  unit: r.unit as ChargeUnit,
  amount: trimDecimal(r.amount),
  gstRatePercent: trimDecimal(r.gstRatePercent),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
});

const mapDue = (d: typeof dues.$inferSelect): Due => ({
  id: d.id,
  head: d.head as ChargeHead,
  description: d.description,
  recordType: d.recordType,
  recordId: d.recordId,
  quantity: trimDecimal(d.quantity),
  rate: trimDecimal(d.rate),
  unit: d.unit as ChargeUnit,
  baseAmount: d.baseAmountPaise,
  gstRatePercent: trimDecimal(d.gstRatePercent),
  gstAmount: d.gstAmountPaise,
  totalAmount: d.totalPaise,
  dueDate: d.dueDate,
  status: d.status as Due['status'],
  createdAt: d.createdAt.toISOString(),
});

const notInPast = (field: string, date: string, today: string) => {
  if (date < today) throw AppError.field('VALIDATION_FAILED', field, 'The effective date cannot be in the past.');
};
const onlyFuture = (effectiveFrom: string, today: string, what: string) => {
  if (effectiveFrom <= today) {
    throw new AppError('BUSINESS_RULE', `This ${what} has taken effect and is kept as history. Add a new value with a later effective date instead.`);
  }
};
const uniqueOr409 = async <T>(fn: () => Promise<T>, field: string, message: string): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw AppError.field('CONFLICT', field, message);
    throw err;
  }
};

export interface RaiseDueInput {
  payerUserId: string;
  head: ChargeHead;
  /** The date whose configuration applies (e.g. the application date). */
  on: string;
  /** Multiplier of the rate: 1 for a fee, kWh, days, … */
  quantity: string;
  recordType: string;
  recordId: string;
  description: string;
  dueDate?: string;
}

export function createConfigurationService(deps: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const today = () => istDate(clock.now());
  const record = (tx: Tx, actor: RequestUser, action: string, entity: string, entityId: string, before: unknown, after: unknown, meta: Meta) =>
    audit.record(tx, { actor: { id: actor.id, role: actor.role }, action, entity, entityId, before, after, requestId: meta.requestId });

  async function settingOn(dbx: DbOrTx, key: SettingKey, on: string): Promise<string> {
    return (await repo.settingOn(dbx, key, on))?.value ?? SETTING_KEYS[key].default;
  }

  /** Is the date a working day (not Sunday, not a holiday, not a 2nd/4th Saturday when configured)? */
  async function isWorkingDay(dbx: DbOrTx, date: string, holidaySet?: Set<string>): Promise<boolean> {
    const d = new Date(`${date}T00:00:00Z`);
    const dow = d.getUTCDay();
    if (dow === 0) return false;
    if (dow === 6 && (await settingOn(dbx, 'secondFourthSaturdayOff', date)) === 'true') {
      const nth = Math.ceil(d.getUTCDate() / 7);
      if (nth === 2 || nth === 4) return false;
    }
    const set = holidaySet ?? new Set((await repo.holidaysBetween(dbx, date, date)).map((h) => h.date));
    return !set.has(date);
  }

  async function addWorkingDays(dbx: DbOrTx, from: string, n: number): Promise<string> {
    const end = new Date(`${from}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + n * 3 + 14);
    const set = new Set((await repo.holidaysBetween(dbx, from, end.toISOString().slice(0, 10))).map((h) => h.date));
    const d = new Date(`${from}T00:00:00Z`);
    let left = n;
    while (left > 0) {
      d.setUTCDate(d.getUTCDate() + 1);
      if (await isWorkingDay(dbx, d.toISOString().slice(0, 10), set)) left--;
    }
    return d.toISOString().slice(0, 10);
  }

  return {
    today,
    settingOn,
    isWorkingDay,
    addWorkingDays,

    async listCharges(q: { kind?: 'FEE' | 'CHARGE'; head?: ChargeHead }) {
      const rows = await repo.listCharges(db);
      const stateOf = currentByKey(rows, (r) => r.head, today());
      return {
        chargeList: rows
          .filter((r) => (!q.head || r.head === q.head) && (!q.kind || CHARGE_HEAD_INFO[r.head as ChargeHead]?.kind === q.kind))
          .map((r) => mapCharge(r, stateOf(r))),
      };
    },

    async addCharge(actor: RequestUser, input: z.output<typeof chargeRateInputSchema>, meta: Meta) {
      notInPast('effectiveFrom', input.effectiveFrom, today());
      return inTransaction(db, async (tx) => {
        const row = await uniqueOr409(
          () => repo.insertCharge(tx, { ...input, remarks: input.remarks ?? null, createdBy: actor.id }),
          'effectiveFrom',
          'A value of this head already takes effect on that date.',
        );
        await record(tx, actor, 'CHARGE_ADDED', 'ChargeRate', row.id, null, row, meta);
        return mapCharge(row, row.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
      });
    },

    async updateCharge(actor: RequestUser, id: string, input: z.output<typeof chargeRateInputSchema>, meta: Meta) {
      notInPast('effectiveFrom', input.effectiveFrom, today());
      return inTransaction(db, async (tx) => {
        const before = await repo.findCharge(tx, id);
        if (!before) throw notFound('charge');
        onlyFuture(before.effectiveFrom, today(), 'value');
        if (input.head !== before.head) throw AppError.field('VALIDATION_FAILED', 'head', 'The head of a value cannot change.');
        const after = await uniqueOr409(
          () => repo.updateCharge(tx, id, { unit: input.unit, amount: input.amount, gstRatePercent: input.gstRatePercent, effectiveFrom: input.effectiveFrom, remarks: input.remarks ?? null }),
          'effectiveFrom',
          'A value of this head already takes effect on that date.',
        );
        await record(tx, actor, 'CHARGE_UPDATED', 'ChargeRate', id, before, after, meta);
        return mapCharge(after, after.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
      });
    },

    async deleteCharge(actor: RequestUser, id: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const before = await repo.findCharge(tx, id);
        if (!before) throw notFound('charge');
        onlyFuture(before.effectiveFrom, today(), 'value');
        await repo.deleteCharge(tx, id);
        await record(tx, actor, 'CHARGE_DELETED', 'ChargeRate', id, before, null, meta);
        return true;
      });
    },

    /**
     * The dues ledger: every domain raises its fees and charges here, inside its own transaction.
     * The amount comes from the value in force on `on`, with its GST line; the row keeps the rate it used.
     */
    async raiseDue(tx: Tx, input: RaiseDueInput): Promise<Due> {
      const rate = await repo.rateOn(tx, input.head, input.on);
      if (!rate) throw new AppError('BUSINESS_RULE', `No ${CHARGE_HEAD_INFO[input.head].label} is configured for ${input.on}.`);
      const base = amountPaise(rate.amount, input.quantity);
      const gst = gstPaise(base, rate.gstRatePercent);
      const dueDate = input.dueDate ?? (await addWorkingDays(tx, input.on, Number(await settingOn(tx, 'paymentDueWorkingDays', input.on))));
      const row = await uniqueOr409(
        () =>
          repo.insertDue(tx, {
            payerUserId: input.payerUserId,
            head: input.head,
            description: input.description,
            recordType: input.recordType,
            recordId: input.recordId,
            rateId: rate.id,
            quantity: input.quantity,
            rate: rate.amount,
            unit: rate.unit,
            baseAmountPaise: base,
            gstRatePercent: rate.gstRatePercent,
            gstAmountPaise: gst,
            totalPaise: base + gst,
            dueDate,
            createdAt: clock.now(),
          }),
        'head',
        'This due has already been raised for the record.',
      );
      await audit.record(tx, { actor: { id: null, role: 'SYSTEM' }, action: 'DUE_RAISED', entity: 'Due', entityId: row.id, after: mapDue(row) });
      return mapDue(row);
    },

    async findDues(actor: RequestUser, q: { pageNumber: number; pageSize: number; status?: string }) {
      const { rows, total } = await repo.findDues(db, actor.id, q);
      return { dueList: rows.map(mapDue), dataCount: total };
    },

    // ---- holidays ----
    async listHolidays(year?: number) {
      return { holidayList: (await repo.listHolidays(db, year)).map((h) => ({ id: h.id, date: h.date, description: h.description })) };
    },
    async addHoliday(actor: RequestUser, input: z.output<typeof holidayInputSchema>, meta: Meta) {
      notInPast('date', input.date, today());
      return inTransaction(db, async (tx) => {
        const row = await uniqueOr409(() => repo.insertHoliday(tx, input), 'date', 'A holiday on this date already exists.');
        await record(tx, actor, 'HOLIDAY_ADDED', 'Holiday', row.id, null, row, meta);
        return { id: row.id, date: row.date, description: row.description };
      });
    },
    async updateHoliday(actor: RequestUser, id: string, input: z.output<typeof holidayInputSchema>, meta: Meta) {
      notInPast('date', input.date, today());
      return inTransaction(db, async (tx) => {
        const before = await repo.findHoliday(tx, id);
        if (!before) throw notFound('holiday');
        onlyFuture(before.date, today(), 'holiday');
        const row = await uniqueOr409(() => repo.updateHoliday(tx, id, input), 'date', 'A holiday on this date already exists.');
        await record(tx, actor, 'HOLIDAY_UPDATED', 'Holiday', id, before, row, meta);
        return { id: row.id, date: row.date, description: row.description };
      });
    },
    async deleteHoliday(actor: RequestUser, id: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const before = await repo.findHoliday(tx, id);
        if (!before) throw notFound('holiday');
        onlyFuture(before.date, today(), 'holiday');
        await repo.deleteHoliday(tx, id);
        await record(tx, actor, 'HOLIDAY_DELETED', 'Holiday', id, before, null, meta);
        return true;
      });
    },

    // ---- SLDC bank details ----
    async listBankDetails() {
      const rows = await repo.listBankDetails(db);
      const stateOf = currentByKey(rows, () => 'bank', today());
      return { bankDetailList: rows.map((r) => mapBank(r, stateOf(r))) };
    },
    async addBankDetail(actor: RequestUser, input: z.output<typeof bankDetailInputSchema>, meta: Meta) {
      notInPast('effectiveFrom', input.effectiveFrom, today());
      return inTransaction(db, async (tx) => {
        const row = await uniqueOr409(() => repo.insertBankDetail(tx, input), 'effectiveFrom', 'Bank details already take effect on that date.');
        await record(tx, actor, 'BANK_DETAIL_ADDED', 'BankDetail', row.id, null, row, meta);
        return mapBank(row, row.effectiveFrom > today() ? 'FUTURE' : 'CURRENT');
      });
    },
    async updateBankDetail(actor: RequestUser, id: string, input: z.output<typeof bankDetailInputSchema>, meta: Meta) {
      notInPast('effectiveFrom', input.effectiveFrom, today());
      return inTransaction(db, async (tx) => {
        const before = await repo.findBankDetail(tx, id);
        if (!before) throw notFound('bank details');
        onlyFuture(before.effectiveFrom, today(), 'bank account');
        const row = await uniqueOr409(() => repo.updateBankDetail(tx, id, input), 'effectiveFrom', 'Bank details already take effect on that date.');
        await record(tx, actor, 'BANK_DETAIL_UPDATED', 'BankDetail', id, before, row, meta);
        return mapBank(row, 'FUTURE');
      });
    },
    async deleteBankDetail(actor: RequestUser, id: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const before = await repo.findBankDetail(tx, id);
        if (!before) throw notFound('bank details');
        onlyFuture(before.effectiveFrom, today(), 'bank account');
        await repo.deleteBankDetail(tx, id);
        await record(tx, actor, 'BANK_DETAIL_DELETED', 'BankDetail', id, before, null, meta);
        return true;
      });
    },

    // ---- operating rules ----
    async listSettings() {
      const rows = await repo.listSettings(db);
      const stateOf = currentByKey(rows, (r) => r.key, today());
      return {
        settingList: rows
          .filter((r) => r.key in SETTING_KEYS)
          .map((r) => ({ id: r.id, key: r.key as SettingKey, label: SETTING_KEYS[r.key as SettingKey].label, value: r.value, effectiveFrom: r.effectiveFrom, state: stateOf(r) })),
      };
    },
    async addSetting(actor: RequestUser, input: z.output<typeof settingInputSchema>, meta: Meta) {
      notInPast('effectiveFrom', input.effectiveFrom, today());
      validateSetting(input.key, input.value);
      return inTransaction(db, async (tx) => {
        const row = await uniqueOr409(() => repo.insertSetting(tx, input), 'effectiveFrom', 'A value of this rule already takes effect on that date.');
        await record(tx, actor, 'SETTING_ADDED', 'Setting', row.id, null, row, meta);
        return { id: row.id, key: input.key, label: SETTING_KEYS[input.key].label, value: row.value, effectiveFrom: row.effectiveFrom, state: row.effectiveFrom > today() ? ('FUTURE' as const) : ('CURRENT' as const) };
      });
    },
    async deleteSetting(actor: RequestUser, id: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const before = await repo.findSetting(tx, id);
        if (!before) throw notFound('rule value');
        onlyFuture(before.effectiveFrom, today(), 'rule value');
        await repo.deleteSetting(tx, id);
        await record(tx, actor, 'SETTING_DELETED', 'Setting', id, before, null, meta);
        return true;
      });
    },

    // ---- TRANSCO / DISCOM utilities ----
    async addUtility(actor: RequestUser, input: z.output<typeof utilityInputSchema>, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(transcoDiscom).values(input).returning();
        await record(tx, actor, 'UTILITY_ADDED', 'TranscoDiscom', row!.id, null, row, meta);
        return { id: row!.id, name: row!.name, type: row!.type, zone: row!.zone };
      });
    },
    async updateUtility(actor: RequestUser, id: string, input: z.output<typeof utilityInputSchema>, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const [before] = await tx.select().from(transcoDiscom).where(eq(transcoDiscom.id, id)).limit(1).for('update');
        if (!before) throw notFound('utility');
        if (before.type !== input.type) throw AppError.field('VALIDATION_FAILED', 'type', 'The type of a utility cannot change.');
        const [row] = await tx.update(transcoDiscom).set({ name: input.name, zone: input.zone, updatedAt: clock.now() }).where(eq(transcoDiscom.id, id)).returning();
        // The zone of a TRANSCO/DISCOM user is derived from the utility.
        if (before.zone !== input.zone) await tx.update(users).set({ zone: input.zone }).where(eq(users.utilityId, id));
        await record(tx, actor, 'UTILITY_UPDATED', 'TranscoDiscom', id, before, row, meta);
        return { id: row!.id, name: row!.name, type: row!.type, zone: row!.zone };
      });
    },
  };
}
export type ConfigurationService = ReturnType<typeof createConfigurationService>;

function mapBank(r: typeof bankDetails.$inferSelect, state: 'PAST' | 'CURRENT' | 'FUTURE') {
  return { id: r.id, bankName: r.bankName, accountName: r.accountName, accountNumber: r.accountNumber, ifsc: r.ifsc, branch: r.branch, effectiveFrom: r.effectiveFrom, state };
}

function validateSetting(key: SettingKey, value: string) {
  const bad = (m: string) => AppError.field('VALIDATION_FAILED', 'value', m);
  if (key === 'dayAheadCutoffTime') {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw bad('Enter a time as HH:mm');
  } else if (key === 'curtailmentOrder') {
    if (!isCurtailmentOrder(value)) throw bad('Enter ProRata, ReverseCategory or ReverseTimestamp');
  } else if (key === 'secondFourthSaturdayOff') {
    if (value !== 'true' && value !== 'false') throw bad('Enter true or false');
  } else if (key === 'bidTick' || key === 'minContractDemandMw') {
    if (!/^\d{1,6}(\.\d{1,4})?$/.test(value) || Number(value) <= 0) throw bad('Enter a positive number');
  } else if (!/^\d{1,3}$/.test(value)) {
    throw bad('Enter a whole number');
  } else if (key.startsWith('advanceCutoffDay') && Number(value) > 31) {
    throw bad('Enter a day of the month (0 = last day)');
  }
}
