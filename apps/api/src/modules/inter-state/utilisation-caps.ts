/**
 * The cap of every block of a standing clearance and the warning when a day goes over it (decision
 * 0077): a block in a range with its own cap of the direction is held to that cap, every other block
 * to the clearance's overall cap. An upload that puts a clearance's day over the cap notifies the
 * applicant, its trader and the SLDC once per clearance and day (standing_clearance_cap_alerts: a
 * re-upload of the same day does not notify again).
 */
import { BLOCKS_PER_DAY } from '@stoa/shared/applications';
import type { UtilisationDirection } from '@stoa/shared/inter-state';
import { enUtilisation } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import type { InterStateDeps } from './standing-clearance.access';
import { type StandingClearanceBlockCapRecord, utilisationRepository as repo, type UtilisationWrite } from './utilisation.repository';

export interface CappedClearance {
  maxBuyCenti: number | null;
  maxSellCenti: number | null;
  blockCaps: StandingClearanceBlockCapRecord[];
}

/** The cap of each of the 96 blocks in one direction, centi-MW (0 where the side is not cleared). */
export function capsOfBlocks(c: CappedClearance, direction: UtilisationDirection): Int32Array {
  const overall = (direction === 'Buy' ? c.maxBuyCenti : c.maxSellCenti) ?? 0;
  const caps = new Int32Array(BLOCKS_PER_DAY).fill(overall);
  for (const r of c.blockCaps) {
    const cap = direction === 'Buy' ? r.maxBuyCenti : r.maxSellCenti;
    if (cap === null) continue;
    for (let b = r.fromBlock; b <= r.toBlock; b++) caps[b - 1] = Math.min(cap, overall);
  }
  return caps;
}

/** The block numbers (1–96) above their cap. */
export function blocksOverCap(blocks: ArrayLike<number>, caps: Int32Array): number[] {
  const out: number[] = [];
  for (let b = 0; b < BLOCKS_PER_DAY; b++) if ((blocks[b] ?? 0) > caps[b]!) out.push(b + 1);
  return out;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const SLDC_ROLES = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const;

/**
 * After an upload's writes (in its transaction): the clearance days over the cap, and for each one not
 * told before, the notifications. Returns how many clearance days of the upload are over the cap.
 */
export async function alertOverCap(
  deps: InterStateDeps,
  tx: Tx,
  writes: readonly UtilisationWrite[],
  clearances: ReadonlyMap<string, CappedClearance>,
): Promise<number> {
  // Over on a day when any block of either direction is above its cap; the first write of the day keeps the count of blocks.
  const over = new Map<string, { standingClearanceId: string; date: string; blocks: number }>();
  for (const w of writes) {
    const c = clearances.get(w.standingClearanceId);
    if (!c) continue;
    const n = blocksOverCap(w.blocks, capsOfBlocks(c, w.direction)).length;
    if (n === 0) continue;
    const key = `${w.standingClearanceId}|${w.date}`;
    const seen = over.get(key);
    over.set(key, { standingClearanceId: w.standingClearanceId, date: w.date, blocks: (seen?.blocks ?? 0) + n });
  }
  if (over.size === 0) return 0;
  const days = [...over.values()];
  const fresh = await repo.insertAlerts(tx, days, deps.clock.now());
  if (fresh.length === 0) return over.size;
  const parties = new Map((await repo.alertParties(tx, [...new Set(fresh.map((f) => f.standingClearanceId))])).map((p) => [p.id, p]));
  for (const f of fresh.sort((a, b) => a.date.localeCompare(b.date))) {
    const p = parties.get(f.standingClearanceId);
    if (!p) continue;
    const blocks = over.get(`${f.standingClearanceId}|${f.date}`)!.blocks;
    const message = enUtilisation.notifications.overCap(p.certificateNo ?? p.applicationNo, p.entityName, dmy(f.date), blocks);
    const link = WEB_LINKS.standingClearance(f.standingClearanceId);
    await deps.notifications.notify(tx, { userIds: [...new Set([p.applicantUserId, p.createdByUserId])], message, link });
    for (const role of SLDC_ROLES) await deps.notifications.notify(tx, { role, message, link });
  }
  return over.size;
}
