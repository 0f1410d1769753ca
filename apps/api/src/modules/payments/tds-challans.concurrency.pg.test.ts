import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { twoInstances } from '../../../test/two-instances';
import { inTransaction } from '../../platform/db/transaction';
import { dues } from '../configuration/configuration.tables';
import { auditLog } from '../audit/audit.tables';
import { tdsInterestRates } from './payments.tables';
import { declareTds } from './tds.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool, decide on the same TDS challan at the
 * same moment. The challan's row lock gives exactly one outcome (and a late challan's interest once).
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
  await a.database.db.insert(tdsInterestRates).values({ rateBasisPoints: 150, effectiveFrom: '2020-01-01' }).onConflictDoNothing();
  await declareTds(a.database.db, payer.id, 'APPLICATION_FEE', '194J_A');
});
afterAll(() => close?.());

let seq = 0;
async function challan(month: string, challanDate: string) {
  const { body, headers } = multipart('uploadedFile', 'challan.pdf', FIXTURES.pdf);
  const up = await a.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=TdsChallan',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/Payment/MakeTDSPayment',
    headers: bearer(payer.token),
    payload: { month, challanNo: String(90_000 + ++seq), bsrCode: '0510308', challanDate, amountPaise: 10_000, fileId: up.json().data.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const decide = (ctx: TestContext, who: Signed, action: 'Approve' | 'Revert', id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/${action}TDSPayment/${id}`,
    headers: bearer(who.token),
    payload: action === 'Revert' ? { remarks: 'Not on TRACES' } : {},
  });

describe('concurrent TDS challan decisions on PostgreSQL', () => {
  it('two SLDC users approve the same challan at once: one approves, the other gets 409', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const id = await challan('2026-10', '2026-11-05');
      const [r1, r2] = await Promise.all([decide(a, sldcA, 'Approve', id), decide(b, sldcB, 'Approve', id)]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
      const audits = await a.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audits.map((x) => x.action).sort()).toEqual(['TDS_CHALLAN_APPROVED', 'TDS_CHALLAN_MADE']);
    }
  });

  it('one approves while the other reverts: exactly one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await challan('2026-10', '2026-11-06');
      const [r1, r2] = await Promise.all([decide(a, sldcA, 'Approve', id), decide(b, sldcB, 'Revert', id)]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
    }
  });

  it('a late challan approved twice at once raises its interest due once', async () => {
    // ₹100.00 of TDS deducted in August on an approved payment.
    const due = await inTransaction(a.database.db, (tx) =>
      a.app.services.configuration.raiseDue(tx, {
        payerUserId: payer.id,
        head: 'APPLICATION_FEE',
        on: '2026-08-01',
        quantity: '1',
        recordType: 'Application',
        recordId: 'PG-TDS-1',
        description: 'Application fee PG-TDS-1',
      }),
    );
    const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
    const up = await a.app.inject({
      method: 'POST',
      url: '/api/File/Upload?formName=Payment',
      payload: body,
      headers: { ...headers, ...bearer(payer.token) },
    });
    const paid = await a.app.inject({
      method: 'POST',
      url: `/api/Payment/MakePayment/${due.id}`,
      headers: bearer(payer.token),
      payload: {
        mode: 'NEFT',
        reference: 'PGTDS1',
        paymentDate: '2026-08-10',
        amountPaise: due.totalAmount - 10_000,
        bankName: 'SBI',
        proofFileId: up.json().data.id,
        tdsSection: '194J_A',
        tdsAmountPaise: 10_000,
      },
    });
    const approved = await a.app.inject({
      method: 'POST',
      url: `/api/Payment/Approve/${paid.json().data.id}`,
      headers: bearer(sldcA.token),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const id = await challan('2026-08', '2026-11-10');
    const [r1, r2] = await Promise.all([decide(a, sldcA, 'Approve', id), decide(b, sldcB, 'Approve', id)]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
    // 4 months (August to November) × 1.5 % of ₹100.00, raised once.
    const raised = await a.database.db.select().from(dues).where(eq(dues.recordId, id));
    expect(raised.map((d) => d.totalPaise)).toEqual([600]);
  });
});
