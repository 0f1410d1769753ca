import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationStatus, applicationEndpoints } from '@stoa/shared/applications';
import {
  applicationStatusesWaitingOn,
  type DashboardItem,
  dashboardEndpoints,
  registrationStatusesWaitingOn,
} from '@stoa/shared/dashboard';
import { registrationEndpoints } from '@stoa/shared/registrations';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { applicantWithParties, insertApplication } from '../applications/applications.test-fixtures';
import {
  act,
  call,
  createOwner,
  createParties,
  type Parties,
  type SignedIn,
  signIn,
  submit,
  validData,
} from '../registrations/registrations.test-fixtures';

/** The role dashboard's figures (issue 15, decision 0075): each is the count of the list its link opens. */
let ctx: TestContext;
let parties: Parties;
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(IST('2026-03-02')); // a Monday
  parties = await createParties(ctx);
});
afterAll(() => ctx.close());

const waiting = async (who: SignedIn): Promise<DashboardItem[]> => {
  const res = await call(ctx, dashboardEndpoints.getWaitingWork, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as DashboardItem[];
};
const item = (items: DashboardItem[], match: Partial<DashboardItem>) =>
  items.find((i) => Object.entries(match).every(([k, v]) => i[k as keyof DashboardItem] === v));

describe('what waits for whom', () => {
  it('is what the workflow lets each role do next', () => {
    expect(applicationStatusesWaitingOn('SLDCBusinessUser')).toEqual(['Submitted', 'PendingSTOAApproval']);
    expect(applicationStatusesWaitingOn('SLDCApproverI')).toEqual(['STOAApproved']);
    expect(applicationStatusesWaitingOn('SLDCApproverII')).toEqual(['SLDCApproverIApproved']);
    expect(new Set(applicationStatusesWaitingOn('OABusinessUser'))).toEqual(new Set(['PendingApplicantApproval', 'Returned']));
    expect(applicationStatusesWaitingOn('Trader')).toEqual(['Returned']);
    expect(applicationStatusesWaitingOn('DISCOMBusinessUser')).toEqual([]);
    expect(registrationStatusesWaitingOn('DISCOMBusinessUser')).toEqual(['PendingDISCOMApproval']);
    expect(registrationStatusesWaitingOn('TRANSCOBusinessUser')).toEqual(['PendingTRANSCOApproval']);
    expect(new Set(registrationStatusesWaitingOn('SLDCBusinessUser'))).toEqual(new Set(['Submitted', 'PendingSTOACheck']));
    expect(registrationStatusesWaitingOn('SLDCApproverI')).toEqual(['STOAApproved']);
    expect(new Set(registrationStatusesWaitingOn('OABusinessUser'))).toEqual(
      new Set(['Draft', 'Returned', 'SLDCReturned', 'DISCOMReturned', 'TRANSCOReturned', 'STOAReturned']),
    );
  });
});

describe('GET Dashboard/GetWaitingWork', () => {
  it('counts the applications each SLDC level acts on per type, equal to the list the link opens', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const parts = { applicantUserId: applicant.id, sellerRegistrationId: own.id, buyerRegistrationId: buyer.id };
    const make = (type: 'DayAhead' | 'FCFS' | 'Advance' | 'ContingencySameDay', status: ApplicationStatus) =>
      insertApplication(ctx, { ...parts, type, status });
    await make('DayAhead', 'Submitted');
    await make('DayAhead', 'Submitted');
    await make('ContingencySameDay', 'Submitted');
    await make('FCFS', 'PendingSTOAApproval');
    await make('DayAhead', 'STOAApproved');
    await make('Advance', 'SLDCApproverIApproved');
    await make('DayAhead', 'Returned');
    await make('DayAhead', 'Approved');

    const sldc = await waiting(parties.sldc);
    expect(item(sldc, { kind: 'applications', applicationType: 'DayAhead', status: 'Submitted' })).toMatchObject({
      count: 2,
      capped: false,
      statusDescription: 'Pending SLDC verification',
      link: '/applications/sldc/DayAhead?status=Submitted',
      deemedAt: null,
    });
    expect(item(sldc, { kind: 'applications', applicationType: 'ContingencySameDay', status: 'Submitted' })).toMatchObject({
      count: 1,
      link: '/applications/sldc/Contingency?type=ContingencySameDay&status=Submitted',
    });
    expect(item(sldc, { kind: 'applications', applicationType: 'FCFS', status: 'PendingSTOAApproval' })?.count).toBe(1);
    expect(item(sldc, { kind: 'applications', applicationType: 'Advance', status: 'Submitted' })?.count).toBe(0);
    // Every application figure is the dataCount of GetAll/{type} filtered to its status.
    for (const i of sldc.filter((x) => x.kind === 'applications')) {
      const list = await call(ctx, applicationEndpoints.getAll, parties.sldc, {
        params: { type: i.applicationType! },
        query: { status: i.status },
      });
      expect(list.json().data.dataCount, `${i.applicationType} ${i.status}`).toBe(i.count);
    }
    // Nothing the SLDC user does not act on.
    expect(sldc.some((x) => x.status === 'Approved' || x.status === 'STOAApproved')).toBe(false);

    const approver1 = await waiting(parties.approver1);
    expect(approver1.filter((x) => x.kind === 'applications' && x.count > 0)).toEqual([
      expect.objectContaining({ applicationType: 'DayAhead', status: 'STOAApproved', count: 1 }),
    ]);
    const approver2 = await waiting(parties.approver2);
    expect(approver2.filter((x) => x.kind === 'applications' && x.count > 0)).toEqual([
      expect.objectContaining({ applicationType: 'Advance', status: 'SLDCApproverIApproved', count: 1 }),
    ]);

    // The applicant: its own applications asking for clarification, from its own list.
    const mine = await waiting(applicant);
    expect(item(mine, { kind: 'applications', status: 'Returned' })).toMatchObject({
      applicationType: null,
      count: 1,
      statusDescription: 'More clarification required',
      link: '/applications/oa?status=Returned',
    });
    expect(item(mine, { kind: 'applications', status: 'PendingApplicantApproval' })?.count).toBe(0);
    // Another applicant sees none of them.
    const stranger = await waiting(await createOwner(ctx, 'DraweeEntity'));
    expect(stranger.filter((x) => x.kind === 'applications' && x.count > 0)).toEqual([]);
  });

  it('gives a DISCOM user the registrations awaiting its consent and when the oldest is deemed; not another zone', async () => {
    const owner = await createOwner(ctx, 'DraweeEntity');
    const data = await validData(ctx, owner, 'DraweeEntity', { discomId: parties.discom.id, transcoId: parties.transco.id });
    const res = await submit(ctx, owner, 'DraweeEntity', { data });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;

    const before = await waiting(parties.sldc);
    expect(item(before, { kind: 'registrations', status: 'Submitted' })).toMatchObject({
      count: 1,
      link: '/registrations?status=Submitted',
    });
    const list = await call(ctx, registrationEndpoints.getRegistrations, parties.sldc, { query: { status: 'Submitted' } });
    expect(list.json().data.dataCount).toBe(1);

    await act(ctx, parties.sldc, id, 'DraweeEntity', 'Forward'); // Monday 2 March 2026, IST
    // Their standing-clearance consents are a figure of their own (dashboard.payments-clearances.routes.test.ts).
    const registrationsOf = (items: DashboardItem[]) => items.filter((i) => i.kind === 'registrations');
    const discom = registrationsOf(await waiting(parties.discomUser));
    // 3 working days (Tue 3, Wed 4, Thu 5): the job deems it from the start of Friday 6 March, IST.
    expect(discom).toEqual([
      expect.objectContaining({
        kind: 'registrations',
        status: 'PendingDISCOMApproval',
        statusDescription: 'Pending DISCOM approval',
        count: 1,
        link: '/registrations?status=PendingDISCOMApproval',
        deemedAt: IST('2026-03-06', '00:00').toISOString(),
      }),
    ]);
    expect(registrationsOf(await waiting(parties.otherDiscomUser))).toEqual([expect.objectContaining({ count: 0, deemedAt: null })]);
    expect(item(await waiting(parties.transcoUser), { status: 'PendingTRANSCOApproval' })).toMatchObject({ count: 0, deemedAt: null });

    // The clock is the job's: not yet deemed just before it, deemed just after.
    ctx.clock.set(IST('2026-03-05', '23:59'));
    expect(await ctx.app.services.registrations.runDeemedConsent()).toBe(0);
    ctx.clock.set(IST('2026-03-06', '00:01'));
    expect(await ctx.app.services.registrations.runDeemedConsent()).toBe(1);
  });

  it('answers the Admin (its own figures, dashboard.admin.routes.test.ts) and is refused without a session', async () => {
    const admin = await signIn(ctx, 'Admin');
    const res = await call(ctx, dashboardEndpoints.getWaitingWork, admin);
    expect(res.statusCode).toBe(200);
    expect(new Set((res.json().data.items as DashboardItem[]).map((i) => i.kind))).toEqual(new Set(['users', 'jobs']));
    expect((await ctx.app.inject({ method: 'GET', url: dashboardEndpoints.getWaitingWork.path })).statusCode).toBe(401);
  });
});
