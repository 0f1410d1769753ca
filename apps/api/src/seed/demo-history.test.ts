import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays, type ApplicationRow } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import type { PaymentDue } from '@stoa/shared/payments';

import { bearer, buildTestApp, login, type TestContext } from '../../test/build-test-app';
import { auditLog } from '../modules/audit/audit.tables';
import { createFileStorage } from '../platform/files/storage';
import { seedDemoData } from './demo';
import { DEMO_HISTORY_DAYS, DEMO_REJECTION_REMARKS, replayDemoHistory } from './demo-history';

let ctx: TestContext;
let filesDir: string;
let today: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stoa-demo-history-'));
  ctx = await buildTestApp({ filesDir });
  const now = new Date();
  today = istDate(now);
  expect(await seedDemoData(ctx.database.db, createFileStorage(filesDir), { since: new Date(now.getTime() - 30 * DAY_MS) })).toBe(true);
  await replayDemoHistory(ctx.app, ctx.clock, today);
  ctx.clock.set(now);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const as = async (userName: string, password: string) => bearer((await login(ctx, { userName, password })).jwtToken);
const get = async <T>(headers: Record<string, string>, url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

describe('the demo week (issue 11 item 23)', () => {
  it('holds a week of Day-Ahead applications from the seller to the buyer, approved or rejected with its reason', async () => {
    const sldc = await as('sldc.user', 'Sldc#Demo2026');
    const { applicationList } = await get<{ applicationList: ApplicationRow[] }>(
      sldc,
      '/api/Application/GetAll/DayAhead?pageNumber=1&pageSize=50',
    );
    const past = applicationList.filter((a) => a.fromDate <= today).sort((a, b) => a.fromDate.localeCompare(b.fromDate));
    expect(past.map((a) => [a.fromDate, a.status.status])).toEqual(
      DEMO_HISTORY_DAYS.map((d) => [addDays(today, -d.daysAgo + 1), d.outcome === 'Approved' ? 'Approved' : 'Rejected']),
    );
    expect(past.every((a) => a.sellerName === 'Kutch Wind Power Ltd' && a.buyerName === 'Shreeji Ceramics Ltd')).toBe(true);
    const rejected = past.find((a) => a.status.status === 'Rejected')!;
    const detail = await get<{ actionHistory?: { remarks: string | null }[] }>(sldc, `/api/Application/Get/${rejected.id}`);
    expect(JSON.stringify(detail)).toContain(DEMO_REJECTION_REMARKS);
    // Anything still in the SLDC's queue is today's application for a coming day, waiting for its fee.
    for (const a of applicationList.filter((x) => x.fromDate > today)) expect(a.status.status).toBe('Submitted');
  });

  it('has the fees and all but the last day’s charges paid and approved, the last day’s charges due', async () => {
    const seller = await as('oa.seller', 'Seller#Demo26');
    const { paymentList } = await get<{ paymentList: PaymentDue[] }>(seller, '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100');
    const fees = paymentList.filter((d) => d.head === 'APPLICATION_FEE');
    const charges = paymentList.filter((d) => d.head !== 'APPLICATION_FEE');
    expect(fees.filter((d) => d.status === 'PAID')).toHaveLength(DEMO_HISTORY_DAYS.length);
    const approved = DEMO_HISTORY_DAYS.filter((d) => d.outcome === 'Approved').length;
    // Each approved application raises its transmission and operating charges (two heads at least).
    const byRecord = new Map<string, PaymentDue[]>();
    for (const c of charges) byRecord.set(c.recordId, [...(byRecord.get(c.recordId) ?? []), c]);
    expect(byRecord.size).toBe(approved);
    const settled = [...byRecord.values()].filter((dues) => dues.every((d) => d.status === 'PAID' && d.balanceAmount === 0));
    const open = [...byRecord.values()].filter((dues) => dues.every((d) => d.status === 'DUE' && d.paidAmount === 0));
    expect([settled.length, open.length]).toEqual([approved - 1, 1]);
    for (const dues of byRecord.values()) expect(dues.length).toBeGreaterThanOrEqual(2);
  });

  it('dates every step inside the past week, in order, as the portal would have written it', async () => {
    const rows = await ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const history = rows.filter((r) => r.action.startsWith('APPLICATION_') || r.action.startsWith('PAYMENT_'));
    expect(history.length).toBeGreaterThan(30);
    const first = new Date(`${addDays(today, -8)}T00:00:00+05:30`).getTime();
    for (const r of history) expect(r.occurredAt.getTime()).toBeGreaterThanOrEqual(first);
    const pastOnly = history.filter((r) => istDate(r.occurredAt) < today);
    const times = pastOnly.map((r) => r.occurredAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
