import { amountPaise, gstPaise } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO, type ChargeHead, type Due } from '@stoa/shared/configuration';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { addWorkingDays } from './calendar';
import type { ConfigurationDeps } from './configuration.deps';
import { mapDue } from './configuration.mapper';
import { configurationRepository as repo } from './configuration.repository';
import { uniqueOr409 } from './effective-dates';
import { settingOn } from './settings';

/** The dues ledger: every domain raises its fees and charges here; a payer lists its own. */

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
  /**
   * When the quantity depends on the unit of the rate in force (e.g. kWh or MW-days of a
   * transmission charge): the quantity to record and the exact base amount in paise.
   */
  priced?: (rate: { amount: string; unit: string }) => { quantity: string; basePaise: number };
}

/**
 * Raises a due inside the caller's transaction. The amount comes from the value in force on `on`,
 * with its GST line; the row keeps the rate it used. One due per head and record (409 otherwise).
 */
export async function raiseDue(deps: Pick<ConfigurationDeps, 'clock' | 'audit'>, tx: Tx, input: RaiseDueInput): Promise<Due> {
  const rate = await repo.rateOn(tx, input.head, input.on);
  if (!rate) throw new AppError('BUSINESS_RULE', `No ${CHARGE_HEAD_INFO[input.head].label} is configured for ${input.on}.`);
  const priced = input.priced?.({ amount: rate.amount, unit: rate.unit });
  const quantity = priced?.quantity ?? input.quantity;
  const base = priced?.basePaise ?? amountPaise(rate.amount, quantity);
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
        quantity,
        rate: rate.amount,
        unit: rate.unit,
        baseAmountPaise: base,
        gstRatePercent: rate.gstRatePercent,
        gstAmountPaise: gst,
        totalPaise: base + gst,
        dueDate,
        createdAt: deps.clock.now(),
      }),
    'head',
    'This due has already been raised for the record.',
  );
  await deps.audit.record(tx, {
    actor: { id: null, role: 'SYSTEM' },
    action: 'DUE_RAISED',
    entity: 'Due',
    entityId: row.id,
    after: mapDue(row),
  });
  return mapDue(row);
}

/** The signed-in payer's dues, newest first, one page. */
export async function findDues(
  deps: Pick<ConfigurationDeps, 'db'>,
  actor: RequestUser,
  q: { pageNumber: number; pageSize: number; status?: string },
) {
  const { rows, total } = await repo.findDues(deps.db, actor.id, q);
  return { dueList: rows.map(mapDue), dataCount: total };
}
