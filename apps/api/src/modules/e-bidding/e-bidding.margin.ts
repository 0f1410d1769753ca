import { atcElementKey } from '@stoa/shared/atc';
import { centiToMw } from '@stoa/shared/common';
import { type CongestionWindow, enEBidding } from '@stoa/shared/e-bidding';
import { datesBetween } from '@stoa/shared/applications';

import type { DbOrTx } from '../../platform/db/client';
import { marginsOn } from '../atc/atc.repository';
import { eBiddingRepository as repo } from './e-bidding.repository';

const V = enEBidding.validation;

/** The available margin the ATC uploads allow for an invitation (decision 0016), centi-MW inside. */
export interface MarginLimit {
  centi: number | null;
  elements: { element: string; centi: number | null; missingDates: string[] }[];
}

/**
 * The margin an invitation may offer (issue 11 item 14, decision 0016): the congested elements are
 * those the applications' Congested processing runs found congested, on the applications' paths
 * (all of the runs' elements if no path names one); per element the least uploaded intra-state ATC
 * margin over the period's blocks of every day; the invitation's limit is the least of the elements.
 * Read through the atc module's repository. `centi` is null while an element has no margin on a day.
 */
export async function marginLimitOf(dbx: DbOrTx, applicationIds: string[], window: CongestionWindow): Promise<MarginLimit> {
  const { runElements, pathTexts } = await repo.congestionOf(dbx, applicationIds);
  const onPaths = new Set(pathTexts.map(atcElementKey));
  const keys = runElements.map(atcElementKey).filter((k) => onPaths.has(k));
  const elementKeys = [...new Set(keys.length > 0 ? keys : runElements.map(atcElementKey))].sort();
  const least = new Map<string, number>();
  const names = new Map<string, string>();
  const missing = new Map<string, string[]>(elementKeys.map((k) => [k, []]));
  for (const day of datesBetween(window.fromDate, window.toDate)) {
    const byKey = new Map<string, { name: string; blocks: Int32Array }>();
    for (const [name, blocks] of await marginsOn(dbx, 'IntraState', day)) byKey.set(atcElementKey(name), { name, blocks });
    for (const key of elementKeys) {
      const m = byKey.get(key);
      if (!m) {
        missing.get(key)!.push(day);
        continue;
      }
      names.set(key, m.name);
      let low = least.get(key) ?? Number.MAX_SAFE_INTEGER;
      for (let b = window.fromBlock; b <= window.toBlock; b++) low = Math.min(low, m.blocks[b - 1] ?? 0);
      least.set(key, low);
    }
  }
  const elements = elementKeys.map((key) => ({
    element: names.get(key) ?? key,
    centi: missing.get(key)!.length > 0 ? null : (least.get(key) ?? null),
    missingDates: missing.get(key)!,
  }));
  const complete = elements.length > 0 && elements.every((e) => e.centi !== null);
  return { centi: complete ? Math.min(...elements.map((e) => e.centi!)) : null, elements };
}

/**
 * What Submit refuses of the offered margin (decision 0016): no congested element, an element
 * without an upload on a day of the period (the first three days each), a margin above the limit.
 */
export function marginErrors(limit: MarginLimit, availableMarginCenti: number | null): string[] {
  if (limit.elements.length === 0) return [V.noCongestedElement];
  const missing = limit.elements.flatMap((el) => el.missingDates.slice(0, 3).map((day) => V.marginNotUploaded(el.element, day)));
  if (missing.length > 0) return missing;
  if (availableMarginCenti !== null && limit.centi !== null && availableMarginCenti > limit.centi)
    return [V.marginAboveAtc(centiToMw(limit.centi))];
  return [];
}
