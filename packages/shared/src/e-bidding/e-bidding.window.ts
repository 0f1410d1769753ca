import { BLOCKS_PER_DAY, firstBlockOf, lastBlockOf } from '../applications/time-blocks';

/**
 * The congestion period of an invitation (decision 0015): every day from `fromDate` to `toDate`
 * (IST), blocks `fromBlock`…`toBlock` (1…96) of each day.
 */
export interface CongestionWindow {
  fromDate: string;
  toDate: string;
  fromBlock: number;
  toBlock: number;
}

export function congestionWindow(fromDate: string, toDate: string, fromTime: string, toTime: string): CongestionWindow {
  return { fromDate, toDate, fromBlock: firstBlockOf(fromTime), toBlock: lastBlockOf(toTime) };
}

export const dayInWindow = (w: CongestionWindow, day: string) => day >= w.fromDate && day <= w.toDate;

/** The most an application asks for in one block of the window (centi-MW); 0 when it asks nothing there. */
export function appliedInWindow(w: CongestionWindow, days: readonly { day: string; requested: ArrayLike<number> }[]): number {
  let most = 0;
  for (const d of days) {
    if (!dayInWindow(w, d.day)) continue;
    for (let b = w.fromBlock; b <= w.toBlock; b++) most = Math.max(most, d.requested[b - 1] ?? 0);
  }
  return most;
}

/**
 * The granted values of one day after e-bidding: inside the window each block gets
 * min(request, allocated); outside it the request in full (the invitation is the SLDC's decision on
 * the congested period only). A withdrawn application (`allocated` null) gets nothing anywhere.
 */
export function grantedAfterBidding(w: CongestionWindow, day: string, requested: ArrayLike<number>, allocated: number | null): number[] {
  const out = new Array<number>(BLOCKS_PER_DAY).fill(0);
  if (allocated === null) return out;
  const inside = dayInWindow(w, day);
  for (let b = 1; b <= BLOCKS_PER_DAY; b++) {
    const r = requested[b - 1] ?? 0;
    out[b - 1] = inside && b >= w.fromBlock && b <= w.toBlock ? Math.min(r, allocated) : r;
  }
  return out;
}

/** Σ centi-MW over the window's blocks of one day's values (centi-MW × blocks). */
export function centiBlocksInWindow(w: CongestionWindow, day: string, values: ArrayLike<number>): number {
  if (!dayInWindow(w, day)) return 0;
  let s = 0;
  for (let b = w.fromBlock; b <= w.toBlock; b++) s += values[b - 1] ?? 0;
  return s;
}

/**
 * Σ centi-MW over the blocks of one day's values that lie in none of `windows` (centi-MW × blocks):
 * the energy of an e-bidded application outside the congestion windows it was allocated in
 * (decision 0057). A block inside several windows is left out once.
 */
export function centiBlocksOutsideWindows(windows: readonly CongestionWindow[], day: string, values: ArrayLike<number>): number {
  const inside = windows.filter((w) => dayInWindow(w, day));
  let s = 0;
  for (let b = 1; b <= values.length; b++) if (!inside.some((w) => b >= w.fromBlock && b <= w.toBlock)) s += values[b - 1] ?? 0;
  return s;
}

/** A time of day as the portal shows times (spec 000 §9 'HH:mm:ss'): '10:00' → '10:00:00'; '' / null → ''. */
export function displayTime(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

/** An IST date and 'HH:mm' time as an instant. */
export function istInstant(date: string, time: string): Date {
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+05:30`);
}
