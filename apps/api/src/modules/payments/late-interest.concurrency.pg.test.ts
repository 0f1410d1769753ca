import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { twoInstances } from '../../../test/two-instances';
import { inTransaction } from '../../platform/db/transaction';
import { dues } from '../configuration/configuration.tables';
import { payments } from './payments.tables';

/**
 * PostgreSQL only (issue 13, quality bar): a payment approved on one API instance while the
 * late-payment interest job runs on the other. Whatever the interleaving — the job before the
 * approval commits (nothing to raise yet), after it, or at the same moment — the due ends settled
 * and its interest is raised exactly once, on the days the payment was late (decision 0051).
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
type Signed = { id: string; token: string };
let payer: Signed;
let sldc: Signed;
const signed = async (role: 'OABusinessUser' | 'SLDCBusinessUser'): Promise<Signed> => {
  const u = await createUser(a, role);
  return { id: u.id, token: (await login(a, u)).jwtToken };
};

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-11-16T06:00:00Z'); // Monday 16 Nov 2026 IST
  a.clock.set(now);
  b.clock.set(now);
  [payer, sldc] = await Promise.all([signed('OABusinessUser'), signed('SLDCBusinessUser')]);
});
afterAll(() => close?.());

let seq = 0;
/** ₹5,900.00 due on 1 Oct 2026, paid (pending approval) on 31 Oct: 24 working days late (decision 0078). */
async function latePendingPayment() {
  seq++;
  const due = await inTransaction(a.database.db, (tx) =>
    a.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'APPLICATION_FEE',
      on: '2026-06-01',
      quantity: '1',
      recordType: 'Application',
      recordId: `PGLPI-${seq}`,
      description: `Application fee PGLPI-${seq}`,
      dueDate: '2026-10-01',
    }),
  );
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await a.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const made = await a.app.inject({
    method: 'POST',
    url: `/api/Payment/MakePayment/${due.id}`,
    headers: bearer(payer.token),
    payload: {
      mode: 'NEFT',
      reference: `PGLPI${seq}`,
      paymentDate: '2026-10-31',
      amountPaise: 590_000,
      bankName: 'SBI',
      proofFileId: up.json().data.id,
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  return { dueId: due.id, paymentId: made.json().data.id as string };
}
const interestOn = (dueId: string) =>
  a.database.db
    .select()
    .from(dues)
    .where(and(eq(dues.recordType, 'Due'), eq(dues.recordId, dueId), eq(dues.head, 'LATE_PAYMENT_INTEREST')));

describe('a payment approved while the late-payment job runs, on PostgreSQL', () => {
  it('settles the due and raises its interest exactly once, on the days it was late', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 4; round++) {
      const { dueId, paymentId } = await latePendingPayment();
      // The job on instance a (twice, to overlap both before and after the commit) while instance b approves.
      const jobs = Promise.all([a.app.services.payments.runLateInterest(), a.app.services.payments.runLateInterest()]);
      const approved = b.app.inject({ method: 'POST', url: `/api/Payment/Approve/${paymentId}`, headers: bearer(sldc.token), payload: {} });
      const [res] = await Promise.all([approved, jobs]);
      expect(res.statusCode, res.body).toBe(200);
      // The next scheduled runs, on either instance, find nothing more to raise for it.
      await Promise.all([a.app.services.payments.runLateInterest(), b.app.services.payments.runLateInterest()]);
      await a.app.services.payments.runLateInterest();

      const [due] = await a.database.db.select().from(dues).where(eq(dues.id, dueId));
      expect(due!.status).toBe('PAID');
      const [payment] = await a.database.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment).toMatchObject({ status: 'APPROVED', checkedBy: sldc.id });
      const interest = await interestOn(dueId);
      expect(interest, `round ${round}`).toHaveLength(1);
      // 590,000 paise × 30 days × 0.04 % a day = ₹70.80.
      expect(interest[0]).toMatchObject({ payerUserId: payer.id, totalPaise: 5_664, quantity: '1416.0000', status: 'DUE' });
      expect(interest[0]!.description).toContain('24 working days late');
    }
  });
});
