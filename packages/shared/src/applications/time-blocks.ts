/**
 * Time blocks and calendar dates of schedules (spec 001 §3, §5; DOMAIN.md §1): the 97-value time list,
 * 15-minute block numbers and their times, IST calendar-date arithmetic (`YYYY-MM-DD`, no time zone)
 * and the IST clock. Block n covers minutes [(n−1)·15, n·15) of the day. Pure functions.
 */

export const BLOCKS_PER_DAY = 96;
export const MINUTES_PER_BLOCK = 15;
const MS_PER_DAY = 86_400_000;
export const MS_PER_BLOCK = MINUTES_PER_BLOCK * 60_000;
const IST_OFFSET_MS = 330 * 60_000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' of a number of minutes since midnight (1440 → '24:00'). */
export function minutesToTime(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** The time list: 97 values '00:00', '00:15', … '24:00' (spec 001 §3, §9). */
export const TIME_BLOCKS: readonly string[] = Array.from({ length: BLOCKS_PER_DAY + 1 }, (_, i) => minutesToTime(i * MINUTES_PER_BLOCK));
/** Values a From time may take ('00:00' … '23:45'). */
export const FROM_TIME_BLOCKS: readonly string[] = TIME_BLOCKS.slice(0, BLOCKS_PER_DAY);
/** Values a To time may take ('00:15' … '24:00'; 24:00 only as an end). */
export const TO_TIME_BLOCKS: readonly string[] = TIME_BLOCKS.slice(1);

const TIME_INDEX = new Map(TIME_BLOCKS.map((t, i) => [t, i]));

export function isTimeBlock(value: unknown): value is string {
  return typeof value === 'string' && TIME_INDEX.has(value);
}

/** Minutes since midnight of a value of the time list; throws a RangeError for anything else. */
export function timeToMinutes(time: string): number {
  const i = TIME_INDEX.get(time);
  if (i === undefined) throw new RangeError(`Not a time of the 15-minute list: '${time}'`);
  return i * MINUTES_PER_BLOCK;
}

/** The block (1…96) that starts at a From time: '00:00' → 1, '23:45' → 96. */
export function firstBlockOf(fromTime: string): number {
  return timeToMinutes(fromTime) / MINUTES_PER_BLOCK + 1;
}

/** The last block (1…96) of a range ending at a To time: '00:15' → 1, '24:00' → 96. */
export function lastBlockOf(toTime: string): number {
  return timeToMinutes(toTime) / MINUTES_PER_BLOCK;
}

/** The From time of a block (1 → '00:00'). */
export function blockStartTime(block: number): string {
  return minutesToTime((block - 1) * MINUTES_PER_BLOCK);
}

/** The To time of a block (96 → '24:00'). */
export function blockEndTime(block: number): string {
  return minutesToTime(block * MINUTES_PER_BLOCK);
}

// ---- calendar dates (YYYY-MM-DD, no time zone) -------------------------------------------------

const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * MS_PER_DAY);
}

/** Days from `from` to `to`, both included (1 for the same day; ≤ 0 when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / MS_PER_DAY) + 1;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** 'YYYY-MM' plus `n` months. */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${pad2((total % 12) + 1)}`;
}

export const firstDayOfMonth = (month: string) => `${month}-01`;

export function lastDayOfMonth(month: string): string {
  return fromUtc(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
}

/** The IST calendar date of an instant and the milliseconds elapsed since IST midnight. */
export function istClock(now: Date): { date: string; msOfDay: number } {
  const ist = now.getTime() + IST_OFFSET_MS;
  const msOfDay = ((ist % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return { date: fromUtc(ist - msOfDay), msOfDay };
}
