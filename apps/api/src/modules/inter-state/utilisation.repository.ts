import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';

import type { UtilisationDirection, UtilisationSource } from '@stoa/shared/inter-state';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { registrations } from '../registrations/registrations.tables';
import {
  type StandingClearanceBlockCapRecord,
  standingClearanceCapAlerts,
  standingClearances,
  standingClearanceUtilisation,
} from './standing-clearance.tables';

export type { StandingClearanceBlockCapRecord } from './standing-clearance.tables';

const sc = standingClearances;
const u = standingClearanceUtilisation;
const UPSERT_BATCH = 500;

/** A clearance as the upload resolves it from a certificate or registration number. */
export interface UtilisationTarget {
  id: string;
  applicationNo: string;
  certificateNo: string | null;
  registrationNo: string | null;
  transactionType: string;
  status: string;
  validFrom: string;
  validTo: string;
  maxBuyCenti: number | null;
  maxSellCenti: number | null;
  blockCaps: StandingClearanceBlockCapRecord[];
}

export interface UtilisationWrite {
  standingClearanceId: string;
  date: string;
  direction: UtilisationDirection;
  blocks: Int32Array;
}

/** The SQL of clearance utilisation (decision 0063). */
export const utilisationRepository = {
  /** Clearances whose certificate number or entity's registration number is one of `numbers` (upper case, as typed). */
  async targets(db: DbOrTx, numbers: string[]): Promise<UtilisationTarget[]> {
    if (numbers.length === 0) return [];
    return db
      .select({
        id: sc.id,
        applicationNo: sc.applicationNo,
        certificateNo: sc.certificateNo,
        registrationNo: registrations.registrationNo,
        transactionType: sc.transactionType,
        status: sc.status,
        validFrom: sc.validFrom,
        validTo: sc.validTo,
        maxBuyCenti: sc.maxBuyCenti,
        maxSellCenti: sc.maxSellCenti,
        blockCaps: sc.blockCaps,
      })
      .from(sc)
      .innerJoin(registrations, eq(registrations.id, sc.registrationId))
      .where(or(inArray(sql`upper(${sc.certificateNo})`, numbers), inArray(sql`upper(${registrations.registrationNo})`, numbers)))
      .orderBy(asc(sc.validFrom));
  },

  /** Inserts or replaces each clearance's day and direction; counts both. */
  async upsert(
    tx: Tx,
    rows: readonly UtilisationWrite[],
    by: { fileId: string; userId: string; now: Date; source: UtilisationSource },
  ): Promise<{ inserted: number; replaced: number }> {
    let inserted = 0;
    let replaced = 0;
    for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
      const result = await tx
        .insert(u)
        .values(
          rows.slice(i, i + UPSERT_BATCH).map((r) => ({
            standingClearanceId: r.standingClearanceId,
            usageDate: r.date,
            direction: r.direction,
            blocks: Array.from(r.blocks),
            source: by.source,
            fileId: by.fileId,
            uploadedBy: by.userId,
            uploadedOn: by.now,
          })),
        )
        .onConflictDoUpdate({
          target: [u.standingClearanceId, u.usageDate, u.direction],
          set: {
            blocks: sql`excluded.blocks`,
            source: sql`excluded.source`,
            fileId: sql`excluded.file_id`,
            uploadedBy: sql`excluded.uploaded_by`,
            uploadedOn: sql`excluded.uploaded_on`,
          },
        })
        // xmax is 0 for a freshly inserted row version and set for one written by the update branch.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of result)
        if (r.inserted) inserted++;
        else replaced++;
    }
    return { inserted, replaced };
  },

  /** A clearance's stored days, newest first (Buy before Sell). */
  async days(db: DbOrTx, standingClearanceId: string) {
    return db
      .select({ date: u.usageDate, direction: u.direction, blocks: u.blocks, source: u.source })
      .from(u)
      .where(eq(u.standingClearanceId, standingClearanceId))
      .orderBy(desc(u.usageDate), asc(u.direction));
  },

  /** Records the clearance days found over the cap; returns those not recorded before (to notify once, decision 0077). */
  async insertAlerts(tx: Tx, days: readonly { standingClearanceId: string; date: string }[], now: Date) {
    const a = standingClearanceCapAlerts;
    const out: { standingClearanceId: string; date: string }[] = [];
    for (let i = 0; i < days.length; i += UPSERT_BATCH) {
      const rows = await tx
        .insert(a)
        .values(
          days.slice(i, i + UPSERT_BATCH).map((d) => ({ standingClearanceId: d.standingClearanceId, usageDate: d.date, notifiedOn: now })),
        )
        .onConflictDoNothing({ target: [a.standingClearanceId, a.usageDate] })
        .returning({ standingClearanceId: a.standingClearanceId, date: a.usageDate });
      out.push(...rows);
    }
    return out;
  },

  /** Who hears of a clearance's day over the cap: its applicant and who applied, with its numbers and entity. */
  async alertParties(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: sc.id,
        applicationNo: sc.applicationNo,
        certificateNo: sc.certificateNo,
        applicantUserId: sc.applicantUserId,
        createdByUserId: sc.createdByUserId,
        entityName: registrations.entityName,
      })
      .from(sc)
      .innerJoin(registrations, eq(registrations.id, sc.registrationId))
      .where(inArray(sc.id, ids));
  },
};
