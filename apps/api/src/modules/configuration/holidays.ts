import type { z } from 'zod';

import type { holidayInputSchema } from '@stoa/shared/configuration';
import { istDate } from '@stoa/shared/common';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { notFound } from '../../platform/errors';
import { type ConfigurationDeps, type Meta, recordChange } from './configuration.deps';
import { configurationRepository as repo } from './configuration.repository';
import { notInPast, onlyFuture, uniqueOr409 } from './effective-dates';

/** Holidays (not working days, calendar.ts): one per date; a past holiday is history. */

const DUPLICATE = 'A holiday on this date already exists.';
const toHoliday = (h: { id: string; date: string; description: string }) => ({ id: h.id, date: h.date, description: h.description });

export async function listHolidays(deps: Pick<ConfigurationDeps, 'db'>, year?: number) {
  return { holidayList: (await repo.listHolidays(deps.db, year)).map(toHoliday) };
}

export async function addHoliday(deps: ConfigurationDeps, actor: RequestUser, input: z.output<typeof holidayInputSchema>, meta: Meta) {
  notInPast('date', input.date, istDate(deps.clock.now()));
  return inTransaction(deps.db, async (tx) => {
    const row = await uniqueOr409(() => repo.insertHoliday(tx, input), 'date', DUPLICATE);
    await recordChange(deps, tx, actor, 'HOLIDAY_ADDED', 'Holiday', row.id, null, row, meta);
    return toHoliday(row);
  });
}

export async function updateHoliday(
  deps: ConfigurationDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof holidayInputSchema>,
  meta: Meta,
) {
  const today = () => istDate(deps.clock.now());
  notInPast('date', input.date, today());
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findHoliday(tx, id);
    if (!before) throw notFound('holiday');
    onlyFuture(before.date, today(), 'holiday');
    const row = await uniqueOr409(() => repo.updateHoliday(tx, id, input), 'date', DUPLICATE);
    await recordChange(deps, tx, actor, 'HOLIDAY_UPDATED', 'Holiday', id, before, row, meta);
    return toHoliday(row);
  });
}

export async function deleteHoliday(deps: ConfigurationDeps, actor: RequestUser, id: string, meta: Meta) {
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findHoliday(tx, id);
    if (!before) throw notFound('holiday');
    onlyFuture(before.date, istDate(deps.clock.now()), 'holiday');
    await repo.deleteHoliday(tx, id);
    await recordChange(deps, tx, actor, 'HOLIDAY_DELETED', 'Holiday', id, before, null, meta);
    return true;
  });
}
