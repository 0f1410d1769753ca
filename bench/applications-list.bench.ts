/**
 * Applications list benchmark (ARCHITECTURE.md §11, lists): the SLDC list of one application type
 * over 200,000 applications, through `applicationsRepository.list` (the function the API's
 * GET Application/GetAll/{type} uses: one page of rows plus its `dataCount`, in parallel).
 *
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: a scratch database
 * stoa_bench_<pid> is created on that server, migrated like apps/api does, and dropped at the end.
 * Otherwise PGlite in a temporary directory, removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';

import type { ApplicationListQuery } from '@stoa/shared/applications';

import { applicationsRepository } from '../apps/api/src/modules/applications/applications.repository';
import { applications } from '../apps/api/src/modules/applications/applications.tables';
import type { Viewer } from '../apps/api/src/modules/registrations/registrations.repository';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/platform/db/client';

import { type BenchReport, median } from './report';

const APPS = 200_000;
const USERS = 20;
const REGISTRATIONS = 60;
const LIST_TYPE = 'DayAhead';
const FILTER_STATUS = 'Submitted';
const PAGE_SIZE = 10; // DEFAULT_PAGE_SIZE of the lists
const WARMUP = 3;
const RUNS = 25;

const SLDC: Viewer = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'SLDCBusinessUser',
  firstName: 'Bench',
  lastName: 'SLDC',
  entityType: null,
  entityName: null,
  utilityId: null,
  zone: null,
  isDefaulter: false,
};

/** Where to run: a scratch PostgreSQL database or a PGlite directory, and how to remove it. */
export async function openScratch(): Promise<{ handle: DatabaseHandle; where: string; dispose: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `stoa_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const version = (await admin.query<{ v: string }>("select current_setting('server_version') v")).rows[0]!.v;
    let handle: DatabaseHandle;
    try {
      handle = await openDatabase({ databaseUrl: u.toString() });
    } catch (err) {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
      throw err;
    }
    return {
      handle,
      where: `PostgreSQL ${version} (node-postgres pool of 10), scratch database ${name}`,
      dispose: async () => {
        await handle.close().catch(() => undefined);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stoa-bench-'));
  const handle = await openDatabase({ dataDir: dir });
  return {
    handle,
    where: `PGlite in ${dir} (set BENCH_DATABASE_URL for PostgreSQL)`,
    dispose: async () => {
      await handle.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeded data (setseed, so every run inserts the same rows): a few users and registrations for the
 * foreign keys, then 200,000 applications over two years — types weighted like the portal's
 * (Day-Ahead 40 %, FCFS 20 %, Advance 15 %, the two contingency types 15 % and 10 %), statuses
 * mostly processed (Approved 35 %, Partially Approved 10 %, …, pending the applicant 3 %, never
 * submitted), a schedule of 1–30 days, a submission a few hours to days before the first date.
 */
export async function seed(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      insert into users (id, user_name, email, first_name, last_name, role, entity_name)
      values (${SLDC.id}::uuid, 'bench-sldc', 'bench-sldc@example.org', 'Bench', 'SLDC', 'SLDCBusinessUser', null)`);
    await tx.execute(sql`
      insert into users (user_name, email, first_name, last_name, role, entity_name)
      select 'bench-oa-' || g, 'bench-oa-' || g || '@example.org', 'Applicant', g::text, 'OABusinessUser', 'Open Access Consumer ' || g
      from generate_series(1, ${USERS}) g`);
    await tx.execute(sql`
      insert into registrations (entity_type, owner_user_id, status, registration_no, entity_name, data, valid_from)
      select case when g % 6 = 0 then 'Trader' when g % 2 = 0 then 'Generator' else 'Consumer' end,
             (select id from users where user_name = 'bench-oa-' || (1 + g % ${USERS})),
             'Approved', 'REG-' || lpad(g::text, 5, '0'), 'Entity ' || g, '{}'::jsonb, date '2023-01-01'
      from generate_series(1, ${REGISTRATIONS}) g`);
    await tx.execute(sql`
      with regs as (select array_agg(id order by registration_no) ids from registrations),
           owners as (select array_agg(id order by user_name) ids from users where role = 'OABusinessUser'),
           r as (
             select g, random() t, random() s, random() x, random() y, random() z
             from generate_series(1, ${APPS}) g
           ),
           d as (
             select g, x, y, z,
                    case when t < 0.40 then 'DayAhead' when t < 0.60 then 'FCFS' when t < 0.75 then 'Advance'
                         when t < 0.90 then 'ContingencyDayAhead' else 'ContingencySameDay' end as type,
                    case when s < 0.03 then 'PendingApplicantApproval' when s < 0.13 then 'Submitted'
                         when s < 0.18 then 'Returned' when s < 0.23 then 'Rejected' when s < 0.30 then 'PendingSTOAApproval'
                         when s < 0.35 then 'STOAApproved' when s < 0.40 then 'SLDCApproverIApproved'
                         when s < 0.75 then 'Approved' when s < 0.85 then 'PartiallyApproved' else 'NoSTOARejected' end as status,
                    date '2024-01-01' + (x * 730)::int as from_date
             from r
           )
      insert into applications (application_no, type, status, applicant_user_id, created_by_user_id, trader_registration_id,
                                seller_registration_id, buyer_registration_id, month, from_date, to_date, submitted_at,
                                status_since, created_on, updated_on)
      select 'BN' || lpad(g::text, 7, '0'), type, status,
             owners.ids[1 + g % ${USERS}], owners.ids[1 + g % ${USERS}],
             case when y < 0.3 then regs.ids[6 * (1 + (g % ${REGISTRATIONS / 6}))] end,
             regs.ids[1 + (g * 7) % ${REGISTRATIONS}], regs.ids[1 + (g * 13 + 1) % ${REGISTRATIONS}],
             to_char(from_date, 'YYYY-MM'), from_date,
             least(from_date + (z * 30)::int, (date_trunc('month', from_date) + interval '1 month - 1 day')::date),
             case when status <> 'PendingApplicantApproval' then from_date - (y * interval '5 days') end,
             from_date - (y * interval '5 days') + interval '1 day',
             from_date - (y * interval '5 days') - interval '1 hour',
             from_date - (y * interval '5 days') + interval '1 day'
      from d, regs, owners`);
  });
  await handle.db.execute(sql`analyze`);
}

