import { desc, sql } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { auditLog } from './audit.tables';

export type AuditRecord = typeof auditLog.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;

/** Any advisory lock key; serialises appends so the chain has one order. */
const AUDIT_LOCK_KEY = 7_420_001;

/** SQL of the hash-chained audit log (decision 0004). */
export const auditRepository = {
  /** Takes the chain's lock for the rest of the transaction: one append at a time. */
  async lockChain(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  },
  /** The hash of the last row, or undefined for an empty log. */
  async lastHash(tx: Tx): Promise<string | undefined> {
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return last?.hash;
  },
  async insert(tx: Tx, row: AuditInsert): Promise<void> {
    await tx.insert(auditLog).values(row);
  },
  /** Every row in chain order. */
  all: (db: DbOrTx): Promise<AuditRecord[]> => db.select().from(auditLog).orderBy(auditLog.id),
};
