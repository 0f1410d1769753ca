import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revisionEndpoints as e, type RevisionDetail } from '@stoa/shared/revisions';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { revisions } from '../revisions/revisions.tables';
import { revisionBody } from '../revisions/revisions.test-fixtures';
import { transmissionChargedApplication, withBank } from './refunds.test-fixtures';

/**
 * The refund on an approved downward revision (issue 13, decision 0061) through the API, on the
 * revisions tests' clock: 2026-07-10 10:07 IST, so a revision requested now takes effect from block 44
 * of 10 July and its 2 retained days end before 13 July. The default revision lowers 13 July
 * 10:00–12:00 (blocks 41–48) from 10 MW to 6 MW: 4 MW × 8 blocks = 8 MWh released, at the billed
 * Rs 0.5/kWh = ₹4,000.00 + 18 % GST ₹720.00 = 472,000 paise.
 */
const NOW = new Date('2026-07-10T10:07:00+05:30');
const REFUND_PAISE = 472_000;

let ctx: TestContext;
let sldc: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${sldc.token}` }, ...(payload ? { payload } : {}) });
const items = async () =>
  (await inject('GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100&sourceType=Revision')).json().data.refundList as {
    sourceId: string;
    recordId: string;
  }[];
const make = (key: object, amountPaise: number) =>
  inject('POST', '/api/Payment/MakeRefund', { ...key, amountPaise, remarks: 'Transmission charge on the released cut' });

/** An applicant's application with its transmission charge (paid or not), and a decided downward revision of it. */
async function decidedRevision(action: 'approve' | 'reject', paid = true) {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const { app, due } = await transmissionChargedApplication(ctx, applicant.id, paid);
  const req = await call(ctx, e.request, applicant, { body: revisionBody(app.id, [{}], 'Generator outage') });
  expect(req.statusCode, req.body).toBe(200);
  const made: RevisionDetail = req.json().data;
  const res = await call(ctx, e[action], sldc, { params: { revisionId: made.id }, body: { version: made.version, remarks: 'Checked' } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.database.db.select().from(revisions).where(eq(revisions.id, made.id));
  return { applicant, app, due, revision: row!, key: { sourceType: 'Revision', sourceId: made.id, recordId: app.id } };
}

describe('refund on an approved downward revision (decision 0061)', () => {
  it('stores the refund at the billed rate on approval, audits it, and lists the item once the charge is paid', async () => {
    const { applicant, app, revision } = await decidedRevision('approve');
    expect(revision).toMatchObject({ status: 'Approved', releasedCentiBlocks: 3200, refundPaise: REFUND_PAISE });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, revision.id), eq(auditLog.action, 'REVISION_APPROVED')));
    expect(audit!.after).toMatchObject({ refundPaise: REFUND_PAISE });

    const item = (await items()).find((i) => i.sourceId === revision.id);
    expect(item).toMatchObject({
      sourceType: 'Revision',
      recordType: 'Application',
      recordId: app.id,
      payerUserId: applicant.id,
      description: `Revision ${revision.revisionNo}, application ${app.applicationNo}`,
      amount: REFUND_PAISE,
      balanceAmount: REFUND_PAISE,
      state: 'REFUNDABLE',
    });
  });

  it('a rejected revision refunds nothing', async () => {
    const { revision } = await decidedRevision('reject');
    expect(revision.refundPaise).toBeNull();
    expect((await items()).some((i) => i.sourceId === revision.id)).toBe(false);
  });

  it('an unpaid transmission charge: no item until the charge is paid', async () => {
    const { revision, due } = await decidedRevision('approve', false);
    expect(revision.refundPaise).toBe(REFUND_PAISE);
    expect((await items()).some((i) => i.sourceId === revision.id)).toBe(false);
    await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, due.id));
    expect((await items()).some((i) => i.sourceId === revision.id)).toBe(true);
  });

  it('is refunded once: the full amount is made, a second refund is 409', async () => {
    const { applicant, key } = await decidedRevision('approve');
    await withBank(ctx, applicant.id);
    const first = await make(key, REFUND_PAISE);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ sourceType: 'Revision', amount: REFUND_PAISE, status: 'PENDING' });
    const second = await make(key, 1);
    expect(second.statusCode, second.body).toBe(409);
    // A revision of another application is not this item.
    expect((await make({ ...key, recordId: '00000000-0000-4000-8000-000000000001' }, 1)).statusCode).toBe(404);
  });
});
