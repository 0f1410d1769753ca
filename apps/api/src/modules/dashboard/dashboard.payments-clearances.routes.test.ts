import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DashboardItem, dashboardEndpoints, standingClearanceStatusesWaitingOn } from '@stoa/shared/dashboard';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { setFeeBeforeScrutiny } from '../applications/applications.test-fixtures';
import { clearanceIn, consentAskedOf } from '../inter-state/standing-clearance.test-fixtures';
import { call, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * The dashboard's payments and standing-clearance figures (issue 15, decision 0079): each is the
 * dataCount of the very list its link opens (Payment Reconciliation on the payments pending approval;
 * the standing clearances list filtered to the status), for the role whose step it is.
 */

let ctx: TestContext;
let sldc: SignedIn;
let approver: SignedIn;
let discom: SignedIn;
let applicant: SignedIn;

const get = (url: string, who: { token: string }) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const waiting = async (who: SignedIn): Promise<DashboardItem[]> => {
  const res = await call(ctx, dashboardEndpoints.getWaitingWork, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as DashboardItem[];
};
const listCount = async (url: string, who: SignedIn) => {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dataCount as number;
};

let seq = 0;
/** A registration fee of the applicant with a payment made through the API, pending the SLDC's approval. */
async function pendingPayment() {
  const n = ++seq;
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: applicant.id,
      head: 'REGISTRATION_FEE',
      on: '2026-07-10',
      quantity: '1',
      recordType: 'Registration',
      recordId: `DB-${n}`,
      description: `Registration fee DB-${n}`,
    }),
  );
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(applicant.token) },
  });
  const made = await ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/MakePayment/${due.id}`,
    headers: bearer(applicant.token),
    payload: {
      mode: 'NEFT',
      reference: `DBUTR${String(n).padStart(6, '0')}`,
      paymentDate: '2026-07-09',
      amountPaise: 100_000,
      bankName: 'State Bank of India',
      proofFileId: up.json().data.id,
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data.id as string;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  await setFeeBeforeScrutiny(ctx, false);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver = await signIn(ctx, 'SLDCApproverI');
  discom = await signIn(ctx, 'DISCOMBusinessUser');
  applicant = await signIn(ctx, 'OABusinessUser');
});
afterAll(() => ctx.close());

describe('standing clearances waiting on a role', () => {
  it('are those whose next step forward is the role’s: verify, consent, issue', () => {
    expect(standingClearanceStatusesWaitingOn('SLDCBusinessUser')).toEqual(['Submitted']);
    expect(standingClearanceStatusesWaitingOn('DISCOMBusinessUser')).toEqual(['ConsentPending']);
    expect(standingClearanceStatusesWaitingOn('TRANSCOBusinessUser')).toEqual(['ConsentPending']);
    expect(standingClearanceStatusesWaitingOn('SLDCApproverI')).toEqual(['Verified']);
    expect(standingClearanceStatusesWaitingOn('SLDCApproverII')).toEqual(['Verified']);
    expect(standingClearanceStatusesWaitingOn('OABusinessUser')).toEqual([]);
    expect(standingClearanceStatusesWaitingOn('Trader')).toEqual([]);
  });
});

describe('GET Dashboard/GetWaitingWork: payments and standing clearances', () => {
  it('counts the payments pending approval for the SLDC business user, equal to the list, and drops one when approved', async () => {
    const first = await pendingPayment();
    await pendingPayment();
    const figure = () => waiting(sldc).then((items) => items.find((i) => i.kind === 'payments'));
    expect(await figure()).toEqual({
      kind: 'payments',
      applicationType: null,
      status: 'PENDING',
      statusDescription: 'Pending Approval',
      count: 2,
      capped: false,
      link: '/payments/dashboard',
      deemedAt: null,
    });
    expect(await listCount('/api/Payment/GetPaymentList?pageNumber=1&pageSize=10&status=PENDING', sldc)).toBe(2);
    const ok = await ctx.app.inject({ method: 'POST', url: `/api/Payment/Approve/${first}`, headers: bearer(sldc.token), payload: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await figure())!.count).toBe(1);
    // The approvers read the payments but do not approve them; applicants pay, they do not approve.
    expect((await waiting(approver)).some((i) => i.kind === 'payments')).toBe(false);
    expect((await waiting(applicant)).some((i) => i.kind === 'payments' || i.kind === 'standingClearances')).toBe(false);
  });

  it('counts the standing clearances each role acts on, equal to the list the link opens', async () => {
    await clearanceIn(ctx, 'Submitted');
    await clearanceIn(ctx, 'Submitted', { transactionType: 'Bilateral' });
    await clearanceIn(ctx, 'Verified');
    await clearanceIn(ctx, 'Issued');
    const asked = await clearanceIn(ctx, 'Submitted');
    await consentAskedOf(ctx, discom, asked.id, true);

    const sldcItem = (await waiting(sldc)).find((i) => i.kind === 'standingClearances');
    expect(sldcItem).toMatchObject({
      status: 'Submitted',
      statusDescription: 'Pending SLDC scrutiny',
      count: 2,
      link: '/standing-clearance-power?status=Submitted',
    });
    expect(await listCount('/api/StandingClearance/GetAll?pageNumber=1&pageSize=10&status=Submitted', sldc)).toBe(2);

    const approverItems = (await waiting(approver)).filter((i) => i.kind === 'standingClearances');
    expect(approverItems.map((i) => [i.status, i.count, i.link])).toEqual([['Verified', 1, '/standing-clearance-power?status=Verified']]);
    expect(await listCount('/api/StandingClearance/GetAll?pageNumber=1&pageSize=10&status=Verified', approver)).toBe(1);

    const discomItems = (await waiting(discom)).filter((i) => i.kind === 'standingClearances');
    expect(discomItems.map((i) => [i.status, i.count])).toEqual([['ConsentPending', 1]]);
    expect(await listCount('/api/StandingClearance/GetAll?pageNumber=1&pageSize=10&status=ConsentPending', discom)).toBe(1);
  });
});
