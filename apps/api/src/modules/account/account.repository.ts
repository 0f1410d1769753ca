import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { captchas, refreshTokens, verificationCodes } from './account.tables';

export const accountRepository = {
  async insertRefreshToken(db: DbOrTx, v: typeof refreshTokens.$inferInsert) {
    const [row] = await db.insert(refreshTokens).values(v).returning();
    return row!;
  },
  async findRefreshTokenByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row;
  },
  /** Atomically claims an unrevoked token for rotation; false when someone already used it. */
  async claimRefreshToken(db: DbOrTx, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: at, revokedReason: 'ROTATED' })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },
  async setReplacedBy(db: DbOrTx, id: string, replacedById: string) {
    await db.update(refreshTokens).set({ replacedById }).where(eq(refreshTokens.id, id));
  },
  async revokeFamily(db: DbOrTx, familyId: string, at: Date, reason: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },
  async revokeUserTokens(db: DbOrTx, userId: string, at: Date, reason: string, keepFamilyId?: string | null) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at, revokedReason: reason })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : sql`true`,
        ),
      );
  },

  async invalidateCodes(db: DbOrTx, userId: string, purpose: string, at: Date) {
    await db
      .update(verificationCodes)
      .set({ usedAt: at })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
  },
  async insertCode(db: DbOrTx, v: typeof verificationCodes.$inferInsert) {
    await db.insert(verificationCodes).values(v);
  },
  /** The user's live code of that purpose, locked for the check. */
  async findLiveCodeForUpdate(db: DbOrTx, userId: string, purpose: string, now: Date) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(sql`${verificationCodes.createdAt} desc`)
      .limit(1)
      .for('update');
    return row;
  },
  async markCodeUsed(db: DbOrTx, id: string, at: Date) {
    await db.update(verificationCodes).set({ usedAt: at }).where(eq(verificationCodes.id, id));
  },
  /** Deletes captchas that expired before `before` (job captcha.purge); returns how many. */
  async deleteExpiredCaptchas(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db.delete(captchas).where(lt(captchas.expiresAt, before)).returning({ id: captchas.id });
    return rows.length;
  },
  /** Deletes refresh tokens that expired before `before` (job sessions.purge); returns how many. */
  async deleteExpiredRefreshTokens(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before)).returning({ id: refreshTokens.id });
    return rows.length;
  },
  async recordCodeFailure(db: DbOrTx, id: string, failedAttempts: number, at: Date, maxAttempts: number) {
    await db
      .update(verificationCodes)
      .set({ failedAttempts, ...(failedAttempts >= maxAttempts ? { usedAt: at } : {}) })
      .where(eq(verificationCodes.id, id));
  },
};
