/**
 * Schedule rows of a STOA application (spec 001 §3 OA schedule row, §5 Schedule rows; DOMAIN.md §1,
 * §3): the 97-value time list, the row contract, MWh, the schedule rules with the specification's
 * messages and the per-day request layout stored by the API (the application windows are in
 * application-windows.ts). No I/O: the web and the API call the same code.
 *
 * Units: power in integer hundredths of a MW (centi-MW, common/units.ts); business dates are IST
 * calendar dates `YYYY-MM-DD`; block n covers minutes [(n−1)·15, n·15) of the day.
 */
import { z } from 'zod';

import { isIsoDate, displayDate } from '../forms/form.values';
import { en } from '../messages/en';
import { enApplications } from '../messages/en.applications';
import { centiBlocksToMwhUnits, formatMw, formatMwhUnits, MW_TEXT, mwTextToCenti, mwToCenti } from '../common/units';
import { BLOCKS_PER_DAY, datesBetween, daysInclusive, firstBlockOf, isTimeBlock, lastBlockOf, monthOf, timeToMinutes } from './time-blocks';
import type { PermittedRange } from './application-windows';

const M = enApplications.schedule;

/** Most rows one application may carry. */
export const MAX_SCHEDULE_ROWS = 100;

// ---- MWh -------------------------------------------------------------------------------------------

/** The fields of a schedule row that MWh depends on. */
export interface ScheduleSpan {
  oaFromDate: string;
  oaToDate: string;
  fromTimeBlock: string;
  toTimeBlock: string;
}

/** Centi-MW × 15-minute blocks of a schedule row (MW × blocks × days); null while the row is incomplete or inconsistent. */
export function scheduleRowCentiBlocks(row: ScheduleSpan & { oaRequirement: unknown }): number | null {
  const centi = mwTextToCenti(row.oaRequirement);
  if (
    centi === null ||
    !isIsoDate(row.oaFromDate) ||
    !isIsoDate(row.oaToDate) ||
    !isTimeBlock(row.fromTimeBlock) ||
    !isTimeBlock(row.toTimeBlock)
  )
    return null;
  const days = daysInclusive(row.oaFromDate, row.oaToDate);
  const blocks = lastBlockOf(row.toTimeBlock) - firstBlockOf(row.fromTimeBlock) + 1;
  if (days <= 0 || blocks <= 0) return null;
  return centi * blocks * days;
}

/**
 * MWh of a schedule row = days (inclusive) × hours per day × MW (spec 001 §5), exact: a block of
 * 0.01 MW is 0.0025 MWh. Null while the row is incomplete or inconsistent.
 */
export function scheduleRowMwh(row: ScheduleSpan & { oaRequirement: unknown }): string | null {
  const centiBlocks = scheduleRowCentiBlocks(row);
  return centiBlocks === null ? null : formatMwhUnits(centiBlocksToMwhUnits(centiBlocks));
}

/** Σ MWh of rows (exact, summed in ten-thousandths of a MWh), e.g. for a total line. */
export function totalMwh(rows: readonly (ScheduleSpan & { oaRequirement: unknown })[]): string {
  let units = 0;
  for (const row of rows) units += centiBlocksToMwhUnits(scheduleRowCentiBlocks(row) ?? 0);
  return formatMwhUnits(units);
}

// ---- the row contract ---------------------------------------------------------------------------

const scheduleDate = (label: string) => z.string({ error: `${label} is required` }).refine((v) => isIsoDate(v), en.validation.dateInvalid);
const scheduleTime = (label: string) => z.string({ error: `${label} is required` }).refine((v) => isTimeBlock(v), M.timeInvalid);

/** Requirement in MW: a string or number, ≥ 0, at most 2 decimals; normalised to its text. */
export const requirementSchema = z
  .union([z.string(), z.number()], { error: M.requirementRequired })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => v !== '', M.requirementRequired)
  .refine((v) => v === '' || MW_TEXT.test(v), M.requirementInvalid);

/**
 * One schedule row as the applicant sends it (spec 001 §3); `mwh` is computed and ignored on input.
 * The server receives the requirement read once into `requirementCenti` (decision 0027) beside its
 * text, which the schedule rules quote in their messages.
 */
export const scheduleRowInputSchema = z
  .object({
    oaFromDate: scheduleDate(enApplications.fields.oaFromDate),
    oaToDate: scheduleDate(enApplications.fields.oaToDate),
    fromTimeBlock: scheduleTime(enApplications.fields.fromTimeBlock),
    toTimeBlock: scheduleTime(enApplications.fields.toTimeBlock),
    oaRequirement: requirementSchema,
    mwh: z.unknown().optional(),
  })
  .transform((row) => ({ ...row, requirementCenti: mwToCenti(row.oaRequirement) }));
