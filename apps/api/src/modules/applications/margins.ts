/**
 * The margin left on the ATC elements (decision 0011), shared by processing, the pro-rata
 * allocations and the STOA check: an application's path, what the holding applications use on
 * each element, and the margin uploaded less that.
 */
import { type ApplicationType, BLOCKS_PER_DAY, firstDayOfMonth, monthOf } from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import { centiToMw } from '@stoa/shared/common';

import type { DbOrTx } from '../../platform/db/client';
import { marginsOn } from '../atc/atc.repository';
import { type PartyRecord, partiesRepository } from '../registrations/registrations.parties.repository';
import { MODE, processingRepository } from './processing.repository';

export { MODE } from './processing.repository';

/** The path of an application (decision 0011): the seller's injection and the buyer's drawal substation, as ATC element keys. */
export function pathOf(seller: PartyRecord | undefined, buyer: PartyRecord | undefined): string[] {
  const keys = [seller?.injectionSubstation, buyer?.drawalSubstation].filter((x): x is string => !!x).map(atcElementKey);
  return [...new Set(keys)];
}

/** The date a run is recorded under: the batch's start date; for Advance the first day of its month. */
export const runDateOf = (type: ApplicationType, date: string) => (type === 'Advance' ? firstDayOfMonth(monthOf(date)) : date);

export const sumOf = (values: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
};

export const mwList = (values: ArrayLike<number>) => Array.from(values, (v) => centiToMw(v));

/** Flattens per-day arrays (days in order) into one array. */
export const flatOf = (days: string[], values: Map<string, Int32Array>) => {
  const out = new Int32Array(days.length * BLOCKS_PER_DAY);
  days.forEach((d, k) => {
    const v = values.get(d);
    if (v) out.set(v, k * BLOCKS_PER_DAY);
  });
  return out;
};

/** The margins of a date re-keyed by element key, and the per-element remaining margin after the holdings. */
export async function remainingMargins(
  db: DbOrTx,
  day: string,
  used: Map<string, Int32Array> | undefined,
): Promise<Map<string, Int32Array>> {
  const out = new Map<string, Int32Array>();
  for (const [element, blocks] of await marginsOn(db, MODE, day)) {
    const key = atcElementKey(element);
    const u = used?.get(key);
    const rem = new Int32Array(BLOCKS_PER_DAY);
    for (let b = 0; b < BLOCKS_PER_DAY; b++) rem[b] = Math.max(0, blocks[b]! - (u?.[b] ?? 0));
    out.set(key, rem);
  }
  return out;
}

/**
 * What the applications holding margin (processed and not refused) use on each element per day:
 * day → element key → Σ granted per block. `exclude` leaves one application out (StoaCheck).
 */
export async function usedByDay(db: DbOrTx, days: string[], exclude?: string): Promise<Map<string, Map<string, Int32Array>>> {
  const out = new Map<string, Map<string, Int32Array>>();
  const rows = await processingRepository.holdingsOn(db, days, exclude);
  if (rows.length === 0) return out;
  const parties = await partiesRepository.byIds(
    db,
    rows.flatMap((r) => [r.sellerRegistrationId, r.buyerRegistrationId]),
  );
  for (const r of rows) {
    let perElement = out.get(r.day);
    if (!perElement) out.set(r.day, (perElement = new Map()));
    for (const key of pathOf(parties.get(r.sellerRegistrationId), parties.get(r.buyerRegistrationId))) {
      let sum = perElement.get(key);
      if (!sum) perElement.set(key, (sum = new Int32Array(BLOCKS_PER_DAY)));
      const g = r.granted;
      for (let b = 0; b < BLOCKS_PER_DAY; b++) sum[b] = sum[b]! + (g[b] ?? 0);
    }
  }
  return out;
}
