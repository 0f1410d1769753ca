import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { publishSessionsEnded } from '../../platform/db/sessions';
import { captchas, refreshTokens, verificationCodes } from './account.tables';

/** SQL of the account's tables: refresh tokens (sessions), verification codes and captchas. */
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
  /** Ends a session: its access tokens are refused from the commit on (see authenticateAccessToken). */
  async revokeFamily(db: DbOrTx, familyId: string, at: Date, reason: string) {
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    if (rows.length)
      await publishSessionsEnded(
        db,
        rows.map((r) => r.userId),
      );
  },
  /** Ends every session of the user but `keepFamilyId`. */
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
    // After the write: outside a transaction the session caches must not re-read the old state.
    await publishSessionsEnded(db, [userId]);
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
  /** A new captcha, its answer not yet set (the hash covers the id); returns its id. */
  async insertCaptcha(db: DbOrTx, expiresAt: Date): Promise<string> {
    const [row] = await db.insert(captchas).values({ answerHash: 'pending', expiresAt }).returning({ id: captchas.id });
    return row!.id;
  },
  async setCaptchaAnswer(db: DbOrTx, id: string, answerHash: string): Promise<void> {
    await db.update(captchas).set({ answerHash }).where(eq(captchas.id, id));
  },
  /** Uses up a live captcha whatever the answer; returns its answer hash, or undefined when it was used, expired or unknown. */
  async consumeCaptcha(db: DbOrTx, id: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
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
