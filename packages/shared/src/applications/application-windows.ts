/**
 * The application windows of each type (DOMAIN.md §3) as pure functions of (now, settings): which
 * dates an application of a type may cover when it is filed now. No I/O: the web and the API call
 * the same code.
 */
import type { ApplicationType } from './applications.workflow';
import {
  BLOCKS_PER_DAY,
  MS_PER_BLOCK,
  addDays,
  addMonths,
  blockStartTime,
  firstDayOfMonth,
  istClock,
  lastDayOfMonth,
  monthOf,
} from './time-blocks';

// ---- application windows ------------------------------------------------------------------------

/** The settings keys (configuration, effective-dated) the windows read. */
export const WINDOW_SETTING_KEYS = [
  'advanceCutoffDayMonth1',
  'advanceCutoffDayMonth2',
  'advanceCutoffDayMonth3',
  'fcfsMinLeadDays',
  'dayAheadWindowOpenDays',
  'dayAheadCutoffTime',
  'contingencyLeadBlocks',
] as const;
export type WindowSettingKey = (typeof WINDOW_SETTING_KEYS)[number];

export interface WindowSettings {
  /** Cut-off day in month M for months M+1, M+2, M+3 (0 or beyond the month's end = its last day). */
  advanceCutoffDays: readonly [number, number, number];
  fcfsMinLeadDays: number;
  dayAheadWindowOpenDays: number;
  /** Minutes after IST midnight of D−1 at which the day-ahead window for D closes. */
  dayAheadCutoffMinutes: number;
  /** Same-day contingency: the schedule may start from this block counting the current block as the 1st. */
  contingencyLeadBlocks: number;
}

/** Parses the settings values (strings as configured) into window settings. */
export function windowSettingsFrom(values: Record<WindowSettingKey, string>): WindowSettings {
  const int = (key: WindowSettingKey) => {
    const n = Number(values[key]);
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Setting ${key} is not a whole number: '${values[key]}'`);
    return n;
  };
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(values.dayAheadCutoffTime);
  if (!time) throw new RangeError(`Setting dayAheadCutoffTime is not HH:mm: '${values.dayAheadCutoffTime}'`);
  return {
    advanceCutoffDays: [int('advanceCutoffDayMonth1'), int('advanceCutoffDayMonth2'), int('advanceCutoffDayMonth3')],
    fcfsMinLeadDays: int('fcfsMinLeadDays'),
    dayAheadWindowOpenDays: int('dayAheadWindowOpenDays'),
    dayAheadCutoffMinutes: Number(time[1]) * 60 + Number(time[2]),
    contingencyLeadBlocks: int('contingencyLeadBlocks'),
  };
}

/** The defaults of DOMAIN.md §3 (what the configuration is seeded with). */
export const DEFAULT_WINDOW_SETTINGS: WindowSettings = {
  advanceCutoffDays: [20, 25, 0],
  fcfsMinLeadDays: 4,
  dayAheadWindowOpenDays: 3,
  dayAheadCutoffMinutes: 15 * 60,
  contingencyLeadBlocks: 4,
};

/** Where the schedule of an application made now may lie. */
export interface PermittedRange {
  type: ApplicationType;
  /** First and last permitted dates (IST). */
  fromDate: string;
  toDate: string;
  /** Calendar months (YYYY-MM) a schedule may fall in; an application lies within one of them. */
  months: string[];
  /** The earliest From time on `fromDate` ('00:00' when the whole day is open). */
  earliestStart: string;
}

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(from); m <= monthOf(to); m = addMonths(m, 1)) out.push(m);
  return out;
}

const span = (type: ApplicationType, fromDate: string, toDate: string, earliestStart = '00:00'): PermittedRange | null =>
  fromDate > toDate ? null : { type, fromDate, toDate, months: monthsBetween(fromDate, toDate), earliestStart };

/**
 * The permitted range of an application of `type` made at `now` (DOMAIN.md §3 windows), or null
 * when the type is closed now:
 * - Advance: months 2–4 (the month of application is the 1st); month M+k is open up to and
 *   including its cut-off day in month M (end of that day IST).
 * - FCFS: a start at least `fcfsMinLeadDays` days after today, within the month of application.
 * - DayAhead: day D from D−`dayAheadWindowOpenDays` 00:00 until the cut-off time of D−1 (exclusive).
 * - ContingencyDayAhead: D = tomorrow, from today's day-ahead cut-off on.
 * - ContingencySameDay: today, starting at the `contingencyLeadBlocks`-th block counting the
 *   current block as the 1st (closed once that is past the last block).
 */
export function permittedRange(type: ApplicationType, now: Date, s: WindowSettings): PermittedRange | null {
  const { date: today, msOfDay } = istClock(now);
  const month = monthOf(today);
  const afterCutoff = msOfDay >= s.dayAheadCutoffMinutes * 60_000;
  switch (type) {
    case 'Advance': {
      const lastDay = Number(lastDayOfMonth(month).slice(8));
      const day = Number(today.slice(8));
      const open = s.advanceCutoffDays.flatMap((cutoff, k) => {
        const cutoffDay = cutoff <= 0 || cutoff > lastDay ? lastDay : cutoff;
        return day <= cutoffDay ? [addMonths(month, k + 1)] : [];
      });
      if (open.length === 0) return null;
      return {
        type,
        fromDate: firstDayOfMonth(open[0]!),
        toDate: lastDayOfMonth(open[open.length - 1]!),
        months: open,
        earliestStart: '00:00',
      };
    }
    case 'FCFS':
      return span(type, addDays(today, s.fcfsMinLeadDays), lastDayOfMonth(month));
    case 'DayAhead':
      return span(type, addDays(today, afterCutoff ? 2 : 1), addDays(today, s.dayAheadWindowOpenDays));
    case 'ContingencyDayAhead':
      return afterCutoff ? span(type, addDays(today, 1), addDays(today, 1)) : null;
    case 'ContingencySameDay': {
      const current = Math.floor(msOfDay / MS_PER_BLOCK) + 1;
      const earliest = current + Math.max(s.contingencyLeadBlocks, 1) - 1;
      return earliest > BLOCKS_PER_DAY ? null : span(type, today, today, blockStartTime(earliest));
    }
  }
}
