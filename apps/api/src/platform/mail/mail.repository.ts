import { and, asc, eq, lte, sql } from 'drizzle-orm';

import type { Database, DbOrTx, Tx } from '../db/client';
import { mailOutbox } from './mail.tables';

export type OutboxRecord = typeof mailOutbox.$inferSelect;

/** SQL of the mail outbox: queued mails, claimed one at a time by the delivery worker (outbox.ts). */
export const mailRepository = {
  async insert(tx: Tx, v: { toAddress: string; subject: string; textBody: string; nextAttemptAt: Date; createdAt: Date }): Promise<void> {
    await tx.insert(mailOutbox).values(v);
  },

  /** Claims the next due mail (skipping those another process holds) by leasing it until `leaseUntil`. */
  async claimDue(db: Database, now: Date, leaseUntil: Date): Promise<OutboxRecord | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      await tx.update(mailOutbox).set({ nextAttemptAt: leaseUntil }).where(eq(mailOutbox.id, row.id));
      return row;
    });
  },

  /** Extends the lease of a mail still pending. */
  async renewLease(db: DbOrTx, id: number, leaseUntil: Date): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'PENDING')));
  },

  /** A failed attempt: counted, with its error, retried at `nextAttemptAt`. */
  async recordFailure(db: DbOrTx, id: number, v: { attempts: number; lastError: string; nextAttemptAt: Date }): Promise<void> {
    await db.update(mailOutbox).set(v).where(eq(mailOutbox.id, id));
  },

  async markSent(db: DbOrTx, id: number, v: { sentAt: Date; attempts: number }): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: v.sentAt, attempts: v.attempts, lastError: null })
      .where(eq(mailOutbox.id, id));
  },

  async pendingCount(db: DbOrTx): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'PENDING'));
    return r?.n ?? 0;
  },
};
