import type { Database, DbOrTx, Tx } from './client';

/** What runs once the transaction opened by inTransaction has committed (see afterCommit). */
const committedCallbacks = new WeakMap<Tx, (() => void)[]>();

/** Runs `fn` in a transaction; nested calls reuse the outer transaction. */
export async function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return fn(db);
  const callbacks: (() => void)[] = [];
  const result = await (db as Database).transaction((tx) => {
    committedCallbacks.set(tx, callbacks);
    return fn(tx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `fn` in this process once `dbx`'s work is committed: after the commit of a transaction
 * opened by inTransaction (never after a rollback), at once outside a transaction (the statement
 * before it has committed). Inside a transaction opened some other way it cannot know the commit
 * and returns false without running `fn`.
 */
export function afterCommit(dbx: DbOrTx, fn: () => void): boolean {
  if (!isTx(dbx)) {
    fn();
    return true;
  }
  const callbacks = committedCallbacks.get(dbx);
  callbacks?.push(fn);
  return callbacks !== undefined;
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
