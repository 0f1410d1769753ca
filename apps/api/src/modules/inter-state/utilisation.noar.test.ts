import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { NOAR_FORM_NAME, type Utilisation } from '@stoa/shared/inter-state';
import { enUtilisation } from '@stoa/shared/messages';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { standingClearanceCapAlerts } from './standing-clearance.tables';
import { clearanceIn, dayFromToday } from './standing-clearance.test-fixtures';
import { uploadUtilisationFile, utilisationCsv } from './utilisation.test-fixtures';

/**
 * Decision 0077: the NOAR schedule of bilateral clearances (rows of several NOAR applications summed, every
 * row error listed), caps per block range in the utilisation check, and the notification of a day over the
 * cap, once per clearance and day.
 */

let ctx: TestContext;
type Signed = { id: string; token: string };
let sldc: Signed;
const signed = async (role: Parameters<typeof createUser>[1]): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  sldc = await signed('SLDCBusinessUser');
});
afterAll(() => ctx.close());

const NOAR_HEADER = ['Date', 'NOC No', 'Direction', 'NOAR Application No', ...ATC_BLOCK_HEADERS];
const noarCsv = (rows: { date: string; number: string; direction: string; noar: string; mw: string | string[] }[], header = NOAR_HEADER) =>
  Buffer.from(
    [
      header.join(','),
      ...rows.map((r) =>
        [r.date, r.number, r.direction, r.noar, ...(Array.isArray(r.mw) ? r.mw : ATC_BLOCK_HEADERS.map(() => r.mw))].join(','),
      ),
    ].join('\r\n'),
  );
/** Uploads with File/Upload?formName=StandingClearanceNoarSchedule, then the call. */
async function uploadNoar(bytes: Buffer) {
  const { multipart } = await import('../../../test/files-fixtures');
  const { body, headers } = multipart('uploadedFile', 'noar.csv', bytes);
  const file = await ctx.app.inject({
    method: 'POST',
    url: `/api/File/Upload?formName=${NOAR_FORM_NAME}`,
    payload: body,
    headers: { ...headers, ...bearer(sldc.token) },
  });
  expect(file.statusCode, file.body).toBe(200);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/StandingClearance/UploadNoarSchedule',
    headers: bearer(sldc.token),
    payload: { fileId: file.json().data.id },
  });
}
const uploadPx = async (bytes: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/StandingClearance/UploadUtilisation',
    headers: bearer(sldc.token),
    payload: { fileId: await uploadUtilisationFile(ctx, sldc.token, bytes) },
  });
