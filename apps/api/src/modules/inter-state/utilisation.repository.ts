import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';

import type { UtilisationDirection } from '@stoa/shared/inter-state';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { registrations } from '../registrations/registrations.tables';
import { standingClearances, standingClearanceUtilisation } from './standing-clearance.tables';

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
    by: { fileId: string; userId: string; now: Date },
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
            fileId: by.fileId,
            uploadedBy: by.userId,
            uploadedOn: by.now,
          })),
        )
        .onConflictDoUpdate({
          target: [u.standingClearanceId, u.usageDate, u.direction],
          set: {
            blocks: sql`excluded.blocks`,
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
      .select({ date: u.usageDate, direction: u.direction, blocks: u.blocks })
      .from(u)
      .where(eq(u.standingClearanceId, standingClearanceId))
      .orderBy(desc(u.usageDate), asc(u.direction));
  },
};
