import { blockEndTime, blockStartTime } from '@stoa/shared/applications';
import { centiToMw, mwToCenti } from '@stoa/shared/common';

/** The page of a revision: `/revision/{revisionId}/{applicationId}`. */
export const revisionPath = (revisionId: string, applicationId: string) => `/revision/${revisionId}/${applicationId}`;

/** Consecutive blocks of a day with one value, as a time range. */
export interface BlockRange {
  date: string;
  fromBlock: number;
  toBlock: number;
  from: string;
  to: string;
  mw: string;
}

/** A day's 96 MW values as ranges of equal, non-zero values (what the current schedule shows compactly). */
export function blockRanges(days: readonly { date: string; granted: readonly string[] }[]): BlockRange[] {
  const out: BlockRange[] = [];
  for (const { date, granted } of days) {
    let start = 0;
    for (let i = 1; i <= granted.length; i++) {
      if (i < granted.length && granted[i] === granted[start]) continue;
      if (Number(granted[start]) > 0)
        out.push({ date, fromBlock: start + 1, toBlock: i, from: blockStartTime(start + 1), to: blockEndTime(i), mw: granted[start]! });
      start = i;
    }
  }
  return out;
}

/** A range of consecutive blocks whose values differ by the same before → after. */
export interface DifferenceRange {
  date: string;
  from: string;
  to: string;
  before: string;
  after: string;
  difference: string;
}

/** The blocks that differ between two versions (MW strings per day), grouped into ranges. */
export function differenceRanges(
  before: readonly { date: string; granted: readonly string[] }[],
  after: readonly { date: string; granted: readonly string[] }[],
): DifferenceRange[] {
  const a = new Map(before.map((d) => [d.date, d.granted]));
  const b = new Map(after.map((d) => [d.date, d.granted]));
  const dates = [...new Set([...a.keys(), ...b.keys()])].sort();
  const out: DifferenceRange[] = [];
  for (const date of dates) {
    const x = a.get(date);
    const y = b.get(date);
    const at = (v: readonly string[] | undefined, i: number) => (v ? mwToCenti(v[i] ?? '0') : 0);
    let i = 0;
    while (i < 96) {
      const p = at(x, i);
      const q = at(y, i);
      if (p === q) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < 96 && at(x, j) === p && at(y, j) === q) j++;
      out.push({
        date,
        from: blockStartTime(i + 1),
        to: blockEndTime(j),
        before: centiToMw(p),
        after: centiToMw(q),
        difference: centiToMw(q - p),
      });
      i = j;
    }
  }
  return out;
}
