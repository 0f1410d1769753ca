import type { BossDb } from '../../platform/db/boss';

/** pg-boss's schema: its tables are read (never written) here; pg-boss itself writes them. */
export const BOSS_SCHEMA = 'pgboss';

/** A schedule with its latest started run (from the live jobs or the archive). */
export interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string | null;
  created_on: Date | string;
  state: string | null;
  started_on: Date | string | null;
}

/** SQL over pg-boss's tables, run through its database adapter. */
export const jobsRepository = {
  /** The first `limit` schedules by name (byte order), each with the state and start of its latest run. */
  async schedulesWithLatestRun(db: BossDb, limit: number): Promise<ScheduleRow[]> {
    const { rows } = await db.executeSql(
      `SELECT s.name, s.cron, s.timezone, s.created_on, l.state, l.started_on
         FROM ${BOSS_SCHEMA}.schedule s
         LEFT JOIN LATERAL (
           SELECT x.state, x.started_on FROM (
             SELECT j.state::text AS state, j.started_on FROM ${BOSS_SCHEMA}.job j
              WHERE j.name = s.name AND j.started_on IS NOT NULL
             UNION ALL
             SELECT a.state::text AS state, a.started_on FROM ${BOSS_SCHEMA}.archive a
              WHERE a.name = s.name AND a.started_on IS NOT NULL
           ) x ORDER BY x.started_on DESC LIMIT 1
         ) l ON true
        ORDER BY s.name COLLATE "C"
        LIMIT $1`,
      [limit],
    );
    return rows as ScheduleRow[];
  },
};
