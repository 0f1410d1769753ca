import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { twoInstances } from '../../../test/two-instances';
import { inTransaction } from '../../platform/db/transaction';
import { dues } from '../configuration/configuration.tables';
import { paymentCredits } from './payments.tables';

/**
 * PostgreSQL only: two API instances, each with its own pool, act on the same payment or due at the
 * same moment. The row locks (due, then payment; decision 0071) and the reference index give exactly one outcome.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
type Signed = { id: string; token: string };
let payer: Signed;
let sldcA: Signed;
let sldcB: Signed;
const signed = async (role: 'OABusinessUser' | 'SLDCBusinessUser'): Promise<Signed> => {
  const u = await createUser(a, role);
  return { id: u.id, token: (await login(a, u)).jwtToken };
};

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-11-16T06:00:00Z');
  a.clock.set(now);
  b.clock.set(now);
  [payer, sldcA, sldcB] = await Promise.all([signed('OABusinessUser'), signed('SLDCBusinessUser'), signed('SLDCBusinessUser')]);
});
afterAll(() => close?.());

let seq = 0;
const raiseFee = () =>
  inTransaction(a.database.db, (tx) =>
    a.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `PG-${++seq}`,
      description: `Application fee PG-${seq}`,
    }),
  );
async function pay(ctx: TestContext, dueId: string, reference: string, amountPaise: number) {
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/MakePayment/${dueId}`,
    headers: bearer(payer.token),
    payload: { mode: 'NEFT', reference, paymentDate: '2026-11-16', amountPaise, bankName: 'SBI', proofFileId: up.json().data.id },
  });
}
const approve = (ctx: TestContext, who: Signed, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/Payment/Approve/${id}`, headers: bearer(who.token), payload: {} });

describe('concurrent payment decisions on PostgreSQL', () => {
  it('two SLDC users approve the same payment at once: one approves, the other gets 409', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const due = await raiseFee();
      const p = (await pay(a, due.id, `PGSAME${round}`, 590_000)).json().data;
      const [r1, r2] = await Promise.all([approve(a, sldcA, p.id), approve(b, sldcB, p.id)]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
      const [d] = await a.database.db.select().from(dues).where(eq(dues.id, due.id));
      expect(d!.status).toBe('PAID');
    }
  });

  it('two payments of one due approved at once settle it once and credit exactly the excess', async () => {
    for (let round = 0; round < 3; round++) {
      const due = await raiseFee();
      const p1 = (await pay(a, due.id, `PGTWO${round}A`, 400_000)).json().data;
      const p2 = (await pay(a, due.id, `PGTWO${round}B`, 400_000)).json().data;
      const [r1, r2] = await Promise.all([approve(a, sldcA, p1.id), approve(b, sldcB, p2.id)]);
      expect([r1.statusCode, r2.statusCode], `${r1.body} ${r2.body}`).toEqual([200, 200]);
      const credits = await a.database.db.select().from(paymentCredits).where(eq(paymentCredits.dueId, due.id));
      expect(credits.map((c) => c.amountPaise)).toEqual([210_000]);
    }
  });

  it('the same UTR submitted twice at once on two dues: one is recorded, the other gets 409', async () => {
    const [d1, d2] = [await raiseFee(), await raiseFee()];
    const [r1, r2] = await Promise.all([pay(a, d1.id, 'PGUTRRACE', 1000), pay(b, d2.id, 'PGUTRRACE', 1000)]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
  });
});
