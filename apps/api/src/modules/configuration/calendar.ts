import type { DbOrTx } from '../../platform/db/client';
import { configurationRepository as repo } from './configuration.repository';
import { settingOn } from './settings';

/** Working days (DOMAIN.md): not a Sunday, not a holiday, not a 2nd/4th Saturday when that rule is on. */

/** Is the date a working day (not Sunday, not a holiday, not a 2nd/4th Saturday when configured)? */
export async function isWorkingDay(dbx: DbOrTx, date: string, holidaySet?: Set<string>): Promise<boolean> {
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

/** The date `n` working days after `from`. */
export async function addWorkingDays(dbx: DbOrTx, from: string, n: number): Promise<string> {
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

/**
 * The working days after `from` up to and including `to` (0 when `to` is not after `from`): how many
 * working days late something done on `to` is for a deadline of `from` (late-payment interest, 0078).
 */
export async function workingDaysAfter(dbx: DbOrTx, from: string, to: string): Promise<number> {
  if (to <= from) return 0;
  const set = new Set((await repo.holidaysBetween(dbx, from, to)).map((h) => h.date));
  const d = new Date(`${from}T00:00:00Z`);
  let n = 0;
  for (;;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.toISOString().slice(0, 10);
    if (day > to) return n;
    if (await isWorkingDay(dbx, day, set)) n++;
  }
}
