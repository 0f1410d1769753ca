import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revisionEndpoints } from '@stoa/shared/revisions';

import { bearer, createUser, login, type TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { call, signIn } from '../registrations/registrations.test-fixtures';
import { revisionBody } from '../revisions/revisions.test-fixtures';
import { refunds } from './refunds.tables';
import { overPaymentCredit, transmissionChargedApplication, withBank } from './refunds.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool. Two SLDC makers refund the same credit
 * at once — the source row's lock queues them, exactly one refund is made; two approvers check the
 * same refund at once — exactly one outcome; the same for the refund of an approved downward revision
 * (decision 0061: the revision row is the item's lock).
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
type Signed = { id: string; token: string };
let payerId: string;
let makerA: Signed;
let makerB: Signed;
let checkerA: Signed;
let checkerB: Signed;
const signed = async (role: 'SLDCBusinessUser' | 'SLDCApproverI' | 'SLDCApproverII'): Promise<Signed> => {
  const u = await createUser(a, role);
  return { id: u.id, token: (await login(a, u)).jwtToken };
};

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-11-16T06:00:00Z');
  a.clock.set(now);
  b.clock.set(now);
  payerId = (await createUser(a, 'OABusinessUser')).id;
  await withBank(a, payerId);
  [makerA, makerB, checkerA, checkerB] = await Promise.all([
    signed('SLDCBusinessUser'),
    signed('SLDCBusinessUser'),
    signed('SLDCApproverI'),
    signed('SLDCApproverII'),
  ]);
});
afterAll(() => close?.());

const make = (ctx: TestContext, who: Signed, key: object, amountPaise: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/Payment/MakeRefund',
    headers: bearer(who.token),
    payload: { ...key, amountPaise, remarks: 'Over-payment' },
  });

describe('concurrent refunds on PostgreSQL', () => {
  it('two makers refund the same credit at once: exactly one refund is made, the other gets 409', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const { key, credit } = await overPaymentCredit(a, payerId, 10_000);
      const [r1, r2] = await Promise.all([make(a, makerA, key, 10_000), make(b, makerB, key, 10_000)]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
      const rows = await a.database.db.select().from(refunds).where(eq(refunds.sourceId, credit.id));
      expect(rows.map((r) => r.amountPaise)).toEqual([10_000]);
    }
  });

  it('two makers each asking for more than half: never more than the credit is refunded', async () => {
    const { key, credit } = await overPaymentCredit(a, payerId, 10_000);
    const [r1, r2] = await Promise.all([make(a, makerA, key, 6_000), make(b, makerB, key, 6_000)]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 400]);
    const rows = await a.database.db.select().from(refunds).where(eq(refunds.sourceId, credit.id));
    expect(rows.reduce((s, r) => s + r.amountPaise, 0)).toBe(6_000);
  });

  it('two makers refund the same approved revision at once: exactly one refund is made, the other gets 409', async () => {
    const now = a.clock.now();
    // The revisions tests' clock: a revision requested now releases 13 July 10:00–12:00 (4 MW × 8 blocks).
    a.clock.set(new Date('2026-07-10T10:07:00+05:30'));
    const applicant = await signIn(a, 'OABusinessUser');
    await withBank(a, applicant.id);
    const { app } = await transmissionChargedApplication(a, applicant.id);
    const made = (await call(a, revisionEndpoints.request, applicant, { body: revisionBody(app.id) })).json().data;
    const approved = await call(a, revisionEndpoints.approve, makerA, {
      params: { revisionId: made.id },
      body: { version: made.version, remarks: '' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    a.clock.set(now);
    const key = { sourceType: 'Revision', sourceId: made.id, recordId: app.id };
    const [r1, r2] = await Promise.all([make(a, makerA, key, 472_000), make(b, makerB, key, 472_000)]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
    const rows = await a.database.db.select().from(refunds).where(eq(refunds.sourceId, made.id));
    expect(rows.map((r) => r.amountPaise)).toEqual([472_000]);
  });

  it('two approvers approve and return the same refund at once: one outcome, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { key } = await overPaymentCredit(a, payerId, 10_000);
      const r = (await make(a, makerA, key, 10_000)).json().data;
      const [r1, r2] = await Promise.all([
        a.app.inject({
          method: 'POST',
          url: `/api/Payment/ApproveRefund/${r.id}`,
          headers: bearer(checkerA.token),
          payload: { payoutReference: `PGPAY${round}`, payoutDate: '2026-11-16' },
        }),
        b.app.inject({
          method: 'POST',
          url: `/api/Payment/ReturnRefund/${r.id}`,
          headers: bearer(checkerB.token),
          payload: { remarks: 'No' },
        }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
    }
  });
});
