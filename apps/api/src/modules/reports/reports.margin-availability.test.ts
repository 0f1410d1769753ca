import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { type ApplicationMode, type ApplicationStatus, BLOCKS_PER_DAY } from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import type { ReportPage, ReportRow } from '@stoa/shared/reports';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { remainingMargins, usedByDay } from '../applications/margins';
import { applications } from '../applications/applications.tables';
import { applicantWithParties, insertApplication, setMargin } from '../applications/applications.test-fixtures';
import { DRAWAL, INJECTION, scheduleRow } from '../curtailment/curtailment.test-fixtures';
import { consentIn, setInterStateMargin } from '../inter-state/inter-state-consent.test-fixtures';
import { type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * STOA Margin Availability (issue 15, decision 0072) on known data. Intra-state, 10 August 2026: the
 * margin of Anand 132 kV is 20 MW, 5 MW over 12:00–13:00; of Vadodara 66 kV 30 MW; on the 11th Anand
 * has 15 MW. On the fixtures' path (Anand → Vadodara): an Approved 10 MW 10:00–12:00, a Partially
 * Approved 3 MW of 6 over 11:00–13:00, 4 MW approved by Approver I (awaiting Approver II) over
 * 12:00–13:00 — 7 MW granted against 5: 2 MW over-allocated — and, holding nothing here, a rejected
 * application, an inter-state one and one not processed. Inter-state: a consent of 10 MW 10:00–12:00
 * at a point with 50 MW, a consent still pending at another, and a 99 MW inter-state margin of Anand
 * on the 10th that the intra-state report never shows. Only the SLDC roles have the reports.
 */

const D1 = '2026-08-10';
const D2 = '2026-08-11';
const INTRA = 'StoaMarginAvailabilityIntraState';
const INTER = 'StoaMarginAvailabilityInterState';

let ctx: TestContext;
let sldc: SignedIn;
let consentPoint: string;
let pendingPoint: string;
let consentDay: string;

const get = (url: string, who: { token: string }) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const pageRes = (report: string, who: { token: string }, query: Record<string, string>) =>
  get(`/api/Report/${report}?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`, who);
async function page(report: string, who: { token: string }, query: Record<string, string>) {
  const res = await pageRes(report, who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}
const download = (report: string, who: { token: string }, query: Record<string, string>) =>
  get(`/api/Report/${report}/Download?${new URLSearchParams(query)}`, who);

/** An application on the fixtures' path on D1 (`mw` over `from`–`to`), granted `percent` of it (none: not processed). */
async function application(status: ApplicationStatus, mw: string, from: string, to: string, percent?: number, mode?: ApplicationMode) {
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  const app = await insertApplication(ctx, {
    status,
    applicantUserId: applicant.id,
    sellerRegistrationId: own.id,
    buyerRegistrationId: buyer.id,
    rows: [scheduleRow(D1, mw, from, to)],
    grantedPercent: percent,
  });
  if (mode) await ctx.database.db.update(applications).set({ mode }).where(eq(applications.id, app.id));
}

/** The figures of a row, MW × 100: [from block, to block, margin, approved, awaiting, available, over-allocated]. */
const figures = (r: ReportRow) => [r.fromBlock, r.toBlock, r.margin, r.approved, r.awaitingApproval, r.available, r.overAllocated];

/** The 96 values of a column of one date and element, from its block ranges. */
function perBlock(rows: ReportRow[], date: string, element: string, column: string): number[] {
  const out = new Array<number>(BLOCKS_PER_DAY).fill(-1);
  for (const r of rows.filter((x) => x.marginDate === date && x.element === element))
    for (let b = Number(r.fromBlock); b <= Number(r.toBlock); b++) out[b - 1] = Number(r[column]);
  return out;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-08-05T10:00:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');

  await setMargin(ctx, D1, INJECTION, [...Array(48).fill(2000), ...Array(4).fill(500), ...Array(44).fill(2000)]);
  await setMargin(ctx, D1, DRAWAL, 3000);
  await setMargin(ctx, D2, INJECTION, 1500);
  await setInterStateMargin(ctx, INJECTION, D1, 99);

  await application('Approved', '10', '10:00', '12:00', 100);
  await application('PartiallyApproved', '6', '11:00', '13:00', 50);
  await application('SLDCApproverIApproved', '4', '12:00', '13:00', 100);
  await application('Rejected', '7', '00:00', '24:00', 100);
  await application('Approved', '8', '00:00', '24:00', 100, 'InterState');
  await application('PendingSTOAApproval', '9', '00:00', '24:00');

  const consented = await consentIn(ctx, 'Consented');
  const pending = await consentIn(ctx, 'Verified');
  expect(consented.status).toBe('Consented');
  consentPoint = consented.point;
  pendingPoint = pending.point;
  consentDay = consented.fromDate;
}, 120_000);
afterAll(() => ctx.close());

describe('STOA Margin Availability (Intra-State)', () => {
  it('shows per date and element the runs of blocks with equal figures: margin, approved, awaiting approval, available, over-allocated', async () => {
    const res = await page(INTRA, sldc, { fromDate: D1, toDate: D2 });
    expect(res.dataCount).toBe(11);
    expect(res.totals).toBeNull();
    expect(res.rows.map((r) => [r.marginDate, r.element, r.timeRange])).toEqual([
      [D1, INJECTION, '00:00–10:00'],
      [D1, INJECTION, '10:00–11:00'],
      [D1, INJECTION, '11:00–12:00'],
      [D1, INJECTION, '12:00–13:00'],
      [D1, INJECTION, '13:00–24:00'],
      [D1, DRAWAL, '00:00–10:00'],
      [D1, DRAWAL, '10:00–11:00'],
      [D1, DRAWAL, '11:00–12:00'],
      [D1, DRAWAL, '12:00–13:00'],
      [D1, DRAWAL, '13:00–24:00'],
      [D2, INJECTION, '00:00–24:00'],
    ]);
    expect(res.rows.map(figures)).toEqual([
      [1, 40, 2000, 0, 0, 2000, 0],
      [41, 44, 2000, 1000, 0, 1000, 0],
      [45, 48, 2000, 1300, 0, 700, 0],
      [49, 52, 500, 300, 400, 0, 200],
      [53, 96, 2000, 0, 0, 2000, 0],
      [1, 40, 3000, 0, 0, 3000, 0],
      [41, 44, 3000, 1000, 0, 2000, 0],
      [45, 48, 3000, 1300, 0, 1700, 0],
      [49, 52, 3000, 300, 400, 2300, 0],
      [53, 96, 3000, 0, 0, 3000, 0],
      [1, 96, 1500, 0, 0, 1500, 0],
    ]);
  });

  it('leaves available exactly the margin processing still has to give, block by block', async () => {
    const res = await page(INTRA, sldc, { fromDate: D1, toDate: D1 });
    const used = await usedByDay(ctx.database.db, [D1]);
    const remaining = await remainingMargins(ctx.database.db, D1, used.get(D1));
    for (const element of [INJECTION, DRAWAL])
      expect(perBlock(res.rows, D1, element, 'available')).toEqual(Array.from(remaining.get(atcElementKey(element))!));
  });

  it('filters by date and element, sorts and pages in SQL', async () => {
    const d2 = await page(INTRA, sldc, { fromDate: D2, toDate: D2 });
    expect(d2.rows.map((r) => [r.marginDate, r.element, r.available])).toEqual([[D2, INJECTION, 1500]]);
    const vadodara = await page(INTRA, sldc, { fromDate: D1, toDate: D2, element: 'vadodara' });
    expect(vadodara.dataCount).toBe(5);
    expect(new Set(vadodara.rows.map((r) => r.element))).toEqual(new Set([DRAWAL]));
    expect((await page(INTRA, sldc, { fromDate: '2026-09-01', toDate: '2026-09-30' })).dataCount).toBe(0);

    const over = await page(INTRA, sldc, { fromDate: D1, toDate: D2, sort: 'overAllocated:desc' });
    expect(figures(over.rows[0]!)).toEqual([49, 52, 500, 300, 400, 0, 200]);
    const first = await page(INTRA, sldc, { fromDate: D1, toDate: D2, pageSize: '10' });
    const second = await page(INTRA, sldc, { fromDate: D1, toDate: D2, pageSize: '10', pageNumber: '2' });
    expect([first.rows.length, second.rows.length, second.dataCount]).toEqual([10, 1, 11]);
    expect(second.rows[0]).toMatchObject({ marginDate: D2, element: INJECTION });
  });

  it('requires the date range and keeps it to 31 days', async () => {
    const errors = async (query: Record<string, string>) => {
      const res = await pageRes(INTRA, sldc, query);
      expect(res.statusCode, res.body).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await errors({})).toContain('Date from is required');
    expect(await errors({ fromDate: D1, toDate: '' })).toContain('Date to is required');
    expect(await errors({ fromDate: D2, toDate: D1 })).toContain('Date to must be on or after Date from');
    expect(await errors({ fromDate: '2026-08-01', toDate: '2026-09-01' })).toContain('at most 31 days');
    expect((await download(INTRA, sldc, { format: 'xlsx', fromDate: '2026-08-01' })).statusCode).toBe(400);
    expect((await page(INTRA, sldc, { fromDate: '2026-08-01', toDate: '2026-08-31' })).dataCount).toBe(11);
  });

  it('downloads the same rows as Excel (MW as numbers, no totals row) and as PDF', async () => {
    const xlsx = await download(INTRA, sldc, { format: 'xlsx', fromDate: D1, toDate: D2 });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('stoa-margin-availability-intra-state-2026-08-05.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Margin Availability Intra-State');
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['State Load Dispatch Centre — STOA Margin Availability (Intra-State)']);
    expect(rows[1]).toEqual(['Filters: Date from: 10/08/2026; Date to: 11/08/2026']);
    expect(rows[3]).toEqual([
      'Date',
      'Element',
      'From block',
      'To block',
      'Time (IST)',
      'Margin (MW)',
      'Approved (MW)',
      'Awaiting approval (MW)',
      'Available (MW)',
      'Over-allocated (MW)',
    ]);
    expect(rows).toHaveLength(4 + 11);
    expect(rows[7]).toEqual(['10/08/2026', INJECTION, 49, 52, '12:00–13:00', 5, 3, 4, 0, 2]);
    expect(rows.at(-1)).toEqual(['11/08/2026', INJECTION, 1, 96, '00:00–24:00', 15, 0, 0, 15, 0]);

    const pdf = await download(INTRA, sldc, { format: 'pdf', fromDate: D1, toDate: D1, element: 'Anand' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const raw = pdf.rawPayload.toString('latin1');
    expect(raw.startsWith('%PDF')).toBe(true);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('STOA Margin Availability (Intra-State)');
    expect(text).toContain('Element: Anand');
    expect(text).toContain(INJECTION);
    expect(text).not.toContain(DRAWAL);
    expect(text).toContain('5 rows');
  });
});

describe('STOA Margin Availability (Inter-State)', () => {
  it('shows the inter-state margins less what consents granted, and none of the intra-state ones', async () => {
    const res = await page(INTER, sldc, { fromDate: D1, toDate: D2 });
    expect(res.rows.map((r) => [r.element, r.fromBlock, r.toBlock, r.margin, r.consented, r.available, r.overAllocated])).toEqual([
      [INJECTION, 1, 96, 9900, 0, 9900, 0],
    ]);
    expect(res.rows[0]).not.toHaveProperty('awaitingApproval');

    const day = await page(INTER, sldc, { fromDate: consentDay, toDate: consentDay });
    const at = (point: string) =>
      day.rows.filter((r) => r.element === point).map((r) => [r.timeRange, r.margin, r.consented, r.available, r.overAllocated]);
    expect(at(consentPoint)).toEqual([
      ['00:00–10:00', 5000, 0, 5000, 0],
      ['10:00–12:00', 5000, 1000, 4000, 0],
      ['12:00–24:00', 5000, 0, 5000, 0],
    ]);
    // Forwarded, not yet consented: nothing granted.
    expect(at(pendingPoint)).toEqual([['00:00–24:00', 5000, 0, 5000, 0]]);
    expect((await page(INTRA, sldc, { fromDate: consentDay, toDate: consentDay })).dataCount).toBe(0);
  });

  it('downloads as Excel with the consented column', async () => {
    const xlsx = await download(INTER, sldc, { format: 'xlsx', fromDate: D1, toDate: D1 });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[3]![6]).toBe('Consented (MW)');
    expect(rows[4]).toEqual(['10/08/2026', INJECTION, 1, 96, '00:00–24:00', 99, 0, 99, 0]);
  });
});

describe('who has the margin availability reports', () => {
  it('answers the three SLDC roles', async () => {
    for (const role of ['SLDCApproverI', 'SLDCApproverII'] as Role[]) {
      const who = await signIn(ctx, role);
      expect((await page(INTRA, who, { fromDate: D1, toDate: D1 })).dataCount).toBe(10);
      expect((await download(INTER, who, { format: 'pdf', fromDate: D1, toDate: D1 })).statusCode).toBe(200);
    }
  });

  it('refuses applicants, traders, DISCOM and TRANSCO users and the Admin: page and downloads', async () => {
    for (const role of ['OABusinessUser', 'Trader', 'DISCOMBusinessUser', 'TRANSCOBusinessUser', 'Admin'] as Role[]) {
      const who = await signIn(ctx, role);
      for (const report of [INTRA, INTER]) {
        expect((await pageRes(report, who, { fromDate: D1, toDate: D1 })).statusCode, `${role} ${report}`).toBe(403);
        expect((await download(report, who, { format: 'xlsx', fromDate: D1, toDate: D1 })).statusCode).toBe(403);
        expect((await download(report, who, { format: 'pdf', fromDate: D1, toDate: D1 })).statusCode).toBe(403);
      }
    }
  });
});

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in reports.routes.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}
