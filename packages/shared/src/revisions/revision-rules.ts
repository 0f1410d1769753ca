/**
 * Schedule revisions as pure functions (DOMAIN.md §3, DOMAIN-REFERENCE.md §6, decision 0013): the
 * effective block of a request made now, the validation of a requested revision against the current
 * granted schedule (downward only, nothing before the effective block, within the application's
 * period) and the charge effect of an approved one. No I/O: the web and the API call the same code.
 *
 * Units as in schedule.ts: centi-MW integers, IST calendar dates, blocks 1…96 (index 0…95 in arrays).
 */
import { displayDate, isIsoDate } from '../forms/form.values';
import { en } from '../messages/en';
import { enApplications } from '../messages/en.applications';
import { enRevisions } from '../messages/en.revisions';
import {
  addDays,
  BLOCKS_PER_DAY,
  blockStartTime,
  datesBetween,
  firstBlockOf,
  istClock,
  isTimeBlock,
  lastBlockOf,
  MINUTES_PER_BLOCK,
  timeToMinutes,
} from '../applications/time-blocks';
import { formatMw, mwTextToCenti } from '../common/units';

const R = enRevisions.rules;
const S = enApplications.schedule;

/** Most rows one revision request may carry. */
export const MAX_REVISION_ROWS = 50;
/** Charges stay payable on the original schedule for 2 days (or the remaining period, if less). */
export const REVISION_RETAINED_BLOCKS = 2 * BLOCKS_PER_DAY;
/** Default of the `revisionLeadBlocks` setting: the 4th block counting the request's block as the 1st. */
export const DEFAULT_REVISION_LEAD_BLOCKS = 4;

