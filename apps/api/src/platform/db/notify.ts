import { sql } from 'drizzle-orm';

import type { DbOrTx } from './client';

/**
 * Queues a NOTIFY on `channel` in the caller's transaction: PostgreSQL delivers it to every
 * listening process (DatabaseHandle.listen) when the transaction commits, never after a rollback.
 * Payloads stay under PostgreSQL's 8000-byte limit (callers send at most 150 ids at a time).
 */
export async function notifyOnCommit(dbx: DbOrTx, channel: string, payload: string): Promise<void> {
  await dbx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
