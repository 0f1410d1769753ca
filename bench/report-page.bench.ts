/**
 * Report page benchmark (issue 15: "a report over 200,000 applications answers its first page in under
 * 200 ms on PostgreSQL"; decisions 0066, 0079): the first page of the applications reports through
 * `reportsRepository.page` — the function GET Report/{ReportName} calls (one page of rows and, in
 * parallel, the count and totals over every matching row) — on the same seeded 200,000 applications
 * as the applications list benchmark (its scratch database and seed).
 */
import { sql } from 'drizzle-orm';

import { reportByApiName, type ReportDefinition } from '@stoa/shared/reports';

import type { Viewer } from '../apps/api/src/modules/registrations/registrations.repository';
import { reportsRepository } from '../apps/api/src/modules/reports/reports.repository';

import { openScratch, seed } from './applications-list.bench';
import { type BenchReport, median } from './report';

const APPS = 200_000;
const PAGE_SIZE = 10;
const WARMUP = 3;
const RUNS = 15;
const TODAY = '2026-01-15';

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

const def = (apiName: string): ReportDefinition => {
  const d = reportByApiName(apiName);
  if (!d) throw new Error(`no report ${apiName}`);
  return d;
};

export async function reportPageBench(): Promise<BenchReport> {
  const { handle, where, dispose } = await openScratch();
  try {
    const setupStart = performance.now();
    await handle.migrate();
    await seed(handle);
    const setupMs = performance.now() - setupStart;
    const { db } = handle;
    // A trader: the owner of the seed's first Trader registration (its applications are those naming it).
    const owner = (await db.execute(
      sql`select owner_user_id as id from registrations where entity_type = 'Trader' order by registration_no limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const trader: Viewer = { ...SLDC, id: owner.rows[0]!.id, role: 'Trader' };

    const page = (apiName: string, v: Viewer, filters: Record<string, string> = {}) =>
      reportsRepository.page(db, def(apiName), v, { filters, today: TODAY, pageNumber: 1, pageSize: PAGE_SIZE });
    const cases: { name: string; fn: () => Promise<unknown> }[] = [
      { name: 'baseline: `SELECT 1` round trip', fn: () => db.execute(sql`select 1`) },
      { name: 'Application Status, SLDC, page 1 + count', fn: () => page('ApplicationStatus', SLDC) },
      {
        name: 'Application Status, SLDC, status=Submitted, page 1 + count',
        fn: () => page('ApplicationStatus', SLDC, { status: 'Submitted' }),
      },
      { name: 'Pending Applications, SLDC, page 1 + count', fn: () => page('PendingApplications', SLDC) },
      { name: 'Application Details, SLDC, page 1 + count + MWh totals', fn: () => page('ApplicationDetails', SLDC) },
      { name: 'Application Status, trader (decision 0079 scope), page 1 + count', fn: () => page('ApplicationStatus', trader) },
    ];

    // Untimed: how large each report is, so the table says what a page stands on.
    const sizes = [];
    for (const c of cases.slice(1)) sizes.push(((await c.fn()) as { dataCount: number }).dataCount);

    const times = cases.map(() => [] as number[]);
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [k, c] of cases.entries()) {
        const start = performance.now();
        await c.fn();
        if (run >= WARMUP) times[k]!.push(performance.now() - start);
      }
    }
    const base = median(times[0]!);
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      title: `Report first page over ${n(APPS)} applications (${handle.kind})`,
      notes: [
        where,
        `the applications list benchmark's seed (migrated + seeded + analysed in ${(setupMs / 1000).toFixed(1)} s); page size ${PAGE_SIZE}, default sort of each report`,
        `rows matching: ${cases
          .slice(1)
          .map(
            (c, k) =>
              `${n(sizes[k]!)} (${c.name.split(',')[0]}${c.name.includes('status=') ? ', Submitted' : ''}${c.name.includes('trader') ? ', trader' : ''})`,
          )
          .join('; ')}`,
        'each case is reportsRepository.page as GET Report/{ReportName} runs it: the page and the count (with totals) in parallel',
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
