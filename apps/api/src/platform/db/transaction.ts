import type { Database, DbOrTx, Tx } from './client';

/** Runs `fn` in a transaction; nested calls reuse the outer transaction. */
export async function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return fn(db);
  return (db as Database).transaction(fn);
}

/** The logger a batch job reports a failed record to (pino's shape). */
interface BatchLog {
  error: (obj: object, msg: string) => void;
}

/**
 * Runs `fn` for each id in its own transaction, for the jobs that act on records by themselves (deemed
 * actions, expiries): one record's failure is logged with `idKey` and does not stop the others; the
 * first error is rethrown at the end. Returns how many calls answered true (records changed).
 */
export async function eachInOwnTransaction(
  deps: { db: Database; log?: BatchLog },
  ids: string[],
  fn: (tx: Tx, id: string) => Promise<boolean>,
  what: { idKey: string; message: string },
): Promise<number> {
  let done = 0;
  let firstError: unknown;
  for (const id of ids) {
    try {
      if (await inTransaction(deps.db, (tx) => fn(tx, id))) done++;
    } catch (err) {
      deps.log?.error({ err, [what.idKey]: id }, what.message);
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
  return done;
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