/** A block of a date. */
export interface BlockPoint {
  date: string;
  /** 1…96 */
  block: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** A block's position on one line over all dates (compare points with it). */
export function absoluteBlock(p: BlockPoint): number {
  return dayNumber(p.date) * BLOCKS_PER_DAY + p.block - 1;
}

/** The block (IST) an instant falls in. */
export function requestBlockOf(now: Date): BlockPoint {
  const { date, msOfDay } = istClock(now);
  return { date, block: Math.floor(msOfDay / (MINUTES_PER_BLOCK * 60_000)) + 1 };
}

/**
 * The first block a revision requested at `now` may change: the `leadBlocks`-th block counting the
 * request's block as the 1st (setting `revisionLeadBlocks`, 4: a request at 10:07, block 41, takes
 * effect from block 44, 10:45). Past the day's last block it carries over to the next day, so a
 * request late in the day can change nothing of that day.
 */
export function effectiveBlockOf(now: Date, leadBlocks: number): BlockPoint {
  const request = requestBlockOf(now);
  const abs = absoluteBlock(request) + Math.max(leadBlocks, 1) - 1;
  const day = Math.floor(abs / BLOCKS_PER_DAY);
  const daysAhead = day - dayNumber(request.date);
  return { date: addDays(request.date, daysAhead), block: (abs % BLOCKS_PER_DAY) + 1 };
}

/** A revision row as the applicant sends it (the web passes what the form holds so far). */
export interface RevisionRowValues {
  oaFromDate?: unknown;
  oaToDate?: unknown;
  fromTimeBlock?: unknown;
  toTimeBlock?: unknown;
  revisedRequirement?: unknown;
}

export interface RevisionIssue {
  fieldName: string;
  message: string;
}

export interface RevisionContext {
  /** The first block that may change (effectiveBlockOf). */
  effective: BlockPoint;
  /** The application's first and last scheduled date. */
  fromDate: string;
  toDate: string;
  /** The granted centi-MW per date now (the current version); a missing date counts as 0. */
  current: ReadonlyMap<string, ArrayLike<number>>;
  /** Field path of the rows (default 'revisionList'). */
  path?: string;
}

export interface RevisionCheck {
  issues: RevisionIssue[];
  /** The revised granted values of every date a valid row touches (copies of the current with the rows applied). */
  revised: Map<string, Int32Array>;
  /** Whether some block actually goes down. */
  changed: boolean;
}

interface Span {
  index: number;
  fromDate: string;
  toDate: string;
  first: number;
  last: number;
  centi: number;
}

/**
 * Every rule of a revision, all issues at once, each on its field (`revisionList.{i}.{field}`): dates
 * and times from the lists, From before To, dates within the application's period, the first block
 * not before the effective block, no two rows overlapping, a revised value that is a plain MW value
 * and, block by block, not above the current granted value (downward only: an upward revision is a
 * new application), and at least one block going down.
 */
export function checkRevision(rows: readonly RevisionRowValues[], ctx: RevisionContext): RevisionCheck {
  const path = ctx.path ?? 'revisionList';
  const issues: RevisionIssue[] = [];
  const report = (fieldName: string, message: string) => issues.push({ fieldName, message });
  if (rows.length === 0) report(path, R.rowsRequired);
  if (rows.length > MAX_REVISION_ROWS) report(path, R.tooManyRows(MAX_REVISION_ROWS));
  const effectiveAbs = absoluteBlock(ctx.effective);
  const spans: Span[] = [];

  rows.forEach((row, index) => {
    const p = `${path}.${index}`;
    const missing = (v: unknown) => v === undefined || v === null || v === '';
    const fromDateOk = isIsoDate(row.oaFromDate);
    const toDateOk = isIsoDate(row.oaToDate);
    if (!fromDateOk)
      report(`${p}.oaFromDate`, missing(row.oaFromDate) ? `${enRevisions.fields.oaFromDate} is required` : en.validation.dateInvalid);
    if (!toDateOk)
      report(`${p}.oaToDate`, missing(row.oaToDate) ? `${enRevisions.fields.oaToDate} is required` : en.validation.dateInvalid);
    let fromTimeOk = isTimeBlock(row.fromTimeBlock);
    let toTimeOk = isTimeBlock(row.toTimeBlock);
    if (!fromTimeOk) report(`${p}.fromTimeBlock`, S.timeInvalid);
    else if (row.fromTimeBlock === '24:00') {
      report(`${p}.fromTimeBlock`, S.endOnly);
      fromTimeOk = false;
    }
    if (!toTimeOk) report(`${p}.toTimeBlock`, S.timeInvalid);
    else if (row.toTimeBlock === '00:00') {
      report(`${p}.toTimeBlock`, S.startOnly);
      toTimeOk = false;
    }
    const fromDate = row.oaFromDate as string;
    const toDate = row.oaToDate as string;
    let ok = fromDateOk && toDateOk && fromTimeOk && toTimeOk;
    if (fromDateOk && toDateOk && fromDate > toDate) {
      report(`${p}.oaFromDate`, S.fromDateAfterToDate);
      ok = false;
    }
    if (fromTimeOk && toTimeOk && timeToMinutes(row.fromTimeBlock as string) >= timeToMinutes(row.toTimeBlock as string)) {
      report(`${p}.fromTimeBlock`, S.fromTimeNotBeforeToTime);
      ok = false;
    }
    const period = R.outsidePeriod(displayDate(ctx.fromDate), displayDate(ctx.toDate));
    if (fromDateOk && (fromDate < ctx.fromDate || fromDate > ctx.toDate)) {
      report(`${p}.oaFromDate`, period);
      ok = false;
    }
    if (toDateOk && (toDate < ctx.fromDate || toDate > ctx.toDate)) {
      report(`${p}.oaToDate`, period);
      ok = false;
    }
    const centi = mwTextToCenti(row.revisedRequirement);
    if (centi === null) {
      report(
        `${p}.revisedRequirement`,
        missing(row.revisedRequirement) || (typeof row.revisedRequirement === 'string' && row.revisedRequirement.trim() === '')
          ? S.requirementRequired
          : S.requirementInvalid,
      );
      ok = false;
    }
    if (!ok) return;
    const first = firstBlockOf(row.fromTimeBlock as string);
    const last = lastBlockOf(row.toTimeBlock as string);
    if (absoluteBlock({ date: fromDate, block: first }) < effectiveAbs) {
      const field = fromDate < ctx.effective.date ? `${p}.oaFromDate` : `${p}.fromTimeBlock`;
      report(field, R.beforeEffective(blockStartTime(ctx.effective.block), displayDate(ctx.effective.date)));
      return;
    }
    spans.push({ index, fromDate, toDate, first, last, centi: centi! });
  });

  // Overlaps: reported on the later row of the two.
  const clean: Span[] = [];
  for (const b of spans) {
    if (clean.some((a) => a.fromDate <= b.toDate && b.fromDate <= a.toDate && a.first <= b.last && b.first <= a.last))
      report(`${path}.${b.index}`, R.overlap);
    else clean.push(b);
  }

  const revised = new Map<string, Int32Array>();
  let changed = false;
  for (const s of clean) {
    let upward: string | undefined;
    for (const date of datesBetween(s.fromDate, s.toDate)) {
      let day = revised.get(date);
      if (!day) {
        day = Int32Array.from(ctx.current.get(date) ?? new Int32Array(BLOCKS_PER_DAY));
        revised.set(date, day);
      }
      const cur = ctx.current.get(date);
      for (let b = s.first; b <= s.last; b++) {
        const now = cur?.[b - 1] ?? 0;
        if (s.centi > now) {
          upward ??= R.upward(formatMw(s.centi), formatMw(now), displayDate(date), blockStartTime(b));
          continue;
        }
        if (s.centi < now) changed = true;
        day[b - 1] = s.centi;
      }
    }
    if (upward) report(`${path}.${s.index}.revisedRequirement`, upward);
  }
  if (issues.length === 0 && rows.length > 0 && !changed) report(path, R.noChange);
  return { issues, revised, changed };
}

/** Whether some block at or after `effective` still has a granted value above 0 (something left to revise). */
export function hasRevisableBlocks(current: ReadonlyMap<string, ArrayLike<number>>, effective: BlockPoint): boolean {
  const from = absoluteBlock(effective);
  for (const [date, blocks] of current) {
    for (let b = 1; b <= BLOCKS_PER_DAY; b++) {
      if ((blocks[b - 1] ?? 0) > 0 && absoluteBlock({ date, block: b }) >= from) return true;
    }
  }
  return false;
}

/** The charge effect of a downward revision, in centi-MW × blocks (centiBlocksToMwh turns them into MWh). */
export interface RevisionEffect {
  /** Σ of the reduction over every block. */
  reducedCentiBlocks: number;
  /** Reduction within min(2 days, remaining period) from the effective block: its charges stay payable. */
  retainedCentiBlocks: number;
  /** Reduction after that: its transmission charges are no longer payable (refundable if paid). */
  releasedCentiBlocks: number;
}

/**
 * DOMAIN.md §3: a downward revision keeps the transmission charges of the original schedule for
 * min(2 days, remaining period) from the effective block; the rest of the reduction is released.
 * (The remaining period ends with the schedule, so a window of 2 days from the effective block,
 * cut at the schedule's end, is that minimum.)
 */
export function revisionEffect(
  before: ReadonlyMap<string, ArrayLike<number>>,
  after: ReadonlyMap<string, ArrayLike<number>>,
  effective: BlockPoint,
  retainedBlocks = REVISION_RETAINED_BLOCKS,
): RevisionEffect {
  let reduced = 0;
  let retained = 0;
  forEachRevisionCut(before, after, effective, retainedBlocks, (_date, _block, cut, isRetained) => {
    reduced += cut;
    if (isRetained) retained += cut;
  });
  return { reducedCentiBlocks: reduced, retainedCentiBlocks: retained, releasedCentiBlocks: reduced - retained };
}

/**
 * Every block a downward revision cut (before − after > 0, centi-MW), with whether it lies within
 * min(2 days, remaining period) from the effective block (its charges retained) — the one walk
 * behind `revisionEffect` and the released cuts a refund is priced on.
 */
export function forEachRevisionCut(
  before: ReadonlyMap<string, ArrayLike<number>>,
  after: ReadonlyMap<string, ArrayLike<number>>,
  effective: BlockPoint,
  retainedBlocks: number,
  visit: (date: string, block: number, cut: number, retained: boolean) => void,
): void {
  const start = absoluteBlock(effective);
  for (const [date, next] of after) {
    const prev = before.get(date);
    for (let b = 1; b <= BLOCKS_PER_DAY; b++) {
      const cut = (prev?.[b - 1] ?? 0) - (next[b - 1] ?? 0);
      if (cut <= 0) continue;
      visit(date, b, cut, absoluteBlock({ date, block: b }) < start + retainedBlocks);
    }
  }
}

/** The released part of a revision's cut per date (96 centi-MW values each; dates with nothing released left out). */
export function releasedCuts(
  before: ReadonlyMap<string, ArrayLike<number>>,
  after: ReadonlyMap<string, ArrayLike<number>>,
  effective: BlockPoint,
  retainedBlocks = REVISION_RETAINED_BLOCKS,
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  forEachRevisionCut(before, after, effective, retainedBlocks, (date, block, cut, retained) => {
    if (retained) return;
    const day = out.get(date) ?? new Array<number>(BLOCKS_PER_DAY).fill(0);
    day[block - 1] = cut;
    out.set(date, day);
  });
  return out;
}

/** One block whose value differs between two versions. */
export interface BlockDifference {
  date: string;
  block: number;
  before: number;
  after: number;
  /** after − before (negative for a reduction). */
  difference: number;
}

/** The blocks whose values differ between two versions of a schedule, by date and block. */
export function scheduleDifference(
  before: ReadonlyMap<string, ArrayLike<number>>,
  after: ReadonlyMap<string, ArrayLike<number>>,
): BlockDifference[] {
  const dates = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: BlockDifference[] = [];
  for (const date of dates) {
    const a = before.get(date);
    const b = after.get(date);
    for (let block = 1; block <= BLOCKS_PER_DAY; block++) {
      const x = a?.[block - 1] ?? 0;
      const y = b?.[block - 1] ?? 0;
      if (x !== y) out.push({ date, block, before: x, after: y, difference: y - x });
    }
  }
  return out;
}
