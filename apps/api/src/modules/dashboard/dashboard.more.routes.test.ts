import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type DashboardItem,
  dashboardEndpoints,
  interStateConsentStatusesWaitingOn,
  interStateRegistrationStatusesWaitingOn,
} from '@stoa/shared/dashboard';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { setFeeBeforeScrutiny } from '../applications/applications.test-fixtures';
import { congestedApplication, insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { consentIn } from '../inter-state/inter-state-consent.test-fixtures';
import { clearanceIn } from '../inter-state/standing-clearance.test-fixtures';
import { isrIn } from '../inter-state-registrations/inter-state-registrations.test-fixtures';
import { call, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * Decision 0084: the figures 0079 could not add for want of a list filter — a payer's overdue dues,
 * e-bidding invitations closing within 24 hours or ready to process, inter-state consents and
 * registrations waiting on the role — each exactly the dataCount of the list its link opens with the
 * same filter; and the approvers' figures oldest first with the oldest record's age.
 */

let ctx: TestContext;
let sldc: SignedIn;
let approver: SignedIn;
let discom: SignedIn;
let applicant: SignedIn;
let otherApplicant: SignedIn;

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
const item = (items: DashboardItem[], kind: DashboardItem['kind'], status: string) =>
  items.find((i) => i.kind === kind && i.status === status);

let seq = 0;
async function dueOf(payerUserId: string, dueDate: string) {
  const n = ++seq;
  return inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head: 'REGISTRATION_FEE',
      on: '2026-07-01',
      dueDate,
      quantity: '1',
      recordType: 'Registration',
      recordId: `OD-${n}`,
      description: `Registration fee OD-${n}`,
    }),
  );
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  await setFeeBeforeScrutiny(ctx, false);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver = await signIn(ctx, 'SLDCApproverI');
  discom = await signIn(ctx, 'DISCOMBusinessUser');
  applicant = await signIn(ctx, 'OABusinessUser');
  otherApplicant = await signIn(ctx, 'OABusinessUser');
});
afterAll(() => ctx.close());

describe('inter-state work waiting on a role (forward transitions of the shared workflow tables)', () => {
  it('consents: the SLDC business user forwards what was submitted, an approver consents what was verified', () => {
    expect(interStateConsentStatusesWaitingOn('SLDCBusinessUser')).toEqual(['Submitted']);
    expect(interStateConsentStatusesWaitingOn('SLDCApproverI')).toEqual(['Verified']);
    expect(interStateConsentStatusesWaitingOn('SLDCApproverII')).toEqual(['Verified']);
    expect(interStateConsentStatusesWaitingOn('OABusinessUser')).toEqual([]);
    expect(interStateConsentStatusesWaitingOn('DISCOMBusinessUser')).toEqual([]);
  });
  it('registrations: the owner submits, the SLDC forwards, the utility consents, an approver approves', () => {
    expect(interStateRegistrationStatusesWaitingOn('OABusinessUser')).toEqual([
      'Draft',
      'SLDCReturned',
      'DISCOMReturned',
      'TRANSCOReturned',
      'Returned',
    ]);
    expect(interStateRegistrationStatusesWaitingOn('SLDCBusinessUser')).toEqual(['Submitted']);
    expect(interStateRegistrationStatusesWaitingOn('DISCOMBusinessUser')).toEqual(['PendingDISCOMApproval']);
    expect(interStateRegistrationStatusesWaitingOn('TRANSCOBusinessUser')).toEqual(['PendingTRANSCOApproval']);
    expect(interStateRegistrationStatusesWaitingOn('SLDCApproverII')).toEqual(['PendingSLDCApproval']);
    expect(interStateRegistrationStatusesWaitingOn('Trader')).toEqual([]);
  });
});

