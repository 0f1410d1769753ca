import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createUser, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { twoInstances } from '../../../test/two-instances';
import { inTransaction } from '../../platform/db/transaction';
import { approvedParty, insertApplication, readApplication } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { payments } from './payments.tables';
import { declareTds } from './tds.test-fixtures';

/**
 * PostgreSQL only (decision 0071): an approver rejects an application on one instance while the SLDC
 * business user approves a payment with a TDS claim pending on one of its dues on the other. The
 * rejection locks the dues and then the pending payments; the approval locks the due and then the
 * payment. Both succeed, with exactly one of two outcomes: the approval first (its cash and TDS count
 * towards the refund) or the rejection first (the TDS claim is withdrawn, the cash is all credit) —
 * never a deadlock, and the refund item always equals the rejection's audit row.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let sldc: SignedIn;
let approverI: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-11-16T06:00:00Z');
  a.clock.set(now);
  b.clock.set(now);
  [sldc, approverI] = await Promise.all([signIn(a, 'SLDCBusinessUser'), signIn(a, 'SLDCApproverI')]);
});
afterAll(() => close?.());

const call = (ctx: TestContext, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
let utr = 0;
async function pay(payer: SignedIn, dueId: string, amountPaise: number, tdsAmountPaise: number) {
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await a.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const made = await call(a, 'POST', `/api/Payment/MakePayment/${dueId}`, payer.token, {
    mode: 'NEFT',
    reference: `PGREJ${String(++utr).padStart(6, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise,
    bankName: 'SBI',
    proofFileId: up.json().data.id,
    tdsSection: '194J_A',
    tdsAmountPaise,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data.id as string;
}

describe('a rejection and a payment approval at once on PostgreSQL (decision 0071)', () => {
  it('both succeed, in one order or the other, and the refund matches the audit row', async () => {
    expect(a.database.kind).toBe('postgres');
    const seen = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const applicant = await signIn(a, 'OABusinessUser');
      await declareTds(a.database.db, applicant.id, 'STU_TRANSMISSION_CHARGE', '194J_A');
      const seller = await approvedParty(a, applicant.id, 'BothEntity');
      const other = await createUser(a, 'OABusinessUser', { entityType: 'DraweeEntity' });
      const buyer = await approvedParty(a, other.id, 'DraweeEntity');
      const app = await insertApplication(a, {
        type: 'Advance',
        status: 'STOAApproved',
        applicantUserId: applicant.id,
        sellerRegistrationId: seller.id,
        buyerRegistrationId: buyer.id,
        grantedPercent: 100,
      });
      const inv = await insertInvitation(a, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
      const price = await inTransaction(a.database.db, (tx) =>
        a.app.services.configuration.raiseDue(tx, {
          payerUserId: applicant.id,
          head: 'STU_TRANSMISSION_CHARGE',
          on: '2026-11-16',
          quantity: '10000',
          recordType: 'EBiddingApplication',
          recordId: inv.invited[0]!.id,
          description: `Price ${round}`,
        }),
      );
      const paid = await pay(applicant, price.id, 10_000, 500);
      expect((await call(a, 'POST', `/api/Payment/Approve/${paid}`, sldc.token, {})).statusCode).toBe(200);
      const pending = await pay(applicant, price.id, 20_000, 300);

      const version = (await readApplication(a, app.id)).version;
      const [rejected, approved] = await Promise.all([
        call(a, 'POST', `/api/Application/Reject/Advance/${app.id}`, approverI.token, { version, remarks: 'Rejected at once' }),
        call(b, 'POST', `/api/Payment/Approve/${pending}`, sldc.token, {}),
      ]);
      expect([rejected.statusCode, approved.statusCode], `${rejected.body} ${approved.body}`).toEqual([200, 200]);

      const [p] = await a.database.db.select().from(payments).where(eq(payments.id, pending));
      const approvalFirst = p!.tdsAmountPaise === 300;
      seen.add(approvalFirst ? 'approval first' : 'rejection first');
      if (approvalFirst) expect(p).toMatchObject({ status: 'APPROVED', excessPaise: 0 });
      else expect(p).toMatchObject({ status: 'APPROVED', tdsAmountPaise: 0, excessPaise: 20_000 });
      const expected = approvalFirst ? 30_000 + 800 : 10_000 + 500;
      const [audit] = await a.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'REFUND_DUE_RAISED')));
      expect(audit!.after).toMatchObject({ amountPaise: expected });
      const items = (
        await call(a, 'GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100&sourceType=Rejection', sldc.token)
      ).json().data.refundList as { sourceId: string; amount: number }[];
      expect(items.find((i) => i.sourceId === app.id)!.amount).toBe(expected);
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
