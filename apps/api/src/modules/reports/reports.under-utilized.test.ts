import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReportPage } from '@stoa/shared/reports';
import { revisionEndpoints as e, type RevisionDetail } from '@stoa/shared/revisions';

import { bearer, buildTestApp, login, type TestContext } from '../../../test/build-test-app';
import { curtailmentRefund, transmissionChargedApplication } from '../payments/refunds.test-fixtures';
import { call, relogin, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';
import { revisions } from '../revisions/revisions.tables';
import { revisionBody } from '../revisions/revisions.test-fixtures';

/**
 * Under-Utilized STOA (issue 15, decision 0069) on known data: a 10 MW application of 12–13 July
 * 2026, 10:00–14:00 (2 days × 16 blocks = 80 MWh approved) revised down through the API and approved
 * by the SLDC, and another applicant's 6 MW application curtailed by 5 MW over 10:00–11:00 (5 MWh).
 * Each applicant sees only its own row; a DISCOM user has no such report.
 */

let ctx: TestContext;
let sldc: SignedIn;
let reviser: SignedIn;
let discom: SignedIn;
let revisedNo: string;
let reducedUnits: number;
let curtailed: Awaited<ReturnType<typeof curtailmentRefund>>;
let curtailedToken: string;

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
async function page(token: string, query: Record<string, string> = {}) {
  const res = await get(`/api/Report/UnderUtilizedStoa?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}
const download = (token: string, query: Record<string, string>) =>
  get(`/api/Report/UnderUtilizedStoa/Download?${new URLSearchParams(query)}`, token);

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:07:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  reviser = await signIn(ctx, 'OABusinessUser');
  const { app } = await transmissionChargedApplication(ctx, reviser.id, true);
  revisedNo = app.applicationNo;
  const req = await call(ctx, e.request, reviser, { body: revisionBody(app.id, [{}], 'Generator outage') });
  expect(req.statusCode, req.body).toBe(200);
  const made: RevisionDetail = req.json().data;
  const res = await call(ctx, e.approve, sldc, { params: { revisionId: made.id }, body: { version: made.version, remarks: 'Checked' } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.database.db.select().from(revisions).where(eq(revisions.id, made.id));
  reducedUnits = row!.reducedCentiBlocks * 25;

  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  curtailed = await curtailmentRefund(ctx, '2026-11-20', sldc.id);
  curtailedToken = (await login(ctx, curtailed.applicant)).jwtToken;
  sldc = await relogin(ctx, sldc);
  reviser = await relogin(ctx, reviser);
  discom = await signIn(ctx, 'DISCOMBusinessUser');
}, 120_000);
afterAll(() => ctx.close());

describe('Under-Utilized STOA', () => {
  it('shows the reviser its application: approved 80 MWh against the final schedule, the revised part unused', async () => {
    const own = await page(reviser.token);
    expect(own.rows).toHaveLength(1);
    const row = own.rows[0]!;
    expect(reducedUnits).toBeGreaterThan(0);
    expect(row).toMatchObject({
      applicationNo: revisedNo,
      approvedEnergy: 800_000,
      revisedEnergy: reducedUnits,
      curtailedEnergy: 0,
      scheduledEnergy: 800_000 - reducedUnits,
      unusedEnergy: reducedUnits,
      unusedShare: Math.round((reducedUnits * 10_000) / 800_000),
    });
    expect(row.underUtilizedBlocks).toBeGreaterThan(0);
    expect(own.totals).toMatchObject({ approvedEnergy: 800_000, unusedEnergy: reducedUnits, curtailedEnergy: 0 });
  });

  it('shows the curtailed applicant its 5 MWh cut and nothing of the reviser’s; the SLDC both, largest share first', async () => {
    const own = await page(curtailedToken);
    expect(own.rows.map((r) => r.applicationNo)).toEqual([curtailed.app.applicationNo]);
    const row = own.rows[0]!;
    expect(row).toMatchObject({ curtailedEnergy: 50_000, revisedEnergy: 0, unusedEnergy: 50_000, underUtilizedBlocks: 4 });
    const approved = Number(row.approvedEnergy);
    expect(row.scheduledEnergy).toBe(approved - 50_000);
    expect(row.unusedShare).toBe(Math.round((50_000 * 10_000) / approved));

    const all = await page(sldc.token);
    expect(all.dataCount).toBe(2);
    const shares = all.rows.map((r) => Number(r.unusedShare));
    expect(shares).toEqual([...shares].sort((x, y) => y - x));
    expect(all.totals).toMatchObject({ unusedEnergy: reducedUnits + 50_000, curtailedEnergy: 50_000, revisedEnergy: reducedUnits });
    expect((await page(sldc.token, { sort: 'unusedShare:asc' })).rows.map((r) => r.unusedShare)).toEqual([...shares].reverse());
  });

  it('filters by schedule dates, month, type and applicant in SQL', async () => {
    expect((await page(sldc.token, { fromDate: '2026-11-01' })).rows.map((r) => r.applicationNo)).toEqual([curtailed.app.applicationNo]);
    expect((await page(sldc.token, { toDate: '2026-07-31' })).rows.map((r) => r.applicationNo)).toEqual([revisedNo]);
    expect((await page(sldc.token, { month: '2026-07' })).rows.map((r) => r.applicationNo)).toEqual([revisedNo]);
    expect((await page(sldc.token, { month: '2026-01' })).dataCount).toBe(0);
    expect((await page(sldc.token, { entity: 'no such applicant' })).dataCount).toBe(0);
    const bad = await get('/api/Report/UnderUtilizedStoa?pageNumber=1&pageSize=10&fromDate=2026-09-31&sort=nope:asc', sldc.token);
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to DISCOM and TRANSCO users, page and download', async () => {
    expect((await get('/api/Report/UnderUtilizedStoa?pageNumber=1&pageSize=10', discom.token)).statusCode).toBe(403);
    expect((await download(discom.token, { format: 'xlsx' })).statusCode).toBe(403);
    const transco = await signIn(ctx, 'TRANSCOBusinessUser');
    expect((await download(transco.token, { format: 'pdf' })).statusCode).toBe(403);
  });

  it('downloads the applicant’s own rows only, as Excel with the share in percent and as PDF', async () => {
    const xlsx = await download(reviser.token, { format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('under-utilized-stoa-2026-11-16.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['State Load Dispatch Centre — Under-Utilized STOA']);
    expect(rows[3]![0]).toBe('Application No.');
    const data = rows.slice(4, -1);
    expect(data.map((r) => r[0])).toEqual([revisedNo]);
    expect(data[0]![6]).toBe(80);
    expect(data[0]![11]).toBe(Math.round((reducedUnits * 10_000) / 800_000) / 100);
    expect(rows.at(-1)![0]).toBe('Total');
    expect(rows.at(-1)![10]).toBe(reducedUnits / 10_000);

    const pdf = await download(curtailedToken, { format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
  });
});