describe('GET Dashboard/GetWaitingWork: decision 0084 figures equal their lists', () => {
  it('counts a payer’s overdue dues (unpaid, due date passed), equal to Payment Details ?overdue=true', async () => {
    await dueOf(applicant.id, '2026-07-01');
    await dueOf(applicant.id, '2026-07-09');
    await dueOf(applicant.id, '2026-07-10'); // due today: not yet overdue
    await dueOf(applicant.id, '2026-07-20');
    await dueOf(otherApplicant.id, '2026-07-01');
    const figure = item(await waiting(applicant), 'dues', 'Overdue');
    expect(figure).toMatchObject({ count: 2, statusDescription: 'Overdue', link: '/payments?overdue=true', capped: false });
    expect(await listCount('/api/Payment/GetPaymentList?pageNumber=1&pageSize=10&overdue=true', applicant)).toBe(2);
    expect(item(await waiting(otherApplicant), 'dues', 'Overdue')!.count).toBe(1);
    // The SLDC does not pay: no dues figure.
    expect((await waiting(sldc)).some((i) => i.kind === 'dues')).toBe(false);
  });

  it('counts the e-bidding invitations closing within 24 hours and those ready to process, equal to the lists ?deadline=', async () => {
    const mine = await congestedApplication(ctx, { id: applicant.id, role: 'OABusinessUser' });
    const other = await congestedApplication(ctx, null);
    await insertInvitation(ctx, sldc.id, [{ id: mine.id, appliedCenti: 1000 }], { deadlineInMinutes: 90 });
    await insertInvitation(ctx, sldc.id, [{ id: other.id, appliedCenti: 1000 }], { deadlineInMinutes: 600, status: 'Submitted' });
    await insertInvitation(ctx, sldc.id, [{ id: other.id, appliedCenti: 1000 }], { deadlineInMinutes: 48 * 60 });
    await insertInvitation(ctx, sldc.id, [{ id: other.id, appliedCenti: 1000 }], { deadlineInMinutes: -60, status: 'Submitted' });
    await insertInvitation(ctx, sldc.id, [{ id: other.id, appliedCenti: 1000 }], { deadlineInMinutes: -60, status: 'Completed' });

    const staff = await waiting(sldc);
    expect(item(staff, 'eBidding', 'Closing')).toMatchObject({
      count: 2,
      statusDescription: 'Closing within 24 hours',
      link: '/e-bidding?deadline=Closing',
    });
    expect(item(staff, 'eBidding', 'Closing')!.closesAt).toEqual(expect.any(String));
    expect(await listCount('/api/EBidding/GetAllInvitations?pageNumber=1&pageSize=10&deadline=Closing', sldc)).toBe(2);
    expect(item(staff, 'eBidding', 'ReadyToProcess')).toMatchObject({ count: 1, link: '/e-bidding?deadline=ReadyToProcess' });
    expect(await listCount('/api/EBidding/GetAllInvitations?pageNumber=1&pageSize=10&deadline=ReadyToProcess', sldc)).toBe(1);

    const bidder = await waiting(applicant);
    expect(item(bidder, 'eBidding', 'Closing')!.count).toBe(1);
    expect(await listCount('/api/EBidding/GetInvitations?pageNumber=1&pageSize=10&deadline=Closing', applicant)).toBe(1);
    expect(item(bidder, 'eBidding', 'ReadyToProcess')).toBeUndefined();
    // The approvers read e-bidding but neither bid nor process.
    expect((await waiting(approver)).some((i) => i.kind === 'eBidding')).toBe(false);
  });

  it('counts the inter-state consents each SLDC role acts on, equal to the consent list ?status=', async () => {
    await consentIn(ctx, 'Submitted');
    await consentIn(ctx, 'Submitted');
    await consentIn(ctx, 'Verified');
    await consentIn(ctx, 'Refused');
    expect(item(await waiting(sldc), 'interStateConsents', 'Submitted')).toMatchObject({
      count: 2,
      link: '/consent-for-inter-state-stoa-transactions?status=Submitted',
    });
    expect(await listCount('/api/InterStateConsent/GetAll?pageNumber=1&pageSize=10&status=Submitted', sldc)).toBe(2);
    expect(item(await waiting(approver), 'interStateConsents', 'Verified')!.count).toBe(1);
    expect(await listCount('/api/InterStateConsent/GetAll?pageNumber=1&pageSize=10&status=Verified', approver)).toBe(1);
    expect((await waiting(applicant)).some((i) => i.kind === 'interStateConsents')).toBe(false);
  });

  it('counts the inter-state registrations waiting on each role, equal to the list ?status= in the role’s scope', async () => {
    await isrIn(ctx, 'Draft', { ownerUserId: applicant.id });
    await isrIn(ctx, 'Submitted');
    await isrIn(ctx, 'Submitted');
    await isrIn(ctx, 'PendingDISCOMApproval', { utilityUser: { id: discom.id, role: 'DISCOMBusinessUser' } });
    await isrIn(ctx, 'PendingDISCOMApproval'); // another utility's: not the DISCOM user's
    await isrIn(ctx, 'PendingSLDCApproval');

    const cases: [SignedIn, string, number][] = [
      [applicant, 'Draft', 1],
      [sldc, 'Submitted', 2],
      [discom, 'PendingDISCOMApproval', 1],
      [approver, 'PendingSLDCApproval', 1],
    ];
    for (const [who, status, n] of cases) {
      expect(item(await waiting(who), 'interStateRegistrations', status), `${who.role} ${status}`).toMatchObject({
        count: n,
        link: `/inter-state-registration?status=${status}`,
      });
      expect(await listCount(`/api/InterState/GetRegistrations?pageNumber=1&pageSize=10&status=${status}`, who)).toBe(n);
    }
  });

  it('shows an approver what waits oldest first, with the oldest record’s age in days on the server’s clock', async () => {
    // Everything above was made on 10/07; three days and a bit later another standing clearance is verified.
    ctx.clock.set(new Date('2026-07-13T12:00:00+05:30'));
    await clearanceIn(ctx, 'Verified');
    // Sessions do not outlive the jump: sign in again (the approvers' figures are not per user).
    const later = await signIn(ctx, 'SLDCApproverII');
    const items = (await waiting(later)).filter((i) => i.count > 0);
    expect(item(items, 'interStateConsents', 'Verified')).toMatchObject({ oldestAgeDays: 3 });
    expect(item(items, 'interStateRegistrations', 'PendingSLDCApproval')).toMatchObject({ oldestAgeDays: 3 });
    expect(item(items, 'standingClearances', 'Verified')).toMatchObject({ oldestAgeDays: 0 });
    // Every figure with work carries its oldest record, and the figures come oldest first.
    expect(items.every((i) => typeof i.oldestSince === 'string')).toBe(true);
    const since = items.map((i) => Date.parse(i.oldestSince!));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    // The SLDC business user's figures are not aged (the issue asks it of the approvers).
    expect((await waiting(await signIn(ctx, 'SLDCBusinessUser'))).some((i) => i.oldestAgeDays !== undefined)).toBe(false);
  });
});
