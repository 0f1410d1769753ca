import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationEndpoints } from '@stoa/shared/applications';
import { configurationEndpoints } from '@stoa/shared/configuration';
import { type CurtailmentDetail, curtailmentEndpoints as e, type CurtailmentList, type CurtailmentPreview } from '@stoa/shared/curtailment';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { approvedTrader, grantedOf, readApplication } from '../applications/applications.test-fixtures';
import { atcMargins } from '../atc/atc.tables';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { scheduleVersionDays, scheduleVersions } from '../revisions/revisions.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { approvedApplication, curtailmentBody, INJECTION, marginsOn, setCurtailmentOrder } from './curtailment.test-fixtures';

/**
 * Curtailment (issue 5, decision 0014) through the API. Every test uses its own date: the fixtures'
 * applications all share the path 'Anand 132 kV' → 'Vadodara 66 kV'.
 */
let ctx: TestContext;
let sldc: SignedIn;
let approver: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver = await signIn(ctx, 'SLDCApproverI');
});
afterAll(() => ctx.close());

/** Blocks 41–48 (10:00–12:00) are indices 40–47. */
const B = 40;
const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('curtailing an element pro-rata', () => {
  it('previews, then cuts the affected schedules pro-rata, records energy and refund, lowers the margin, audits and notifies', async () => {
    const date = '2026-07-20';
    await marginsOn(ctx, date, 2000);
    const first = await approvedApplication(ctx, date, '6');
    const second = await approvedApplication(ctx, date, '4');

    // 5 MW off 'Anand 132 kV' 10:00–11:00 (blocks 41–44): 6 : 4 → 3 and 2 MW.
    const preview = data<CurtailmentPreview>(
      await call(ctx, e.preview, sldc, { body: curtailmentBody(date, { element: ' anand  132 KV ' }) }),
    );
    expect(preview).toMatchObject({
      element: INJECTION,
      order: 'ProRata',
      fromTimeBlock: '10:00',
      toTimeBlock: '11:00',
      quantum: '5.00',
      curtailedMwh: '5.00',
    });
    expect(preview.itemList.map((i) => [i.applicationId, i.curtailedMwh, i.refundAmount])).toEqual(
      [
        // 3 MW × 1 h = 3 MWh = 3,000 kWh × Rs 0.08 = Rs 240; 2 MWh → Rs 160.
        [first.app.id, '3.00', 24_000],
        [second.app.id, '2.00', 16_000],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
    );
    const item = preview.itemList.find((i) => i.applicationId === first.app.id)!;
    expect(item.blockList).toHaveLength(4);
    expect(item.blockList[0]).toEqual({ block: 41, fromTime: '10:00', toTime: '10:15', beforeMw: '6.00', afterMw: '3.00', cutMw: '3.00' });
    // Nothing was saved by the preview.
    expect((await grantedOf(ctx, first.app.id)).get(date)![B]).toBe(600);

    const detail = data<CurtailmentDetail>(await call(ctx, e.create, sldc, { body: curtailmentBody(date) }));
    expect(detail).toMatchObject({
      element: INJECTION,
      curtailmentDate: date,
      cause: 'TransmissionConstraint',
      curtailedMwh: '5.00',
      refundAmount: 40_000,
      remarks: 'Line outage',
      order: 'ProRata',
    });
    // The rate in the one currency style of the screens (issue 11 item 25), never 'Rs'.
    expect(detail.refundNote).toContain('STU transmission charge ₹0.08/kWh');
    expect(detail.curtailmentNo).toMatch(/^CUR\/2026\/\d{6}$/);
    expect(detail.itemList).toHaveLength(2);

    const g1 = (await grantedOf(ctx, first.app.id)).get(date)!;
    const g2 = (await grantedOf(ctx, second.app.id)).get(date)!;
    expect(g1.slice(B, B + 8)).toEqual([300, 300, 300, 300, 600, 600, 600, 600]);
    expect(g2.slice(B, B + 8)).toEqual([200, 200, 200, 200, 400, 400, 400, 400]);

    // The element's STOA capacity is lowered by the reduction in the curtailed blocks only.
    const [margin] = await ctx.database.db
      .select()
      .from(atcMargins)
      .where(and(eq(atcMargins.marginDate, date), eq(atcMargins.elementKey, 'anand 132 kv')));
    expect(margin!.blocks.slice(B - 1, B + 5)).toEqual([2000, 1500, 1500, 1500, 1500, 2000]);

    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, detail.id));
    expect(audits.map((r) => r.action)).toEqual(['CURTAILMENT_CREATED']);
    const appAudits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.app.id), eq(auditLog.action, 'APPLICATION_CURTAILED')));
    expect(appAudits).toHaveLength(1);
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, first.applicant.id));
    expect(notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining(`${detail.curtailmentNo}: the schedule of application ${first.app.applicationNo} on ${INJECTION}`),
    );

    // The detail again, as the approver (all items) and the applicant (own only).
    expect(data<CurtailmentDetail>(await call(ctx, e.get, approver, { params: { curtailmentId: detail.id } })).itemList).toHaveLength(2);
    const own = data<CurtailmentDetail>(await call(ctx, e.get, first.applicant, { params: { curtailmentId: detail.id } }));
    expect(own.itemList.map((i) => i.applicationId)).toEqual([first.app.id]);
    expect(own).toMatchObject({ curtailedMwh: '3.00', refundAmount: 24_000, createdByName: null });
  });

  it('a confirmation submitted twice cuts once: the second carries a stale margin version and gets 409', async () => {
    const date = '2026-07-30';
    await marginsOn(ctx, date, 2000);
    const one = await approvedApplication(ctx, date, '6');
    const preview = data<CurtailmentPreview>(await call(ctx, e.preview, sldc, { body: curtailmentBody(date) }));
    const body = curtailmentBody(date, { marginVersion: preview.marginVersion });
    expect((await call(ctx, e.create, sldc, { body })).statusCode).toBe(200);
    const again = await call(ctx, e.create, sldc, { body });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(
      'The margin of this element has changed since the preview (another curtailment or an upload); preview again.',
    );
    // 6 MW cut by 5 MW once: 1 MW left in blocks 41–44.
    expect((await grantedOf(ctx, one.app.id)).get(date)!.slice(B, B + 4)).toEqual([100, 100, 100, 100]);
  });

  it('a new capacity cuts what is held above it; cause Other records no refund', async () => {
    const date = '2026-07-21';
    await marginsOn(ctx, date, 2000);
    const first = await approvedApplication(ctx, date, '10');
    const second = await approvedApplication(ctx, date, '5');
    const third = await approvedApplication(ctx, date, '5');
    // 20 MW held; new capacity 8 MW on the drawal element from 11:00 to 12:00 → 12 MW cut: 6, 3, 3.
    const detail = data<CurtailmentDetail>(
      await call(ctx, e.create, sldc, {
        body: curtailmentBody(date, {
          element: 'Vadodara 66 kV',
          basis: 'NewCapacity',
          quantum: '8',
          fromTimeBlock: '11:00',
          toTimeBlock: '12:00',
          cause: 'Other',
        }),
      }),
    );
    expect(detail).toMatchObject({ refundAmount: null, curtailedMwh: '12.00', refundNote: expect.stringContaining('No refund') });
    expect(detail.itemList.every((i) => i.refundAmount === null)).toBe(true);
    expect((await grantedOf(ctx, first.app.id)).get(date)!.slice(B + 3, B + 8)).toEqual([1000, 400, 400, 400, 400]);
    expect((await grantedOf(ctx, second.app.id)).get(date)!.slice(B + 4, B + 8)).toEqual([200, 200, 200, 200]);
    expect((await grantedOf(ctx, third.app.id)).get(date)!.slice(B + 4, B + 8)).toEqual([200, 200, 200, 200]);
    const [margin] = await ctx.database.db
      .select()
      .from(atcMargins)
      .where(and(eq(atcMargins.marginDate, date), eq(atcMargins.elementKey, 'vadodara 66 kv')));
    expect(margin!.blocks.slice(B + 4, B + 8)).toEqual([800, 800, 800, 800]);

    // The schedules now fit the capacity: the same curtailment again has nothing to cut.
    const again = await call(ctx, e.create, sldc, {
      body: curtailmentBody(date, {
        element: 'Vadodara 66 kV',
        basis: 'NewCapacity',
        quantum: '8',
        fromTimeBlock: '11:00',
        toTimeBlock: '12:00',
      }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The schedules on this element already fit the capacity given; nothing to curtail.');
  });

  it('reverse category order (configured) cuts contingency first, then day-ahead, keeping advance', async () => {
    const date = '2026-07-22';
    await marginsOn(ctx, date, 5000);
    // The setting is effective-dated: reverse category order on this date only.
    await setCurtailmentOrder(ctx, 'ReverseCategory', date);
    await setCurtailmentOrder(ctx, 'ProRata', '2026-07-23');
    const advance = await approvedApplication(ctx, date, '10', { type: 'Advance' });
    const dayAhead = await approvedApplication(ctx, date, '10', { type: 'DayAhead' });
    const contingency = await approvedApplication(ctx, date, '10', { type: 'ContingencyDayAhead' });
    const preview = data<CurtailmentPreview>(await call(ctx, e.preview, sldc, { body: curtailmentBody(date, { quantum: '15' }) }));
    expect(preview.order).toBe('ReverseCategory');
    const cut = Object.fromEntries(preview.itemList.map((i) => [i.applicationId, i.curtailedMwh]));
    expect(cut).toEqual({ [contingency.app.id]: '10.00', [dayAhead.app.id]: '5.00' });
    expect(cut[advance.app.id]).toBeUndefined();
    const elements = data<{ elementList: { element: string }[]; order: string }>(await call(ctx, e.getElements, sldc, { query: { date } }));
    expect(elements).toEqual({ elementList: [{ element: INJECTION }, { element: 'Vadodara 66 kV' }], order: 'ReverseCategory' });
  });
});

describe('schedules still before the approvers', () => {
  it('are cut with the approved ones (every quantum-holding status), and Approver II keeps the curtailed grant', async () => {
    const date = '2026-07-26';
    await marginsOn(ctx, date, 5000);
    const approved = await approvedApplication(ctx, date, '6');
    const stoa = await approvedApplication(ctx, date, '4', { status: 'STOAApproved' });
    const approverI = await approvedApplication(ctx, date, '10', { status: 'SLDCApproverIApproved' });
    // Not holding: not processed yet (its values are not a grant) and a refused one.
    const pending = await approvedApplication(ctx, date, '5', { status: 'PendingSTOAApproval' });
    const refused = await approvedApplication(ctx, date, '5', { status: 'NoSTOARejected' });

    // 20 MW held on 'Anand 132 kV' 10:00–11:00; 10 MW off pro-rata → each keeps half: 3, 2 and 5 MW.
    const preview = data<CurtailmentPreview>(await call(ctx, e.preview, sldc, { body: curtailmentBody(date, { quantum: '10' }) }));
    expect(Object.fromEntries(preview.itemList.map((i) => [i.applicationId, i.curtailedMwh]))).toEqual({
      [approved.app.id]: '3.00',
      [stoa.app.id]: '2.00',
      [approverI.app.id]: '5.00',
    });
    const detail = data<CurtailmentDetail>(await call(ctx, e.create, sldc, { body: curtailmentBody(date, { quantum: '10' }) }));
    expect(detail.itemList.map((i) => i.applicationId).sort()).toEqual([approved.app.id, stoa.app.id, approverI.app.id].sort());
    expect((await grantedOf(ctx, stoa.app.id)).get(date)!.slice(B, B + 5)).toEqual([200, 200, 200, 200, 400]);
    expect((await grantedOf(ctx, approverI.app.id)).get(date)!.slice(B, B + 5)).toEqual([500, 500, 500, 500, 1000]);
    expect((await grantedOf(ctx, pending.app.id)).get(date)![B]).toBe(500);
    expect((await grantedOf(ctx, refused.app.id)).get(date)![B]).toBe(500);
    // The status is not changed by the curtailment.
    expect((await readApplication(ctx, stoa.app.id)).status).toBe('STOAApproved');

    // The approvers then decide Approved / PartiallyApproved from the curtailed grant, which stays.
    const approverII = await signIn(ctx, 'SLDCApproverII');
    const approve = async (who: SignedIn, id: string) => {
      const res = await call(ctx, applicationEndpoints.approve, who, {
        params: { type: 'DayAhead', id },
        body: { version: (await readApplication(ctx, id)).version, remarks: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return readApplication(ctx, id);
    };
    expect((await approve(approverII, approverI.app.id)).status).toBe('PartiallyApproved');
    expect((await grantedOf(ctx, approverI.app.id)).get(date)!.slice(B, B + 5)).toEqual([500, 500, 500, 500, 1000]);
    expect((await approve(approver, stoa.app.id)).status).toBe('SLDCApproverIApproved');
    expect((await approve(approverII, stoa.app.id)).status).toBe('PartiallyApproved');
    expect((await grantedOf(ctx, stoa.app.id)).get(date)!.slice(B, B + 5)).toEqual([200, 200, 200, 200, 400]);
  });

  it('Approver II: PartiallyApproved for the one cut, Approved for one whose blocks the curtailment missed', async () => {
    const date = '2026-07-27';
    await marginsOn(ctx, date, 5000);
    // The curtailment 10:00–12:00 cuts the schedule of 10:00–11:00 and not the one of 14:00–15:00.
    const early = await approvedApplication(ctx, date, '4', { status: 'SLDCApproverIApproved', from: '10:00', to: '11:00' });
    const late = await approvedApplication(ctx, date, '4', { status: 'SLDCApproverIApproved', from: '14:00', to: '15:00' });
    const detail = data<CurtailmentDetail>(
      await call(ctx, e.create, sldc, { body: curtailmentBody(date, { quantum: '1', toTimeBlock: '12:00' }) }),
    );
    expect(detail.itemList.map((i) => i.applicationId)).toEqual([early.app.id]);
    const approverII = await signIn(ctx, 'SLDCApproverII');
    const approve = (id: string, version: number) =>
      call(ctx, applicationEndpoints.approve, approverII, { params: { type: 'DayAhead', id }, body: { version, remarks: '' } });
    expect((await approve(early.app.id, (await readApplication(ctx, early.app.id)).version)).json().data.status).toBe('PartiallyApproved');
    expect((await approve(late.app.id, (await readApplication(ctx, late.app.id)).version)).json().data.status).toBe('Approved');
  });
});

describe('schedule versions', () => {
  it('each curtailment records the schedule after it as the next version (v0 as approved first), with its source', async () => {
    const date = '2026-07-28';
    await marginsOn(ctx, date, 5000);
    const x = await approvedApplication(ctx, date, '8');
    const first = data<CurtailmentDetail>(await call(ctx, e.create, sldc, { body: curtailmentBody(date, { quantum: '2' }) }));
    const second = data<CurtailmentDetail>(
      await call(ctx, e.create, sldc, { body: curtailmentBody(date, { quantum: '1', fromTimeBlock: '11:00', toTimeBlock: '12:00' }) }),
    );
    const versions = await ctx.database.db
      .select()
      .from(scheduleVersions)
      .where(eq(scheduleVersions.applicationId, x.app.id))
      .orderBy(scheduleVersions.versionNo);
    expect(versions.map((v) => [v.versionNo, v.source, v.curtailmentId, v.revisionId])).toEqual([
      [0, 'Approval', null, null],
      [1, 'Curtailment', first.id, null],
      [2, 'Curtailment', second.id, null],
    ]);
    expect(versions[1]!.createdByUserId).toBe(sldc.id);
    const days = await ctx.database.db
      .select()
      .from(scheduleVersionDays)
      .where(eq(scheduleVersionDays.applicationId, x.app.id))
      .orderBy(scheduleVersionDays.versionNo);
    expect(days.map((d) => [d.versionNo, d.day, d.granted.slice(B, B + 8)])).toEqual([
      [0, date, [800, 800, 800, 800, 800, 800, 800, 800]],
      [1, date, [600, 600, 600, 600, 800, 800, 800, 800]],
      [2, date, [600, 600, 600, 600, 700, 700, 700, 700]],
    ]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, x.app.id), eq(auditLog.action, 'APPLICATION_CURTAILED')));
    expect(
      audit
        .map((r) => [(r.before as { scheduleVersion: number }).scheduleVersion, (r.after as { scheduleVersion: number }).scheduleVersion])
        .sort(),
    ).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('checks', () => {
  it('reports every field error at once', async () => {
    const res = await call(ctx, e.create, sldc, {
      body: {
        element: '',
        curtailmentDate: '2026-02-30',
        fromTimeBlock: '11:00',
        toTimeBlock: '10:00',
        basis: 'Reduction',
        quantum: 'x',
        cause: 'Weather',
        remarks: '',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errorResponse as { fieldName: string }[]).map((f) => f.fieldName).sort();
    expect(fields).toEqual(expect.arrayContaining(['cause', 'curtailmentDate', 'element', 'quantum', 'remarks']));
  });

  it('rejects a past date, blocks already begun today, an unknown element and a zero reduction', async () => {
    const past = await call(ctx, e.create, sldc, { body: curtailmentBody('2026-07-09') });
    expect(past.statusCode).toBe(400);
    expect(past.json().errorResponse[0]).toEqual({
      fieldName: 'curtailmentDate',
      errorMessages: ['A curtailment cannot be for a past date.'],
    });
    // 10:05 IST is in block 41 (10:00–10:15): from 10:00 is allowed, 09:45 is not.
    await marginsOn(ctx, '2026-07-10', 2000);
    const begun = await call(ctx, e.preview, sldc, { body: curtailmentBody('2026-07-10', { fromTimeBlock: '09:45' }) });
    expect(begun.statusCode).toBe(400);
    expect(begun.json().errorResponse[0].errorMessages[0]).toContain('start at 10:00 or later');
    expect((await call(ctx, e.preview, sldc, { body: curtailmentBody('2026-07-10') })).statusCode).toBe(200);
    const unknown = await call(ctx, e.preview, sldc, { body: curtailmentBody('2026-07-10', { element: 'Nowhere 400 kV' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorResponse[0].fieldName).toBe('element');
    const zero = await call(ctx, e.preview, sldc, { body: curtailmentBody('2026-07-10', { quantum: '0' }) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errorResponse[0]).toEqual({ fieldName: 'quantum', errorMessages: ['MW must be more than 0 for a reduction.'] });
  });

  it('422 when no approved schedule uses the element in the blocks', async () => {
    await marginsOn(ctx, '2026-07-23', 2000);
    await approvedApplication(ctx, '2026-07-23', '5');
    const res = await call(ctx, e.create, sldc, { body: curtailmentBody('2026-07-23', { fromTimeBlock: '14:00', toTimeBlock: '15:00' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No approved STOA schedule uses this element in the blocks chosen; nothing to curtail.');
  });

  it('only the SLDC business user curtails', async () => {
    const body = curtailmentBody('2026-07-20');
    expect((await call(ctx, e.create, approver, { body })).statusCode).toBe(403);
    const applicant = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.preview, applicant, { body })).statusCode).toBe(403);
  });
});

describe('lists and scope', () => {
  it('SLDC roles list every curtailment; applicants and traders only those of their applications, with their items only', async () => {
    const date = '2026-07-24';
    await marginsOn(ctx, date, 5000);
    const trader = await signIn(ctx, 'Trader');
    const mine = await approvedApplication(ctx, date, '6');
    const viaTrader = await approvedApplication(ctx, date, '4', { createdByUserId: trader.id });
    const detail = data<CurtailmentDetail>(await call(ctx, e.create, sldc, { body: curtailmentBody(date, { quantum: '2' }) }));

    expect(detail.itemList).toHaveLength(2);
    const all = data<CurtailmentList>(
      await call(ctx, e.getAll, approver, { query: { pageNumber: '1', pageSize: '10', fromDate: date, toDate: date } }),
    );
    expect(all.dataCount).toBe(1);
    expect(all.curtailmentList[0]).toMatchObject({ id: detail.id, applicationCount: 2, curtailedMwh: '2.00', refundAmount: 16_000 });

    const ownList = data<CurtailmentList>(await call(ctx, e.getAll, mine.applicant, { query: { pageNumber: '1', pageSize: '10' } }));
    expect(ownList.curtailmentList).toHaveLength(1);
    // 6 : 4 of 2 MW → 1.2 MW for an hour = 1.2 MWh; Rs 96.
    expect(ownList.curtailmentList[0]).toMatchObject({ id: detail.id, applicationCount: 1, curtailedMwh: '1.20', refundAmount: 9_600 });

    const traderDetail = data<CurtailmentDetail>(await call(ctx, e.get, trader, { params: { curtailmentId: detail.id } }));
    expect(traderDetail.itemList.map((i) => i.applicationId)).toEqual([viaTrader.app.id]);

    // A trader named on an application (its registration) sees it too, and was told.
    const named = await approvedTrader(ctx);
    const date2 = '2026-07-25';
    await marginsOn(ctx, date2, 5000);
    const viaNamed = await approvedApplication(ctx, date2, '5', { traderRegistrationId: named.registration.id });
    const second = data<CurtailmentDetail>(await call(ctx, e.create, sldc, { body: curtailmentBody(date2, { quantum: '1' }) }));
    const namedList = data<CurtailmentList>(await call(ctx, e.getAll, named.user, { query: {} }));
    expect(namedList.curtailmentList.map((r) => r.id)).toEqual([second.id]);
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, named.user.id));
    expect(told.map((n) => n.message)).toContainEqual(expect.stringContaining(viaNamed.app.applicationNo));

    const stranger = await signIn(ctx, 'OABusinessUser');
    expect(data<CurtailmentList>(await call(ctx, e.getAll, stranger, { query: {} })).dataCount).toBe(0);
    expect((await call(ctx, e.get, stranger, { params: { curtailmentId: detail.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.get, sldc, { params: { curtailmentId: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);

    // Filters: element, cause, application number; paging.
    const q = (extra: Record<string, string>) =>
      call(ctx, e.getAll, sldc, { query: { pageNumber: '1', pageSize: '10', fromDate: date, toDate: date, ...extra } });
    expect(data<CurtailmentList>(await q({ element: 'anand' })).dataCount).toBe(1);
    expect(data<CurtailmentList>(await q({ element: 'vadodara' })).dataCount).toBe(0);
    expect(data<CurtailmentList>(await q({ cause: 'Other' })).dataCount).toBe(0);
    expect(data<CurtailmentList>(await q({ applicationNo: mine.app.applicationNo })).dataCount).toBe(1);
    expect(data<CurtailmentList>(await call(ctx, e.getAll, stranger, { query: { applicationNo: mine.app.applicationNo } })).dataCount).toBe(
      0,
    );
    const paged = data<CurtailmentList>(await call(ctx, e.getAll, sldc, { query: { pageNumber: '1', pageSize: '10' } }));
    expect(paged.curtailmentList.length).toBeLessThanOrEqual(10);
    expect(paged.dataCount).toBeGreaterThanOrEqual(4);
    // Newest date first.
    const dates = paged.curtailmentList.map((r) => r.curtailmentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('the curtailmentOrder setting', () => {
  it('accepts only the three orders', async () => {
    const admin = await signIn(ctx, 'Admin');
    const bad = await call(ctx, configurationEndpoints.settingsAdd, admin, {
      body: { key: 'curtailmentOrder', value: 'Random', effectiveFrom: '2026-12-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorResponse[0]).toEqual({
      fieldName: 'value',
      errorMessages: ['Choose Pro-rata, Reverse category order or Reverse timestamp'],
    });
    const good = await call(ctx, configurationEndpoints.settingsAdd, admin, {
      body: { key: 'curtailmentOrder', value: 'ReverseTimestamp', effectiveFrom: '2026-12-01' },
    });
    expect(good.statusCode, good.body).toBe(200);
  });
});
