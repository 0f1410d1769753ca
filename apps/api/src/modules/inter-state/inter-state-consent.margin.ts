/**
 * The inter-state margin a consent uses (decision 0068): the margin the SLDC uploaded for the
 * entity's connection point (read through the ATC repository), less what consents already took there,
 * and what a consent grants: the requested blocks, capped per span by the reduced MW.
 */
import {
  addDays,
  blockEndTime,
  blockStartTime,
  BLOCKS_PER_DAY,
  datesBetween,
  firstBlockOf,
  lastBlockOf,
  type ScheduleRowInput,
  timeToMinutes,
} from '@stoa/shared/applications';
import { centiToMw } from '@stoa/shared/common';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { marginFor } from '../atc/atc.repository';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';

const R = enInterStateConsent.rules;

/** Per date: the margin left at the point (null: none uploaded that day). */
export async function remainingMargin(
  db: DbOrTx,
  element: string,
  elementKey: string,
  dates: string[],
  exclude?: string,
): Promise<Map<string, Int32Array | null>> {
  const used = await repo.grantedOn(db, elementKey, dates, exclude);
  const out = new Map<string, Int32Array | null>();
  for (const date of dates) {
    const margin = await marginFor(db, 'InterState', date, element);
    if (!margin) {
      out.set(date, null);
      continue;
    }
    const u = used.get(date);
    const rem = new Int32Array(BLOCKS_PER_DAY);
    for (let b = 0; b < BLOCKS_PER_DAY; b++) rem[b] = Math.max(0, margin[b]! - (u?.[b] ?? 0));
    out.set(date, rem);
  }
  return out;
}

/**
 * The granted blocks per day: the requested, each reduction span capped at its MW. Every reduction is
 * checked (dates within the period, From Time before To Time, MW not above the largest requested block
 * of its span); the issues are returned on `reductions.{i}.{field}`.
 */
export function grantedOf(
  requested: Map<string, Int32Array>,
  reductions: readonly ScheduleRowInput[],
  period: { fromDate: string; toDate: string },
): { granted: Map<string, Int32Array>; issues: { fieldName: string; message: string }[] } {
  const granted = new Map([...requested].map(([d, b]) => [d, Int32Array.from(b)]));
  const issues: { fieldName: string; message: string }[] = [];
  reductions.forEach((r, i) => {
    const p = `reductions.${i}`;
    if (r.oaFromDate < period.fromDate || r.oaToDate > period.toDate || r.oaFromDate > r.oaToDate) {
      issues.push({ fieldName: `${p}.oaFromDate`, message: R.reductionOutside });
      return;
    }
    if (r.fromTimeBlock === '24:00' || r.toTimeBlock === '00:00' || timeToMinutes(r.fromTimeBlock) >= timeToMinutes(r.toTimeBlock)) {
      issues.push({ fieldName: `${p}.fromTimeBlock`, message: R.reductionTimes });
      return;
    }
    const first = firstBlockOf(r.fromTimeBlock) - 1;
    const last = lastBlockOf(r.toTimeBlock) - 1;
    let maxRequested = 0;
    for (const d of datesBetween(r.oaFromDate, r.oaToDate))
      for (let b = first; b <= last; b++) maxRequested = Math.max(maxRequested, requested.get(d)?.[b] ?? 0);
    if (r.requirementCenti > maxRequested) {
      issues.push({ fieldName: `${p}.oaRequirement`, message: R.reductionAbove(centiToMw(r.requirementCenti), centiToMw(maxRequested)) });
      return;
    }
    for (const d of datesBetween(r.oaFromDate, r.oaToDate)) {
      const g = granted.get(d);
      if (g) for (let b = first; b <= last; b++) g[b] = Math.min(g[b]!, r.requirementCenti);
    }
  });
  return { granted, issues };
}

/** Throws BUSINESS_RULE at the first block granted above the margin left (or on a day with no margin uploaded). */
export function assertWithinMargin(element: string, granted: Map<string, Int32Array>, remaining: Map<string, Int32Array | null>) {
  for (const [date, g] of granted) {
    if (!g.some((v) => v > 0)) continue;
    const rem = remaining.get(date);
    if (!rem) throw new AppError('BUSINESS_RULE', R.noMargin(element, date));
    for (let b = 0; b < BLOCKS_PER_DAY; b++)
      if (g[b]! > rem[b]!) throw new AppError('BUSINESS_RULE', R.marginShort(element, date, b + 1, centiToMw(rem[b]!)));
  }
}

/** Whether anything was granted below what was requested. */
export function isPartial(requested: Map<string, Int32Array>, granted: Map<string, Int32Array>): boolean {
  for (const [d, r] of requested) {
    const g = granted.get(d)!;
    for (let b = 0; b < BLOCKS_PER_DAY; b++) if (g[b]! < r[b]!) return true;
  }
  return false;
}

/** Equal-MW runs of each day's blocks as schedule rows (zero blocks left out): what the detail shows as consented. */
export function rowsOf(byDay: Map<string, ArrayLike<number>>) {
  const rows: { oaFromDate: string; oaToDate: string; fromTimeBlock: string; toTimeBlock: string; oaRequirement: string }[] = [];
  for (const [date, blocks] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let b = 0;
    while (b < BLOCKS_PER_DAY) {
      const v = blocks[b]!;
      let e = b;
      while (e + 1 < BLOCKS_PER_DAY && blocks[e + 1] === v) e++;
      if (v > 0)
        rows.push({
          oaFromDate: date,
          oaToDate: date,
          fromTimeBlock: blockStartTime(b + 1),
          toTimeBlock: blockEndTime(e + 1),
          oaRequirement: centiToMw(v),
        });
      b = e + 1;
    }
  }
  // Join a run repeated on consecutive days into one row.
  const joined: typeof rows = [];
  for (const r of rows) {
    const prev = joined.find(
      (p) =>
        p.fromTimeBlock === r.fromTimeBlock &&
        p.toTimeBlock === r.toTimeBlock &&
        p.oaRequirement === r.oaRequirement &&
        addDays(p.oaToDate, 1) === r.oaFromDate,
    );
    if (prev) prev.oaToDate = r.oaToDate;
    else joined.push({ ...r });
  }
  return joined;
}
