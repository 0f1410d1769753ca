import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import type { Utilisation } from '@stoa/shared/inter-state';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { standingClearanceUtilisation } from './standing-clearance.tables';
import { clearanceIn, dayFromToday } from './standing-clearance.test-fixtures';
import { uploadUtilisationFile, utilisationCsv } from './utilisation.test-fixtures';

/**
 * Utilisation of standing clearances (issue 14, decision 0063): the SLDC's upload of cleared volumes
 * (every row error with its row and column, nothing kept; a re-upload of a day replaces it; CSV and
 * Excel), and GetUtilisation's per-day maximum against the cap with the blocks above it, in the
 * record policy of Get.
 */

let ctx: TestContext;
type Signed = { id: string; token: string };
let sldc: Signed, owner: Signed, other: Signed;
const signed = async (role: Parameters<typeof createUser>[1]): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  [sldc, owner, other] = [await signed('SLDCBusinessUser'), await signed('OABusinessUser'), await signed('OABusinessUser')];
});
afterAll(() => ctx.close());

const upload = async (bytes: Buffer, name?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/StandingClearance/UploadUtilisation',
    headers: bearer(sldc.token),
    payload: { fileId: await uploadUtilisationFile(ctx, sldc.token, bytes, name) },
  });
const getUtilisation = (id: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/StandingClearance/GetUtilisation/${id}`, headers: bearer(token) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const rowCount = async () => (await ctx.database.db.select().from(standingClearanceUtilisation)).length;

/** 5 MW in every block, 12.5 MW in blocks 33 and 34 (08:00, 08:15). */
const peak = ATC_BLOCK_HEADERS.map((_, i) => (i === 32 || i === 33 ? '12.5' : '5'));

describe('UploadUtilisation and GetUtilisation', () => {
  it('stores each day and direction, shows the largest block against the cap with a warning, and a re-upload replaces the day', async () => {
    const d = await clearanceIn(ctx, 'Issued', { applicantUserId: owner.id });
    const day1 = dayFromToday(ctx, 1);
    const day2 = dayFromToday(ctx, 2);
    const res = await upload(
      utilisationCsv([
        { date: day1, number: d.certificateNo!, direction: 'Buy', mw: peak },
        {
          date: `${day2.slice(8, 10)}/${day2.slice(5, 7)}/${day2.slice(0, 4)}`,
          number: d.certificateNo!.toLowerCase(),
          direction: 'buy',
          mw: '10',
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      rowCount: 2,
      insertedCount: 2,
      replacedCount: 0,
      clearanceCount: 1,
      dateFrom: day1,
      dateTo: day2,
    });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'STANDING_CLEARANCE_UTILISATION_UPLOADED'));
    expect(audit).toHaveLength(1);

    const got = await getUtilisation(d.id, owner.token);
    expect(got.statusCode, got.body).toBe(200);
    const u = got.json().data as Utilisation;
    expect(u).toMatchObject({ maxBuyMw: '10.00', maxSellMw: null, warningCount: 1 });
    expect(u.days).toEqual([
      { date: day2, direction: 'Buy', source: 'PowerExchange', maxMw: '10.00', capMw: '10.00', blocksOverCap: [], warning: false },
      { date: day1, direction: 'Buy', source: 'PowerExchange', maxMw: '12.50', capMw: '10.00', blocksOverCap: [33, 34], warning: true },
    ]);

    // The same day again replaces it.
    const again = await upload(utilisationCsv([{ date: day1, number: d.certificateNo!, direction: 'Buy', mw: '7.25' }]));
    expect(again.json().data).toMatchObject({ insertedCount: 0, replacedCount: 1 });
    const after = (await getUtilisation(d.id, sldc.token)).json().data as Utilisation;
    expect(after.days.find((x) => x.date === day1)).toMatchObject({ maxMw: '7.25', warning: false, blocksOverCap: [] });
    expect(after.warningCount).toBe(0);
  });

  it('lists every row error with its row and column and keeps nothing', async () => {
    const issued = await clearanceIn(ctx, 'Issued');
    const revoked = await clearanceIn(ctx, 'Revoked');
    const refused = await clearanceIn(ctx, 'Refused');
    const before = await rowCount();
    const negative = ATC_BLOCK_HEADERS.map((_, i) => (i === 4 ? '-1' : '2'));
    const res = await upload(
      utilisationCsv([
        { date: dayFromToday(ctx, 1), number: issued.certificateNo!, direction: 'Buy', mw: '3' }, // row 2: valid
        { date: dayFromToday(ctx, 1), number: 'NOC/PX/2026/999999', direction: 'Buy', mw: '3' }, // 3: unknown
        { date: dayFromToday(ctx, 200), number: issued.certificateNo!, direction: 'Buy', mw: '3' }, // 4: outside validity
        { date: dayFromToday(ctx, 2), number: revoked.certificateNo!, direction: 'Buy', mw: '3' }, // 5: revoked
        { date: dayFromToday(ctx, 2), number: refused.registrationNo!, direction: 'Buy', mw: '3' }, // 6: refused
        { date: dayFromToday(ctx, 2), number: issued.certificateNo!, direction: 'Buy', mw: negative }, // 7: negative
        { date: dayFromToday(ctx, 3), number: issued.certificateNo!, direction: 'Sell', mw: '1' }, // 8: no sell side
        { date: '31/02/2026', number: issued.certificateNo!, direction: 'Both', mw: '1' }, // 9: date, direction
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = fieldErrors(res);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'rows.3.Certificate No',
        'rows.4.Date',
        'rows.5.Certificate No',
        'rows.6.Certificate No',
        'rows.7.01:00',
        'rows.8.Direction',
        'rows.9.Date',
        'rows.9.Direction',
      ].sort(),
    );
    expect(errors['rows.3.Certificate No']![0]).toContain('NOC/PX/2026/999999');
    expect(errors['rows.5.Certificate No']![0]).toContain('revoked');
    expect(errors['rows.6.Certificate No']![0]).toContain('refused');
    expect(errors['rows.7.01:00']).toEqual(['MW cannot be negative.']);
    expect(await rowCount()).toBe(before);
  });

  it('reports missing columns of the header', async () => {
    const res = await upload(utilisationCsv([], ['Date', 'Direction', ...ATC_BLOCK_HEADERS.slice(1)]));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['rows.1.00:00', 'rows.1.Certificate No']);
  });

  it('reads an Excel workbook and names a clearance by its registration number', async () => {
    const d = await clearanceIn(ctx, 'Issued');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cleared');
    ws.addRow(['Date', 'Registration No', 'Direction', ...ATC_BLOCK_HEADERS.map((_, i) => `Block ${i + 1}`)]);
    const day = dayFromToday(ctx, 5);
    ws.addRow([new Date(`${day}T00:00:00Z`), d.registrationNo, 'Buy', ...ATC_BLOCK_HEADERS.map(() => 4.5)]);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()), 'cleared.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const u = (await getUtilisation(d.id, sldc.token)).json().data as Utilisation;
    expect(u.days).toEqual([
      { date: day, direction: 'Buy', source: 'PowerExchange', maxMw: '4.50', capMw: '10.00', blocksOverCap: [], warning: false },
    ]);
  });

  it("answers 404 for another applicant's clearance, as Get does", async () => {
    const d = await clearanceIn(ctx, 'Issued', { applicantUserId: owner.id });
    expect((await getUtilisation(d.id, other.token)).statusCode).toBe(404);
    const mine = await getUtilisation(d.id, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.days).toEqual([]);
  });
});
