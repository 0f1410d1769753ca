import { asc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { files } from '../files/files.tables';
import { paymentDetails, userManuals } from './manuals.tables';

export type UserManualRecord = typeof userManuals.$inferSelect;
export type PaymentDetailRecord = typeof paymentDetails.$inferSelect;

/** SQL of the user manuals and the payment instructions. */
export const manualsRepository = {
  /** Every manual with the name of its file. */
  async listManuals(db: DbOrTx) {
    return db
      .select({ target: userManuals.target, fileId: userManuals.fileId, updatedAt: userManuals.updatedAt, fileName: files.originalName })
      .from(userManuals)
      .innerJoin(files, eq(files.id, userManuals.fileId));
  },
  async findManual(db: DbOrTx, target: string): Promise<UserManualRecord | undefined> {
    const [row] = await db.select().from(userManuals).where(eq(userManuals.target, target)).limit(1);
    return row;
  },
  async findManualForUpdate(db: DbOrTx, target: string): Promise<UserManualRecord | undefined> {
    const [row] = await db.select().from(userManuals).where(eq(userManuals.target, target)).for('update');
    return row;
  },
  /** Sets the manual of a target (one per role or OA entity type). */
  async upsertManual(db: DbOrTx, v: { target: string; fileId: string; updatedBy: string; updatedAt: Date }): Promise<void> {
    await db
      .insert(userManuals)
      .values(v)
      .onConflictDoUpdate({ target: userManuals.target, set: { fileId: v.fileId, updatedBy: v.updatedBy, updatedAt: v.updatedAt } });
  },

  listPaymentDetails: (db: DbOrTx): Promise<PaymentDetailRecord[]> => db.select().from(paymentDetails).orderBy(asc(paymentDetails.mode)),
  async findPaymentDetailForUpdate(db: DbOrTx, mode: string): Promise<PaymentDetailRecord | undefined> {
    const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.mode, mode)).for('update');
    return row;
  },
  /** Sets the instructions of a payment mode (one row per mode). */
  async upsertPaymentDetail(
    db: DbOrTx,
    v: { mode: string; isEnabled: boolean; instructions: string; updatedAt: Date },
  ): Promise<PaymentDetailRecord> {
    const [row] = await db
      .insert(paymentDetails)
      .values(v)
      .onConflictDoUpdate({
        target: paymentDetails.mode,
        set: { isEnabled: v.isEnabled, instructions: v.instructions, updatedAt: v.updatedAt },
      })
      .returning();
    return row!;
  },
};
