import { sql, type SQLChunk } from 'drizzle-orm';
import type PgBoss from 'pg-boss';

import type { DatabaseHandle, DbOrTx } from './client';

/** pg-boss's database interface: it only ever calls `executeSql(text, values)` and reads `rows`. */
export type BossDb = PgBoss.Db;

/**
 * pg-boss runs its SQL through this adapter instead of opening its own pool.
 *
 * - PGlite: `query()` for a statement with parameters; `exec()` (simple protocol) for the
 *   parameterless commands, some of which are several statements in one string
 *   (`BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …; COMMIT`), which `query()` refuses.
 * - PostgreSQL: the API's node-postgres pool. Multi-statement commands get a client of their own.
 *
 * Either way, when such a command fails half-way (e.g. two processes installing pg-boss at once:
 * 'type "job_state" already exists'), the session is left in an aborted transaction block; the
 * adapter rolls it back so the connection (PGlite has only one) stays usable.
 */
export function bossDb(database: DatabaseHandle): BossDb {
  if (database.pglite) {
    const pglite = database.pglite;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return pglite.query(text, values);
        try {
          const results = await pglite.exec(text);
          return results.at(-1) ?? { rows: [] };
        } catch (err) {
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error('jobs: the database handle has neither a PGlite instance nor a pool');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pool.query(text, values);
      const client = await pool.connect();
      try {
        const result = (await client.query(text)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Runs pg-boss statements inside a caller's Drizzle transaction (pg-boss 10 accepts `{ db }` in
 * `send()`), so a job is queued if and only if the transaction commits.
 *
 * pg-boss writes `$1…$n` placeholders and uses some of them several times (`$5` three times in
 * its insert). Drizzle numbers parameters in the order they appear, so each distinct placeholder
 * becomes one Drizzle parameter at its first use and a raw `$k` reference to it afterwards.
 */
export function transactionBossDb(tx: DbOrTx): BossDb {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQLChunk[] = [];
      const renumbered = new Map<number, number>();
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        const original = Number(m[1]);
        chunks.push(sql.raw(text.slice(last, m.index)));
        const known = renumbered.get(original);
        if (known !== undefined) {
          chunks.push(sql.raw(`$${known}`));
        } else {
          renumbered.set(original, renumbered.size + 1);
          chunks.push(sql.param(values[original - 1] ?? null));
        }
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

/**
 * Runs `fn` with a BossDb bound to one transaction that holds a cluster-wide advisory lock, so
 * two processes starting at once create queues and schedules one after the other. (pg-boss 10's
 * createQueue is not serialised: two concurrent calls for a new queue deadlock on PostgreSQL —
 * one inserts the queue row, the other waits on it while the first adds the partition's foreign
 * key to that table.) PGlite has one connection, so a transaction is enough there.
 */
export async function withSyncLock<T>(database: DatabaseHandle, fn: (db: BossDb) => Promise<T>): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction(async (tx) =>
      fn({
        async executeSql(text: string, values?: unknown[]) {
          if (values && values.length > 0) return tx.query(text, values);
          return (await tx.exec(text)).at(-1) ?? { rows: [] };
        },
      }),
    );
  }
  const client = await database.pool!.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '60s'`);
    await client.query(`SELECT pg_advisory_xact_lock(hashtext(current_database() || '.stoa.jobs.sync'))`);
    const result = await fn({ executeSql: (text: string, values?: unknown[]) => client.query(text, values) });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