export async function applicationsListBench(): Promise<BenchReport> {
  const { handle, where, dispose } = await openScratch();
  try {
    const setupStart = performance.now();
    await handle.migrate();
    const migratedMs = performance.now() - setupStart;
    await seed(handle);
    const setupMs = performance.now() - setupStart;
    const { db } = handle;

    const ids = (await db.execute(sql`select id from applications order by md5(id::text) limit 10`)) as unknown as {
      rows: { id: string }[];
    };
    const tenIds = ids.rows.map((r) => r.id);
    const page = (pageNumber: number, status?: ApplicationListQuery['status']): ApplicationListQuery => ({
      pageNumber,
      pageSize: PAGE_SIZE,
      ...(status ? { status } : {}),
    });
    const list = (q: ApplicationListQuery) => applicationsRepository.list(db, SLDC, { kind: 'sldc', type: LIST_TYPE }, q);

    const cases: { name: string; fn: () => Promise<unknown> }[] = [
      { name: 'baseline: `SELECT 1` round trip', fn: () => db.execute(sql`select 1`) },
      { name: '10-row primary-key lookup (`id in (…)`)', fn: () => db.select().from(applications).where(inArray(applications.id, tenIds)) },
      { name: `SLDC ${LIST_TYPE} list, page 1 + dataCount`, fn: () => list(page(1)) },
      { name: `SLDC ${LIST_TYPE} list, page 100 + dataCount`, fn: () => list(page(100)) },
      { name: `SLDC ${LIST_TYPE} list, status=${FILTER_STATUS}, page 1 + dataCount`, fn: () => list(page(1, FILTER_STATUS)) },
      {
        name: 'its dataCount query alone (unfiltered)',
        fn: () =>
          db.execute(sql`select count(*) from applications where status not in ('PendingApplicantApproval') and type = ${LIST_TYPE}`),
      },
    ];

    // Untimed: what the lists return, so the table says how large they are.
    const first = await list(page(1));
    const deep = await list(page(100));
    const filtered = await list(page(1, FILTER_STATUS));
    if (first.rows.length !== PAGE_SIZE || deep.rows.length !== PAGE_SIZE || filtered.rows.length !== PAGE_SIZE)
      throw new Error('a page came back short');
    if (first.rows[0]!.submittedAt!.getTime() < deep.rows[0]!.submittedAt!.getTime())
      throw new Error('the list is not ordered by the latest submission');

    const times = cases.map(() => [] as number[]);
    // Interleaved so that drift (autovacuum, neighbours) hits every case alike.
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [k, c] of cases.entries()) {
        const start = performance.now();
        await c.fn();
        const ms = performance.now() - start;
        if (run >= WARMUP) times[k]!.push(ms);
      }
    }

    const base = median(times[0]!);
    const pk = median(times[1]!);
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      title: `Applications list: SLDC ${LIST_TYPE} list over ${n(APPS)} applications (${handle.kind})`,
      notes: [
        where,
        `${n(APPS)} applications, ${first.capped ? `more than ${n(first.total)} (dataCount capped, decision 0012)` : n(first.total)} in the ${LIST_TYPE} list (${n(filtered.total)} with status ${FILTER_STATUS}); page size ${PAGE_SIZE}; migrated in ${migratedMs.toFixed(0)} ms, migrated + seeded + analysed in ${(setupMs / 1000).toFixed(1)} s`,
        `list cases call applicationsRepository.list as GET Application/GetAll/${LIST_TYPE} does (rows and count in parallel); page 100 is OFFSET ${99 * PAGE_SIZE}`,
        `ratios to the 10-row primary-key lookup: ${cases
          .slice(2)
          .map((c, k) => `${(median(times[k + 2]!) / pk).toFixed(1)}× (${c.name.replace(/^SLDC \S+ list, |^its /, '')})`)
          .join(', ')}`,
        `median and min of ${RUNS} runs after ${WARMUP} warm-up runs, cases interleaved`,
      ],
      rows: cases.map((c, k) => ({
        name: c.name,
        medianMs: median(times[k]!),
        minMs: Math.min(...times[k]!),
        ratio: median(times[k]!) / base,
      })),
    };
  } finally {
    await dispose();
  }
}
