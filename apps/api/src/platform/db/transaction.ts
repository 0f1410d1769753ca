import type { Database, DbOrTx, Tx } from './client';

/** Runs `fn` in a transaction; nested calls reuse the outer transaction. */
export async function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return fn(db);
  return (db as Database).transaction(fn);
}

function isTx(db: DbOrTx): db is Tx {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/** PostgreSQL error code of a failed statement (drizzle wraps the driver error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  let e = err as { constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
    e = e.cause as typeof e;
  }
  return undefined;
}