export type ScheduleRowInput = z.output<typeof scheduleRowInputSchema>;

/** A row's values while being validated (the web passes what the form holds so far). */
export interface ScheduleRowValues {
  oaFromDate?: unknown;
  oaToDate?: unknown;
  fromTimeBlock?: unknown;
  toTimeBlock?: unknown;
  oaRequirement?: unknown;
}

// ---- schedule rules -----------------------------------------------------------------------------

export interface ScheduleIssue {
  fieldName: string;
  message: string;
}

export interface ScheduleContext {
  /** The permitted range of the application's type now; omitted, dates are not range-checked. */
  range?: PermittedRange | null;
  /**
   * The approved remaining quantum (centi-MW) that limits a row, when limited (null or undefined:
   * not limited). Called only for rows whose dates, times and requirement are valid.
   */
  remaining?: (row: ScheduleSpan, index: number) => number | null | undefined;
  /** Field path of the rows in the payload (default 'scheduleList'). */
  path?: string;
}

interface CheckedRow extends ScheduleSpan {
  index: number;
  from: number;
  to: number;
}

/**
 * Every schedule rule of spec 001 §5 and DOMAIN.md §3, all issues at once, each on its field
 * (`scheduleList.{i}.{field}`; an overlap on the row, `scheduleList.{j}`, the later of the two):
 * dates and times from the lists, From before To (dates and times; 24:00 only as an end), dates in
 * the permitted range and its open months, From time not earlier than the permitted start, one
 * calendar month per application, no overlap of two rows in date and time, requirement at least
 * 1 MW and, when limited, at most the approved remaining quantum.
 */
export function validateSchedule(rows: readonly ScheduleRowValues[], ctx: ScheduleContext = {}): ScheduleIssue[] {
  const path = ctx.path ?? 'scheduleList';
  const issues: ScheduleIssue[] = [];
  const report = (fieldName: string, message: string) => issues.push({ fieldName, message });
  if (rows.length === 0) report(path, M.rowsRequired);
  if (rows.length > MAX_SCHEDULE_ROWS) report(path, M.tooManyRows(MAX_SCHEDULE_ROWS));
  const range = ctx.range ?? undefined;
  const checked: CheckedRow[] = [];
  let month: string | undefined;

  rows.forEach((row, index) => {
    const p = `${path}.${index}`;
    const fromDateOk = isIsoDate(row.oaFromDate);
    const toDateOk = isIsoDate(row.oaToDate);
    const fromDate = fromDateOk ? (row.oaFromDate as string) : '';
    const toDate = toDateOk ? (row.oaToDate as string) : '';
    const missing = (v: unknown) => v === undefined || v === null || v === '';
    if (!fromDateOk)
      report(`${p}.oaFromDate`, missing(row.oaFromDate) ? `${enApplications.fields.oaFromDate} is required` : en.validation.dateInvalid);
    if (!toDateOk)
      report(`${p}.oaToDate`, missing(row.oaToDate) ? `${enApplications.fields.oaToDate} is required` : en.validation.dateInvalid);

    let fromTimeOk = isTimeBlock(row.fromTimeBlock);
    let toTimeOk = isTimeBlock(row.toTimeBlock);
    if (!fromTimeOk) report(`${p}.fromTimeBlock`, M.timeInvalid);
    else if (row.fromTimeBlock === '24:00') {
      report(`${p}.fromTimeBlock`, M.endOnly);
      fromTimeOk = false;
    }
    if (!toTimeOk) report(`${p}.toTimeBlock`, M.timeInvalid);
    else if (row.toTimeBlock === '00:00') {
      report(`${p}.toTimeBlock`, M.startOnly);
      toTimeOk = false;
    }
    const fromTime = row.fromTimeBlock as string;
    const toTime = row.toTimeBlock as string;

    let datesOk = fromDateOk && toDateOk;
    if (datesOk && fromDate > toDate) {
      report(`${p}.oaFromDate`, M.fromDateAfterToDate);
      datesOk = false;
    }
    let timesOk = fromTimeOk && toTimeOk;
    if (timesOk && timeToMinutes(fromTime) >= timeToMinutes(toTime)) {
      report(`${p}.fromTimeBlock`, M.fromTimeNotBeforeToTime);
      timesOk = false;
    }

    if (range) {
      const outside = (d: string) => d < range.fromDate || d > range.toDate;
      const rangeMessage = M.dateOutOfRange(displayDate(range.fromDate), displayDate(range.toDate));
      let inRange = true;
      if (fromDateOk && outside(fromDate)) {
        report(`${p}.oaFromDate`, rangeMessage);
        inRange = false;
      }
      if (toDateOk && outside(toDate)) {
        report(`${p}.oaToDate`, rangeMessage);
        inRange = false;
      }
      if (inRange && fromDateOk && !range.months.includes(monthOf(fromDate))) report(`${p}.oaFromDate`, M.monthNotOpen);
      if (fromDateOk && fromTimeOk && fromDate === range.fromDate && timeToMinutes(fromTime) < timeToMinutes(range.earliestStart)) {
        report(`${p}.fromTimeBlock`, M.earlierThanPermitted(range.earliestStart, displayDate(range.fromDate)));
      }
    }

    if (datesOk) {
      month ??= monthOf(fromDate);
      if (monthOf(fromDate) !== month || monthOf(toDate) !== month) report(`${p}.oaToDate`, M.oneMonth);
    }

    const centi = mwTextToCenti(row.oaRequirement);
    const raw = row.oaRequirement;
    if (centi === null) {
      report(
        `${p}.oaRequirement`,
        raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') ? M.requirementRequired : M.requirementInvalid,
      );
    } else if (centi < 100) {
      report(`${p}.oaRequirement`, M.lessThanOne(formatMw(centi)));
    } else if (datesOk && timesOk && ctx.remaining) {
      const limit = ctx.remaining({ oaFromDate: fromDate, oaToDate: toDate, fromTimeBlock: fromTime, toTimeBlock: toTime }, index);
      if (limit !== null && limit !== undefined && centi > limit)
        report(`${p}.oaRequirement`, M.moreThanApproved(formatMw(centi), formatMw(Math.max(limit, 0))));
    }

    if (datesOk && timesOk) {
      checked.push({
        index,
        oaFromDate: fromDate,
        oaToDate: toDate,
        fromTimeBlock: fromTime,
        toTimeBlock: toTime,
        from: timeToMinutes(fromTime),
        to: timeToMinutes(toTime),
      });
    }
  });

  for (let j = 1; j < checked.length; j++) {
    const b = checked[j]!;
    const clash = checked
      .slice(0, j)
      .some((a) => a.oaFromDate <= b.oaToDate && b.oaFromDate <= a.oaToDate && a.from < b.to && b.from < a.to);
    if (clash) report(`${path}.${b.index}`, M.overlap);
  }
  return issues;
}