const utilisationOf = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/StandingClearance/GetUtilisation/${id}`, headers: bearer(sldc.token) })).json()
    .data as Utilisation;
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const overCapMessages = async (userId: string) =>
  (
    await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), like(notifications.message, '%was exceeded on%')))
      .orderBy(asc(notifications.createdAt))
  ).map((n) => n.message);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** 4 MW in every block but `mw` in blocks 33–36 (08:00–09:00). */
const morning = (mw: string) => ATC_BLOCK_HEADERS.map((_, i) => (i >= 32 && i <= 35 ? mw : '4'));

describe('UploadNoarSchedule', () => {
  it('sums the NOAR applications of a bilateral clearance, day and direction, stored with their source', async () => {
    const d = await clearanceIn(ctx, 'Issued', { transactionType: 'Bilateral' });
    const day = dayFromToday(ctx, 1);
    const res = await uploadNoar(
      noarCsv([
        { date: day, number: d.certificateNo!, direction: 'Buy', noar: 'NOAR/BL/1001', mw: '3' },
        { date: day, number: d.certificateNo!, direction: 'Buy', noar: 'NOAR/BL/1002', mw: '2.5' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rowCount: 2, insertedCount: 1, replacedCount: 0, clearanceCount: 1, overCapDays: 0 });
    const u = await utilisationOf(d.id);
    expect(u.days).toEqual([
      { date: day, direction: 'Buy', source: 'Noar', maxMw: '5.50', capMw: '10.00', blocksOverCap: [], warning: false },
    ]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'STANDING_CLEARANCE_UTILISATION_UPLOADED'))
      .orderBy(asc(auditLog.id));
    expect(audit!.after).toMatchObject({ source: 'Noar', rowCount: 2 });
  });

  it('lists every row error: a power-exchange clearance, the same NOAR application twice, a bad MW, an unknown column', async () => {
    const bilateral = await clearanceIn(ctx, 'Issued', { transactionType: 'Bilateral' });
    const px = await clearanceIn(ctx, 'Issued');
    const day = dayFromToday(ctx, 2);
    const res = await uploadNoar(
      noarCsv([
        { date: day, number: bilateral.certificateNo!, direction: 'Buy', noar: 'N-1', mw: '1' }, // row 2: valid
        { date: day, number: bilateral.certificateNo!, direction: 'Buy', noar: 'N-1', mw: '1' }, // 3: same application
        { date: day, number: px.certificateNo!, direction: 'Buy', noar: 'N-2', mw: '1' }, // 4: power exchange
        { date: day, number: bilateral.certificateNo!, direction: 'Buy', noar: 'N-3', mw: 'x' }, // 5: MW
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = fieldErrors(res);
    expect(Object.keys(errors).sort()).toEqual(
      ['rows.3.Certificate No', 'rows.4.Certificate No', ...ATC_BLOCK_HEADERS.map((h) => `rows.5.${h}`)].sort(),
    );
    expect(errors['rows.3.Certificate No']).toEqual([enUtilisation.rows.duplicateNoar(2)]);
    expect(errors['rows.4.Certificate No']).toEqual([enUtilisation.rows.wrongType(px.certificateNo!, 'power exchange (collective)')]);
    expect(errors['rows.5.00:00']).toEqual(["'x' is not a number."]);
    // The power exchange's upload refuses a bilateral clearance the same way.
    const px2 = await uploadPx(utilisationCsv([{ date: day, number: bilateral.certificateNo!, direction: 'Buy', mw: '1' }]));
    expect(fieldErrors(px2)['rows.2.Certificate No']).toEqual([
      enUtilisation.rows.wrongType(bilateral.certificateNo!, 'bilateral inter-state'),
    ]);
    // The NOAR column is the NOAR schedule's only.
    const header = await uploadPx(utilisationCsv([], ['Date', 'Certificate No', 'Direction', 'NOAR Application No', ...ATC_BLOCK_HEADERS]));
    expect(fieldErrors(header)['rows.1.NOAR Application No']).toEqual([enUtilisation.rows.columnUnknown('NOAR Application No')]);
  });
});

describe('caps per block range and the over-cap notification', () => {
  it('holds each block to its range cap, and notifies a day over the cap once (not on a re-upload), a new day again', async () => {
    const applicant = await createUser(ctx, 'OABusinessUser');
    const approver = await createUser(ctx, 'SLDCApproverI');
    const body = { maxBuyMw: '10', blockCaps: [{ fromBlock: 33, toBlock: 36, maxBuyMw: '6' }] };
    const d = await clearanceIn(ctx, 'Issued', { applicantUserId: applicant.id, transactionType: 'Bilateral', body });
    expect(d.blockCaps).toEqual([{ fromBlock: 33, toBlock: 36, fromTime: '08:00', toTime: '09:00', maxBuyMw: '6.00', maxSellMw: null }]);
    const day1 = dayFromToday(ctx, 1);
    const day2 = dayFromToday(ctx, 2);

    // 7 MW in 08:00–09:00: within the overall 10 MW, above the range's 6 MW.
    const first = await uploadNoar(noarCsv([{ date: day1, number: d.certificateNo!, direction: 'Buy', noar: 'A', mw: morning('7') }]));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.overCapDays).toBe(1);
    const u = await utilisationOf(d.id);
    expect(u.days[0]).toMatchObject({ date: day1, maxMw: '7.00', capMw: '10.00', blocksOverCap: [33, 34, 35, 36], warning: true });
    const message = enUtilisation.notifications.overCap(d.certificateNo!, d.entityName, dmy(day1), 4);
    expect(await overCapMessages(applicant.id)).toEqual([message]);
    expect(await overCapMessages(sldc.id)).toEqual([message]);
    expect(await overCapMessages(approver.id)).toEqual([message]);

    // The same day again (still over): no second notification; another day over: one more.
    const again = await uploadNoar(
      noarCsv([
        { date: day1, number: d.certificateNo!, direction: 'Buy', noar: 'A', mw: morning('8') },
        { date: day2, number: d.certificateNo!, direction: 'Buy', noar: 'B', mw: morning('6.01') },
      ]),
    );
    expect(again.json().data).toMatchObject({ overCapDays: 2, replacedCount: 1, insertedCount: 1 });
    expect(await overCapMessages(applicant.id)).toEqual([
      message,
      enUtilisation.notifications.overCap(d.certificateNo!, d.entityName, dmy(day2), 4),
    ]);
    const alerts = await ctx.database.db
      .select()
      .from(standingClearanceCapAlerts)
      .where(eq(standingClearanceCapAlerts.standingClearanceId, d.id));
    expect(alerts.map((a) => a.usageDate).sort()).toEqual([day1, day2]);

    // Exactly at the range cap is within it: no warning.
    await uploadNoar(noarCsv([{ date: day1, number: d.certificateNo!, direction: 'Buy', noar: 'A', mw: morning('6') }]));
    expect((await utilisationOf(d.id)).days.find((x) => x.date === day1)).toMatchObject({ warning: false, blocksOverCap: [] });
  });
});