// ---- stored layout ------------------------------------------------------------------------------

/** First and last date and the calendar month of valid rows (the application's span). */
export function scheduleSpanOf(rows: readonly ScheduleSpan[]): { fromDate: string; toDate: string; month: string } {
  if (rows.length === 0) throw new RangeError('A schedule has at least one row');
  let fromDate = rows[0]!.oaFromDate;
  let toDate = rows[0]!.oaToDate;
  for (const r of rows) {
    if (r.oaFromDate < fromDate) fromDate = r.oaFromDate;
    if (r.oaToDate > toDate) toDate = r.oaToDate;
  }
  return { fromDate, toDate, month: monthOf(fromDate) };
}

/**
 * The requested centi-MW of each date of valid rows: one Int32Array(96) per date, block 1 at index
 * 0 (the API stores one row per application-day, ARCHITECTURE.md §4, §11). Rows on the same date
 * add up (validated rows never overlap).
 */
export function requestedByDay(rows: readonly (ScheduleSpan & { requirementCenti: number })[]): Map<string, Int32Array> {
  const days = new Map<string, Int32Array>();
  for (const row of rows) {
    const centi = row.requirementCenti;
    const first = firstBlockOf(row.fromTimeBlock) - 1;
    const last = lastBlockOf(row.toTimeBlock) - 1;
    for (const date of datesBetween(row.oaFromDate, row.oaToDate)) {
      let blocks = days.get(date);
      if (!blocks) {
        blocks = new Int32Array(BLOCKS_PER_DAY);
        days.set(date, blocks);
      }
      for (let b = first; b <= last; b++) blocks[b] = blocks[b]! + centi;
    }
  }
  return new Map([...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The remaining quantum over a row's dates and blocks (DOMAIN.md §3): the registered quantum minus
 * what is already held in each block (`heldByDay`: date → Int32Array(96) of centi-MW), the least of
 * them, never below 0.
 */
export function remainingQuantum(quantumCenti: number, heldByDay: ReadonlyMap<string, Int32Array>, row: ScheduleSpan): number {
  const first = firstBlockOf(row.fromTimeBlock) - 1;
  const last = lastBlockOf(row.toTimeBlock) - 1;
  let maxHeld = 0;
  for (const date of datesBetween(row.oaFromDate, row.oaToDate)) {
    const held = heldByDay.get(date);
    if (!held) continue;
    for (let b = first; b <= last; b++) if (held[b]! > maxHeld) maxHeld = held[b]!;
  }
  return Math.max(quantumCenti - maxHeld, 0);
}
