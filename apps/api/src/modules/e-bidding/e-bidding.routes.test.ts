import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eBiddingEndpoints as e, enEBidding, type InvitationDetail, type ProposalDetail } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { applicationActions, applicationDays, applications } from '../applications/applications.tables';
import { approvedTrader, readApplication, setMargin } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { EBIDDING_CLOSE_JOB, EBIDDING_REMINDER_JOB } from './e-bidding.jobs';
import { eBiddingApplications, eBiddingProposals } from './e-bidding.tables';
import {
  CONGESTION_DAY,
  congestedApplication,
  congestionRow,
  insertInvitation,
  insertProposal,
  invitationBody,
  moveDeadline,
  readInvitation,
} from './e-bidding.test-fixtures';

/**
 * E-bidding through the API (issue 6): Form ST2 and ST3, the permission table of spec 000 §4, sealed
 * bids on the database clock, processing with allocateBids, lists, downloads, details and the jobs.
 */
const E = enEBidding.errors;
let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver1 = await signIn(ctx, 'SLDCApproverI');
  approver2 = await signIn(ctx, 'SLDCApproverII');
  // The congested element of the fixtures ('anand 132 kv') has 100 MW on the congestion day (decision 0016).
  await setMargin(ctx, CONGESTION_DAY, 'Anand 132 kV', 10_000);
});
afterAll(() => ctx.close());

type Res = {
  statusCode: number;
  json(): { data: unknown; errorResponse: { fieldName: string; errorMessages: string[] }[]; message?: string };
};
const fieldErrors = (res: Res) => Object.fromEntries(res.json().errorResponse.map((f) => [f.fieldName, f.errorMessages]));
const data = <T>(res: Res) => res.json().data as T;
const notificationsOf = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

async function bidderWithApp(role: 'OABusinessUser' | 'Trader' = 'OABusinessUser', mw = '10') {
  const user = await signIn(ctx, role);
  const app = await congestedApplication(ctx, user, [congestionRow(mw)]);
  return { user, app };
}

async function send(applicationIds: string[], overrides: Record<string, unknown> = {}) {
  return call(ctx, e.submit, sldc, { body: invitationBody(applicationIds, overrides) });
}

function proposalBody(detail: InvitationDetail, applicationId: string, price: string, isDraft = false) {
  const invited = detail.eBiddedApplications.find((a) => a.applicationId === applicationId)!;
  return {
    applicationId,
    eBiddingInvitationId: detail.id,
    eBiddingApplicationId: invited.id,
    quotedBidPrice: price,
    place: 'Anand',
    authorizedPersonName: 'B. Bidder',
    authorizedPersonDesignation: 'Director',
    isDraft,
  };
}

describe('Form ST2 (EBidding/Submit)', () => {
  it('saves a draft with formats only, then sends it: Initiated, bidders told, audited', async () => {
    const { user, app } = await bidderWithApp();
    const draft = await call(ctx, e.submit, sldc, {
      body: { isDraft: true, eBiddedApplications: [{ applicationId: app.id }], nameOfTransmissionSystem: 'Anand 132 kV' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const d = data<InvitationDetail>(draft);
    expect(d.status.status).toBe('Draft');
    expect(d.isDraft).toBe(true);
    expect(d.bidInvitationNo).toMatch(/^EB\/\d{4}\/\d{6}$/);
    expect(d.floorPrice).toBe('0.08'); // the configured e-bidding floor price, prefilled
    expect(d.formPermission).toBe('Write');
    // A draft is the SLDC's: the bidder does not see it yet.
    expect((await call(ctx, e.getById, user, { query: { Id: d.id } })).statusCode).toBe(404);

    const sent = await send([app.id], { id: d.id, version: d.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const s = data<InvitationDetail>(sent);
    expect(s.status.status).toBe('Initiated');
    expect(s.formPermission).toBe('ReadOnly');
    expect(s.eBiddedApplications).toHaveLength(1);
    expect(s.eBiddedApplications[0]).toMatchObject({
      applicationId: app.id,
      applicationNo: app.applicationNo,
      appliedQuantum: '10.00',
      status: 'Invited',
    });
    expect(s.allApplicationsAppliedQuantum).toBe('10.00');
    expect(s.deadlinePassed).toBe(false);
    expect((await notificationsOf(user.id)).some((m) => m.includes(s.bidInvitationNo) && m.includes(app.applicationNo))).toBe(true);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['EBIDDING_INVITATION_SAVED', 'EBIDDING_INVITATION_SENT']));

    // Sent: no more changes.
    const again = await send([app.id], { id: d.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(E.notDraft);
  });

  it('reports every missing field of every step on Submit', async () => {
    const res = await call(ctx, e.submit, sldc, { body: { isDraft: false } });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrors(res);
    for (const f of [
      'eBiddedApplications',
      'subStationDetails',
      'lastDateOfSubmission',
      'deadLine',
      'bidOpeningDate',
      'bidOpeningTime',
      'nameOfTransmissionSystem',
      'transmissionSystemDetails',
      'floorPrice',
      'place',
      'authorizedPersonName',
      'authorizedPersonDesignation',
      'availableMargin',
      'congestionFromDate',
    ]) {
      expect(errors[f], f).toBeDefined();
    }
    expect(errors.lastDateOfSubmission).toEqual(['Last Date of Submission is required']);
  });

  it('refuses applications that are not congested Advance applications, or already invited', async () => {
    const { app } = await bidderWithApp();
    const approved = await congestedApplication(ctx, null, [congestionRow('5')], 'STOAApproved');
    const res = await send([app.id, approved.id]);
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res).eBiddedApplications).toEqual([E.notCongested(approved.applicationNo)]);

    expect((await send([app.id])).statusCode).toBe(200);
    const twice = await send([app.id]);
    expect(twice.statusCode).toBe(422);
    expect(fieldErrors(twice).eBiddedApplications![0]).toContain(app.applicationNo);
  });

  it('checks the deadline on the database clock and the bid opening against the deadline and the congestion', async () => {
    const { app } = await bidderWithApp();
    const res = await send([app.id], { lastDateOfSubmission: '2020-01-01', bidOpeningDate: '2031-06-01' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      lastDateOfSubmission: [enEBidding.validation.deadlinePast],
      bidOpeningDate: [enEBidding.validation.openingAfterCongestion],
    });
  });
});

describe('the permission table of spec 000 §4', () => {
  it('gives the invitation form Write to the SLDC business user in Draft only, read-only to the others', async () => {
    const { user, app } = await bidderWithApp();
    const trader = await signIn(ctx, 'Trader');
    const traderApp = await congestedApplication(ctx, trader, [congestionRow('5')]);
    const draft = data<InvitationDetail>(
      await call(ctx, e.submit, sldc, {
        body: { isDraft: true, eBiddedApplications: [{ applicationId: app.id }, { applicationId: traderApp.id }] },
      }),
    );
    const permission = async (who: SignedIn) => {
      const res = await call(ctx, e.getById, who, { query: { Id: draft.id } });
      return res.statusCode === 200 ? data<InvitationDetail>(res).formPermission : res.statusCode;
    };
    expect(await permission(sldc)).toBe('Write');
    expect(await permission(approver1)).toBe('ReadOnly');
    expect(await permission(approver2)).toBe('ReadOnly');
    expect(await permission(user)).toBe(404);
    for (const role of ['DISCOMBusinessUser', 'TRANSCOBusinessUser', 'Admin'] as Role[])
      expect(await permission(await signIn(ctx, role))).toBe(403);

    await send([app.id, traderApp.id], { id: draft.id });
    expect(await permission(sldc)).toBe('ReadOnly');
    expect(await permission(approver1)).toBe('ReadOnly');
    expect(await permission(user)).toBe('ReadOnly');
    expect(await permission(trader)).toBe('ReadOnly');
    // A bidder sees only its own applications of the invitation; a stranger not the invitation at all.
    const seen = data<InvitationDetail>(await call(ctx, e.getById, trader, { query: { Id: draft.id } }));
    expect(seen.eBiddedApplications.map((a) => a.applicationId)).toEqual([traderApp.id]);
    expect(await permission(await signIn(ctx, 'OABusinessUser'))).toBe(404);
  });

  it('gives the proposal form Write to the bidder while Draft and open, read-only to SLDC staff and after Submit', async () => {
    const { user, app } = await bidderWithApp('Trader');
    const inv = data<InvitationDetail>(await send([app.id]));
    const invited = inv.eBiddedApplications[0]!;
    const proposal = async (who: SignedIn) => {
      const res = await call(ctx, e.getProposalById, who, { params: { invitationId: inv.id, applicationId: app.id, id: invited.id } });
      return res.statusCode === 200 ? data<ProposalDetail>(res) : res.statusCode;
    };
    expect(await proposal(user)).toMatchObject({
      formPermission: 'Write',
      status: { status: 'None' },
      isDraft: true,
      proposalId: null,
      floorPrice: '0.10',
      applicationNo: app.applicationNo,
    });
    for (const who of [sldc, approver1, approver2]) expect(await proposal(who)).toMatchObject({ formPermission: 'ReadOnly' });
    expect(await proposal(await signIn(ctx, 'Trader'))).toBe(404);

    const saved = await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.15', true) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<ProposalDetail>(saved)).toMatchObject({ formPermission: 'Write', status: { status: 'Draft' }, quotedBidPrice: '0.15' });
    const submitted = await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.16') });
    expect(data<ProposalDetail>(submitted)).toMatchObject({
      formPermission: 'ReadOnly',
      status: { status: 'Submitted' },
      quotedBidPrice: '0.16',
    });
    expect((await readInvitation(ctx, inv.id)).status).toBe('Submitted');
    // By proposal id as well.
    const byProposalId = await call(ctx, e.getProposalById, user, {
      params: { invitationId: inv.id, applicationId: app.id, id: data<ProposalDetail>(submitted).proposalId! },
    });
    expect(byProposalId.statusCode).toBe(200);
  });
});

describe('bidders of an application', () => {
  it('lets the trader named on an application (owner of its trader registration) bid for it', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const { user: trader, registration } = await approvedTrader(ctx);
    const app = await congestedApplication(ctx, applicant, [congestionRow('8')]);
    await ctx.database.db.update(applications).set({ traderRegistrationId: registration.id }).where(eq(applications.id, app.id));
    const inv = data<InvitationDetail>(await send([app.id]));
    expect((await call(ctx, e.getById, trader, { query: { Id: inv.id } })).statusCode).toBe(200);
    expect((await call(ctx, e.getInvitations, trader, { query: { pageNumber: '1', pageSize: '10' } })).json().data.dataCount).toBe(1);
    const res = await call(ctx, e.submitProposal, trader, { body: proposalBody(inv, app.id, '0.11') });
    expect(res.statusCode, res.body).toBe(200);
    // The applicant sees the same proposal (one per application) and cannot submit another.
    const mine = data<ProposalDetail>(
      await call(ctx, e.getProposalById, applicant, {
        params: { invitationId: inv.id, applicationId: app.id, id: inv.eBiddedApplications[0]!.id },
      }),
    );
    expect(mine).toMatchObject({ status: { status: 'Submitted' }, quotedBidPrice: '0.11', formPermission: 'ReadOnly' });
    expect((await call(ctx, e.submitProposal, applicant, { body: proposalBody(inv, app.id, '0.50') })).statusCode).toBe(409);
  });
});

describe('Form ST2: the available margin comes from the ATC uploads (issue 11 item 14)', () => {
  const DAY = '2031-05-12';
  const NEXT = '2031-05-13';
  const onDay = (mw: string) => congestionRow(mw, { oaFromDate: DAY, oaToDate: DAY });
  const period = { congestionFromDate: DAY, congestionToDate: DAY };
  beforeAll(async () => {
    // Anand (the congested element): 37.50 MW at least in 10:00–12:00 (blocks 41–48), less outside it.
    const anand = Array.from({ length: 96 }, (_, i) => (i < 40 || i > 47 ? 500 : i === 44 ? 3750 : 6000));
    await setMargin(ctx, DAY, 'Anand 132 kV', anand);
    // Vadodara is on the path but was not congested: its smaller margin does not count.
    await setMargin(ctx, DAY, 'Vadodara 66 kV', 100);
  });

  it('prefills the margin on Save: the least uploaded margin of the congested element over the period blocks', async () => {
    const user = await signIn(ctx, 'OABusinessUser');
    const app = await congestedApplication(ctx, user, [onDay('50')]);
    const res = await call(ctx, e.submit, sldc, {
      body: {
        isDraft: true,
        eBiddedApplications: [{ applicationId: app.id }],
        ...period,
        congestionFromTime: '10:00',
        congestionToTime: '12:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = data<InvitationDetail>(res);
    expect(d.availableMargin).toBe('37.50');
    expect(d.atcMargin).toEqual({
      availableMargin: '37.50',
      elements: [{ element: 'Anand 132 kV', availableMargin: '37.50', missingDates: [] }],
    });
    // GetById shows the same to the SLDC; a bidder gets the offered margin only.
    expect(data<InvitationDetail>(await call(ctx, e.getById, sldc, { query: { Id: d.id } })).atcMargin).toMatchObject({
      availableMargin: '37.50',
    });
  });

  it('refuses a typed margin above it on Submit (field error), takes one at it, and allocates with the validated value', async () => {
    const user = await signIn(ctx, 'OABusinessUser');
    const app = await congestedApplication(ctx, user, [onDay('50')]);
    const above = await send([app.id], { ...period, availableMargin: '37.51' });
    expect(above.statusCode).toBe(400);
    expect(fieldErrors(above)).toEqual({
      availableMargin: [
        'Available Margin (MW) can not be more than 37.50 MW, the uploaded ATC margin of the congested elements over the congestion period',
      ],
    });
    const at = await send([app.id], { ...period, availableMargin: '37.5' });
    expect(at.statusCode, at.body).toBe(200);
    const inv = data<InvitationDetail>(at);
    expect(inv.availableMargin).toBe('37.50');
    expect((await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.20') })).statusCode).toBe(200);
    await moveDeadline(ctx, inv.id, -1);
    const view = data<{ proposalList: { allocatedQuantum: string | null }[] }>(
      await call(ctx, e.getProposalsOfInvitation, sldc, { params: { id: inv.id } }),
    );
    expect(view.proposalList.map((p) => p.allocatedQuantum)).toEqual(['37.50']);
    const done = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: inv.id, applicationDetails: view.proposalList },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.database.db.select().from(eBiddingApplications).where(eq(eBiddingApplications.invitationId, inv.id));
    expect(row!.allocatedCenti).toBe(3750);
  });

  it('refuses to send while a day of the period has no uploaded margin for a congested element', async () => {
    const user = await signIn(ctx, 'OABusinessUser');
    const app = await congestedApplication(ctx, user, [congestionRow('5', { oaFromDate: DAY, oaToDate: NEXT })]);
    const res = await send([app.id], { congestionFromDate: DAY, congestionToDate: NEXT, availableMargin: '1' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ availableMargin: [`No ATC margin has been uploaded for Anand 132 kV on ${NEXT}`] });
  });
});

describe('Form ST3 (EBidding/SubmitProposal): sealed bids', () => {
  it('refuses a price below the floor with the specification message', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    const res = await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.09') });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      quotedBidPrice: ['Quoted Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)'],
    });
  });

  it('takes prices with at most two decimals (spec 000 §5, §9): quoted and floor price', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    const quoted = await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.125') });
    expect(quoted.statusCode).toBe(400);
    expect(fieldErrors(quoted)).toEqual({
      quotedBidPrice: ['Quoted Bid Price (Rs/kWh) must be a non-negative number with at most 2 decimals'],
    });
    expect((await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.13') })).statusCode).toBe(200);
    const other = await bidderWithApp();
    const floor = await send([other.app.id], { floorPrice: '0.105' });
    expect(floor.statusCode).toBe(400);
    expect(fieldErrors(floor)).toMatchObject({
      floorPrice: ['Floor Price (Rs/kWh) must be a non-negative number with at most 2 decimals'],
    });
  });

  it('requires the declarations on Submit, every missing one reported', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    const res = await call(ctx, e.submitProposal, user, {
      body: {
        ...proposalBody(inv, app.id, '0.2'),
        place: '',
        authorizedPersonName: '',
        authorizedPersonDesignation: '',
        quotedBidPrice: '',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual([
      'authorizedPersonDesignation',
      'authorizedPersonName',
      'place',
      'quotedBidPrice',
    ]);
  });

  it('refuses an uninvited applicant, a change after Submit and anything after the deadline', async () => {
    const { user, app } = await bidderWithApp();
    const other = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id, other.app.id]));
    // Another bidder cannot bid for an application that is not theirs.
    expect((await call(ctx, e.submitProposal, other.user, { body: proposalBody(inv, app.id, '0.2') })).statusCode).toBe(404);
    // An application not in the invitation.
    const stranger = await bidderWithApp();
    const res = await call(ctx, e.submitProposal, stranger.user, {
      body: { ...proposalBody(inv, app.id, '0.2'), applicationId: stranger.app.id },
    });
    expect(res.statusCode).toBe(404);

    expect((await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.2') })).statusCode).toBe(200);
    const change = await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.3') });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(E.proposalLocked);

    await moveDeadline(ctx, inv.id, -1);
    const late = await call(ctx, e.submitProposal, other.user, { body: proposalBody(inv, other.app.id, '0.5', true) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(E.deadlinePassed);
    const rows = await ctx.database.db.select().from(eBiddingProposals).where(eq(eBiddingProposals.invitationId, inv.id));
    expect(rows.map((r) => [r.applicationId, r.quotedPriceTt, r.status])).toEqual([[app.id, 2000, 'Submitted']]);
  });

  it('hides quoted prices from every SLDC user until the deadline', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    await call(ctx, e.submitProposal, user, { body: proposalBody(inv, app.id, '0.42') });
    for (const who of [sldc, approver1, approver2]) {
      const view = await call(ctx, e.getProposalsOfInvitation, who, { params: { id: inv.id } });
      expect(view.statusCode).toBe(200);
      expect(
        data<{ sealed: boolean; proposalList: { quotedPrice: string | null; allocatedQuantum: string | null }[] }>(view),
      ).toMatchObject({ sealed: true, proposalList: [{ quotedPrice: null, allocatedQuantum: null }] });
      const one = data<ProposalDetail>(
        await call(ctx, e.getProposalById, who, {
          params: { invitationId: inv.id, applicationId: app.id, id: inv.eBiddedApplications[0]!.id },
        }),
      );
      expect(one.quotedBidPrice).toBeNull();
      const xlsx = await call(ctx, e.downloadProposals, who, { params: { id: inv.id } });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.includes(Buffer.from('0.42'))).toBe(false);
    }
    // The bidder sees its own price.
    const own = data<{ proposalList: { quotedPrice: string; applicantName: string; applicationNo: string }[] }>(
      await call(ctx, e.getProposals, user, { query: { pageNumber: '1', pageSize: '10' } }),
    ).proposalList;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ quotedPrice: '0.42', applicationNo: app.applicationNo });
    expect(own[0]!.applicantName).not.toBe('');

    await moveDeadline(ctx, inv.id, -1);
    const open = data<{
      sealed: boolean;
      proposalList: { quotedPrice: string | null; allocatedQuantum: string | null; applicablePrice: string | null }[];
    }>(await call(ctx, e.getProposalsOfInvitation, sldc, { params: { id: inv.id } }));
    expect(open).toMatchObject({
      sealed: false,
      proposalList: [{ quotedPrice: '0.42', allocatedQuantum: '10.00', applicablePrice: '0.42' }],
    });
  });
});

describe('ProcessEBiddingRequest', () => {
  it('allocates the worked example of DOMAIN.md §4, grants, raises dues, withdraws the non-bidder and completes', async () => {
    const bidders = await Promise.all([
      bidderWithApp('OABusinessUser', '60'),
      bidderWithApp('Trader', '30'),
      bidderWithApp('OABusinessUser', '40'),
      bidderWithApp('OABusinessUser', '20'),
      bidderWithApp('OABusinessUser', '25'),
      bidderWithApp('OABusinessUser', '15'),
    ]);
    const [A, B, C, D, Eb, F] = bidders;
    // F also asks for a block outside the congestion window.
    const inv = data<InvitationDetail>(await send(bidders.map((b) => b.app.id)));
    expect(inv.allApplicationsAppliedQuantum).toBe('190.00');
    const prices = ['0.30', '0.25', '0.20', '0.20', '0.18'];
    for (const [k, b] of [A, B, C, D, Eb].entries()) {
      const res = await call(ctx, e.submitProposal, b!.user, { body: proposalBody(inv, b!.app.id, prices[k]!) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const early = await call(ctx, e.processEBiddingRequest, sldc, { body: { bidInvitationId: inv.id, applicationDetails: [] } });
    expect(early.statusCode).toBe(409);

    await moveDeadline(ctx, inv.id, -1);
    const view = data<{
      canProcess: boolean;
      proposalList: { proposalId: string; applicationId: string; applicationNo: string; allocatedQuantum: string }[];
    }>(await call(ctx, e.getProposalsOfInvitation, sldc, { params: { id: inv.id } }));
    expect(view.canProcess).toBe(true);
    expect(view.proposalList.map((p) => p.allocatedQuantum)).toEqual(['60.00', '30.00', '6.67', '3.33', '0.00']);
    // A payload that does not list the proposals as they are is stale.
    const stale = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: inv.id, applicationDetails: view.proposalList.slice(1) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(E.proposalsChanged);
    // Approvers cannot process.
    expect(
      (await call(ctx, e.processEBiddingRequest, approver1, { body: { bidInvitationId: inv.id, applicationDetails: view.proposalList } }))
        .statusCode,
    ).toBe(403);

    const res = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: inv.id, applicationDetails: view.proposalList },
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = data<{
      status: { status: string };
      canProcess: boolean;
      proposalList: { applicationId: string; allocatedQuantum: string; applicablePrice: string | null; status: { status: string } }[];
    }>(res);
    expect(done.status.status).toBe('Completed');
    expect(done.canProcess).toBe(false);
    expect(done.proposalList.map((p) => [p.allocatedQuantum, p.applicablePrice, p.status.status])).toEqual([
      ['60.00', '0.25', 'Completed'],
      ['30.00', '0.25', 'Completed'],
      ['6.67', '0.20', 'Completed'],
      ['3.33', '0.20', 'Completed'],
      ['0.00', null, 'Completed'],
    ]);

    // The applications: granted inside the window, STOAApproved or NoSTOARejected; the non-bidder withdrawn.
    const statuses = await Promise.all(bidders.map(async (b) => (await readApplication(ctx, b.app.id)).status));
    expect(statuses).toEqual(['STOAApproved', 'STOAApproved', 'STOAApproved', 'STOAApproved', 'NoSTOARejected', 'NoSTOARejected']);
    const [cDay] = await ctx.database.db.select().from(applicationDays).where(eq(applicationDays.applicationId, C!.app.id));
    expect(cDay!.day).toBe(CONGESTION_DAY);
    expect(cDay!.granted!.slice(40, 48)).toEqual(Array(8).fill(667));
    expect(cDay!.granted!.reduce((s, v) => s + v, 0)).toBe(667 * 8);
    const actions = await ctx.database.db
      .select()
      .from(applicationActions)
      .where(inArray(applicationActions.applicationId, [A!.app.id, F!.app.id]));
    expect(actions.map((a) => [a.action, a.toStatus]).sort()).toEqual([
      ['Process', 'NoSTOARejected'],
      ['Process', 'STOAApproved'],
    ]);
    const invited = await ctx.database.db.select().from(eBiddingApplications).where(eq(eBiddingApplications.invitationId, inv.id));
    expect(invited.find((r) => r.applicationId === F!.app.id)!.status).toBe('Withdrawn');

    // Dues: applicable price × energy granted in the window (A: 60 MW × 2 h = 120,000 kWh × Rs 0.25 = Rs 30,000).
    const aDue = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'EBiddingApplication'), eq(dues.payerUserId, A!.user.id)));
    expect(aDue).toHaveLength(1);
    expect(aDue[0]).toMatchObject({ head: 'STU_TRANSMISSION_CHARGE', quantity: '120000.0000', baseAmountPaise: 3_000_000 });
    expect(
      await ctx.database.db
        .select()
        .from(dues)
        .where(and(eq(dues.recordType, 'EBiddingApplication'), eq(dues.payerUserId, Eb!.user.id))),
    ).toHaveLength(0);

    // Results told to each bidder; the withdrawn one told too; approver I told once.
    expect((await notificationsOf(C!.user.id)).some((m) => m.includes('6.67 MW') && m.includes('0.20'))).toBe(true);
    expect((await notificationsOf(Eb!.user.id)).some((m) => m.includes('no quantum was allocated'))).toBe(true);
    expect((await notificationsOf(F!.user.id)).some((m) => m.includes('deemed withdrawn'))).toBe(true);

    // Details of C for the payment page.
    const details = await call(ctx, e.paymentGetEbiddingDetails, C!.user, { params: { id: C!.app.id } });
    expect(details.statusCode).toBe(200);
    expect(data(details)).toMatchObject({
      ebiddingDetails: [
        {
          fromDate: CONGESTION_DAY,
          toDate: CONGESTION_DAY,
          fromTime: '10:00',
          toTime: '12:00',
          appliedQuantum: '40.00',
          appliedQuantumMwh: '80.00',
          approvedQuantum: '6.67',
          approvedQuantumMwh: '13.34',
          quotedPrice: '0.20',
          applicableSTUPrice: '0.20',
          totalApplicableSTUPrice: '2668.00',
        },
      ],
      totalPrice: '2668.00',
      totalAppliedQuantum: '80.00',
      totalApprovedQuantum: '13.34',
    });
    expect((await call(ctx, e.getEbiddingDetails, A!.user, { params: { id: C!.app.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.getEbiddingDetails, approver2, { params: { id: C!.app.id } })).statusCode).toBe(200);

    // Once only.
    const twice = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: inv.id, applicationDetails: view.proposalList },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(E.alreadyProcessed);
  });
});

describe('lists, filters and actions', () => {
  it('filters the staff list by invitation number, status, month and last date, pages, and derives the actions', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    const list = async (who: SignedIn, endpoint: typeof e.getAllInvitations | typeof e.getInvitations, query: Record<string, string>) => {
      const res = await call(ctx, endpoint, who, { query: { pageNumber: '1', pageSize: '10', ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return data<{
        invitationList: { id: string; action: string | null; isExpired: boolean; applicationNo: string | null }[];
        dataCount: number;
      }>(res);
    };
    const byNo = await list(sldc, e.getAllInvitations, { invitationNo: inv.bidInvitationNo });
    expect(byNo.dataCount).toBe(1);
    expect(byNo.invitationList[0]).toMatchObject({ id: inv.id, action: 'Initiated', isExpired: false, applicationNo: app.applicationNo });
    expect((await list(sldc, e.getAllInvitations, { invitationNo: inv.bidInvitationNo, status: 'Completed' })).dataCount).toBe(0);
    expect(
      (await list(sldc, e.getAllInvitations, { invitationNo: inv.bidInvitationNo, monthOfInvitation: inv.dateOfInvitation!.slice(0, 7) }))
        .dataCount,
    ).toBe(1);
    expect((await list(sldc, e.getAllInvitations, { invitationNo: inv.bidInvitationNo, monthOfInvitation: '2020-01' })).dataCount).toBe(0);
    expect(
      (await list(sldc, e.getAllInvitations, { invitationNo: inv.bidInvitationNo, lastDateOfSubmission: inv.lastDateOfSubmission! }))
        .dataCount,
    ).toBe(1);
    expect((await list(approver1, e.getAllInvitations, { invitationNo: inv.bidInvitationNo })).invitationList[0]!.action).toBe('Initiated');
    const own = await list(user, e.getInvitations, {});
    expect(own.dataCount).toBe(1);
    expect(own.invitationList[0]).toMatchObject({ id: inv.id, action: 'Apply', applicationNo: app.applicationNo });
    expect((await list(await signIn(ctx, 'OABusinessUser'), e.getInvitations, {})).dataCount).toBe(0);
    const paged = await call(ctx, e.getAllInvitations, sldc, { query: { pageNumber: '1', pageSize: '7' } });
    expect(paged.statusCode).toBe(400);

    await moveDeadline(ctx, inv.id, -1);
    expect((await list(user, e.getInvitations, {})).invitationList[0]).toMatchObject({ action: 'Invitation Expired', isExpired: true });
  });

  it('downloads the invitation PDF and the lists as xlsx', async () => {
    const { user, app } = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([app.id]));
    const pdf = await call(ctx, e.downloadById, user, { query: { Id: inv.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const [endpoint, who] of [
      [e.downloadAllInvitations, sldc],
      [e.downloadInvitations, user],
    ] as const) {
      const x = await call(ctx, endpoint, who, { query: { invitationNo: inv.bidInvitationNo } });
      expect(x.statusCode).toBe(200);
      expect(x.headers['content-disposition']).toContain('.xlsx');
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(2).value).toBe('Bid Invitation No.');
      expect(sheet.getRow(2).getCell(2).value).toBe(inv.bidInvitationNo);
      expect(sheet.getRow(2).getCell(3).value).toBe(app.applicationNo);
      // Plain dates and one money style, never ISO dates or 'Rs'.
      expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(String(sheet.getRow(2).getCell(6).value)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(sheet.getRow(1).getCell(12).value).toBe('Floor Price (₹/kWh)');
      // Times as the portal shows them (spec 000 §9 'HH:mm:ss'): From Time, To Time, Deadline.
      for (const col of [8, 9, 11]) expect(String(sheet.getRow(2).getCell(col).value)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(sheet.rowCount).toBe(2);
    }
    expect((await call(ctx, e.downloadById, await signIn(ctx, 'Trader'), { query: { Id: inv.id } })).statusCode).toBe(404);
  });

  it('lists the congested applications an invitation may name, with the applied quantum of a period', async () => {
    const { app } = await bidderWithApp('OABusinessUser', '12.5');
    const notCongested = await congestedApplication(ctx, null, [congestionRow('3')], 'Submitted');
    const res = await call(ctx, e.getCongestedApplications, sldc, {
      query: {
        month: '2031-05',
        congestionFromDate: CONGESTION_DAY,
        congestionToDate: CONGESTION_DAY,
        congestionFromTime: '10:00',
        congestionToTime: '11:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = data<{ applicationList: { applicationId: string; appliedQuantum: string | null; invitedIn: string | null }[] }>(
      res,
    ).applicationList;
    expect(list.find((r) => r.applicationId === app.id)).toMatchObject({ appliedQuantum: '12.50', invitedIn: null });
    expect(list.some((r) => r.applicationId === notCongested.id)).toBe(false);
    const inv = data<InvitationDetail>(await send([app.id]));
    const again = data<{ applicationList: { applicationId: string; invitedIn: string | null }[] }>(
      await call(ctx, e.getCongestedApplications, approver1, { query: { month: '2031-05' } }),
    ).applicationList;
    expect(again.find((r) => r.applicationId === app.id)!.invitedIn).toBe(inv.bidInvitationNo);
    expect((await call(ctx, e.getCongestedApplications, await signIn(ctx, 'OABusinessUser'), { query: {} })).statusCode).toBe(403);
  });

  it('shows the applicant of an application to staff and its own bidders only', async () => {
    const { user, app } = await bidderWithApp();
    const res = await call(ctx, e.getApplicant, user, { params: { applicationId: app.id } });
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({
      applicationId: app.id,
      applicationNo: app.applicationNo,
      fromDate: CONGESTION_DAY,
      applicantType: 'BothEntity',
    });
    expect((await call(ctx, e.getApplicant, sldc, { params: { applicationId: app.id } })).statusCode).toBe(200);
    expect((await call(ctx, e.getApplicant, await signIn(ctx, 'OABusinessUser'), { params: { applicationId: app.id } })).statusCode).toBe(
      404,
    );
  });
});

describe('jobs', () => {
  it('are recurring pg-boss jobs: close every 5 minutes, reminder hourly', async () => {
    const rows = await ctx.app.services.jobs.recurringJobs();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[EBIDDING_CLOSE_JOB]!.cron).toBe('*/5 * * * *');
    expect(byId[EBIDDING_REMINDER_JOB]!.cron.split(' ')[1]).toBe('*');
  });

  it('closes from the job runner too', async () => {
    const a = await bidderWithApp();
    const { invitation } = await insertInvitation(ctx, sldc.id, [{ id: a.app.id, appliedCenti: 1000 }], { deadlineInMinutes: -1 });
    const jobs = ctx.app.services.jobs;
    await jobs.start();
    try {
      await jobs.enqueue(EBIDDING_CLOSE_JOB, {});
      const until = Date.now() + 20_000;
      while ((await readInvitation(ctx, invitation.id)).status !== 'Expired' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      expect((await readInvitation(ctx, invitation.id)).status).toBe('Expired');
      expect((await readApplication(ctx, a.app.id)).status).toBe('NoSTOARejected');
    } finally {
      await jobs.stop();
    }
  });

  it('expires an invitation without proposals and deems its applications withdrawn; closes a submitted one', async () => {
    const a = await bidderWithApp();
    const b = await bidderWithApp();
    const c = await bidderWithApp();
    const lonely = await insertInvitation(ctx, sldc.id, [{ id: a.app.id, appliedCenti: 1000 }], { deadlineInMinutes: -1 });
    const busy = await insertInvitation(
      ctx,
      sldc.id,
      [
        { id: b.app.id, appliedCenti: 1000 },
        { id: c.app.id, appliedCenti: 1000 },
      ],
      { deadlineInMinutes: -1 },
    );
    await insertProposal(ctx, busy.invitation.id, busy.invited[0]!.id, b.app.id, b.user.id, '0.2', 120);
    const future = await insertInvitation(ctx, sldc.id, [{ id: (await bidderWithApp()).app.id, appliedCenti: 1000 }]);

    const first = await ctx.app.services.eBidding.runClose();
    expect(first.invitations).toBeGreaterThanOrEqual(2);
    expect((await readInvitation(ctx, lonely.invitation.id)).status).toBe('Expired');
    expect((await readInvitation(ctx, busy.invitation.id)).status).toBe('Submitted');
    expect((await readInvitation(ctx, future.invitation.id)).status).toBe('Initiated');
    expect((await readApplication(ctx, a.app.id)).status).toBe('NoSTOARejected');
    expect((await readApplication(ctx, b.app.id)).status).toBe('PendingSTOAApproval');
    expect((await readApplication(ctx, c.app.id)).status).toBe('NoSTOARejected');
    expect((await notificationsOf(c.user.id)).some((m) => m.includes('deemed withdrawn'))).toBe(true);
    expect((await notificationsOf(sldc.id)).some((m) => m.includes(lonely.invitation.bidInvitationNo) && m.includes('expired'))).toBe(true);
    // Idempotent.
    const again = await ctx.app.services.eBidding.runClose();
    expect(again.invitations).toBe(0);
  });

  it('gives a deemed-withdrawn bidder Expired, not Draft: its saved draft and an application without a proposal (issue 11 item 11)', async () => {
    const winner = await bidderWithApp();
    const drafter = await bidderWithApp('Trader');
    const silent = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([winner.app.id, drafter.app.id, silent.app.id]));
    expect((await call(ctx, e.submitProposal, winner.user, { body: proposalBody(inv, winner.app.id, '0.20') })).statusCode).toBe(200);
    expect((await call(ctx, e.submitProposal, drafter.user, { body: proposalBody(inv, drafter.app.id, '0.30', true) })).statusCode).toBe(
      200,
    );
    await moveDeadline(ctx, inv.id, -1);
    const view = data<{ proposalList: unknown[] }>(await call(ctx, e.getProposalsOfInvitation, sldc, { params: { id: inv.id } }));
    const processed = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: inv.id, applicationDetails: view.proposalList },
    });
    expect(processed.statusCode, processed.body).toBe(200);

    const proposalOf = async (b: { user: SignedIn; app: { id: string } }) => {
      const invited = inv.eBiddedApplications.find((a) => a.applicationId === b.app.id)!;
      return data<ProposalDetail>(
        await call(ctx, e.getProposalById, b.user, { params: { invitationId: inv.id, applicationId: b.app.id, id: invited.id } }),
      );
    };
    expect(await proposalOf(drafter)).toMatchObject({
      status: { status: 'Expired', statusDescription: 'Expired' },
      isDraft: false,
      formPermission: 'ReadOnly',
    });
    expect(await proposalOf(silent)).toMatchObject({ status: { status: 'Expired' }, proposalId: null, formPermission: 'ReadOnly' });
    expect(await proposalOf(winner)).toMatchObject({ status: { status: 'Completed' } });
    // The bidder's lists: the proposals tab and the invitations row.
    const own = data<{ proposalList: { bidInvitationId: string; status: { status: string } }[] }>(
      await call(ctx, e.getProposals, drafter.user, { query: { pageNumber: '1', pageSize: '50' } }),
    ).proposalList;
    expect(own.filter((p) => p.bidInvitationId === inv.id).map((p) => p.status.status)).toEqual(['Expired']);
    const rows = data<{ invitationList: { id: string; proposalStatus: string | null }[] }>(
      await call(ctx, e.getInvitations, silent.user, { query: { pageNumber: '1', pageSize: '50' } }),
    ).invitationList;
    expect(rows.filter((r) => r.id === inv.id).map((r) => r.proposalStatus)).toEqual(['Expired']);
    // The invitation's invited applications (/e-bidding/apply/{invitationId}) carry the same status.
    const ownApps = async (who: SignedIn) =>
      data<InvitationDetail>(await call(ctx, e.getById, who, { query: { Id: inv.id } })).eBiddedApplications.map((a) => a.proposalStatus);
    expect(await ownApps(drafter.user)).toEqual(['Expired']);
    expect(await ownApps(silent.user)).toEqual(['Expired']);
    expect(await ownApps(winner.user)).toEqual(['Completed']);
    expect(await ownApps(sldc)).toEqual(['Completed', 'Expired', 'Expired']);
    // Never writable again.
    const late = await call(ctx, e.submitProposal, drafter.user, { body: proposalBody(inv, drafter.app.id, '0.30', true) });
    expect(late.statusCode).toBe(409);
  });

  it('expires the saved draft of a bidder deemed withdrawn by the close job', async () => {
    const a = await bidderWithApp();
    const inv = data<InvitationDetail>(await send([a.app.id]));
    expect((await call(ctx, e.submitProposal, a.user, { body: proposalBody(inv, a.app.id, '0.30', true) })).statusCode).toBe(200);
    await moveDeadline(ctx, inv.id, -1);
    await ctx.app.services.eBidding.runClose();
    const [row] = await ctx.database.db.select().from(eBiddingProposals).where(eq(eBiddingProposals.invitationId, inv.id));
    expect(row!.status).toBe('Expired');
    const own = data<{ proposalList: { bidInvitationId: string; status: { status: string } }[] }>(
      await call(ctx, e.getProposals, a.user, { query: { pageNumber: '1', pageSize: '50' } }),
    ).proposalList;
    expect(own.find((p) => p.bidInvitationId === inv.id)!.status.status).toBe('Expired');
  });

  it('reminds bidders without a submitted proposal once before the deadline', async () => {
    const a = await bidderWithApp();
    const b = await bidderWithApp();
    const inv = await insertInvitation(
      ctx,
      sldc.id,
      [
        { id: a.app.id, appliedCenti: 1000 },
        { id: b.app.id, appliedCenti: 1000 },
      ],
      { deadlineInMinutes: 60 },
    );
    await insertProposal(ctx, inv.invitation.id, inv.invited[1]!.id, b.app.id, b.user.id, '0.2');
    expect(await ctx.app.services.eBidding.runReminders()).toBeGreaterThanOrEqual(1);
    expect((await notificationsOf(a.user.id)).filter((m) => m.startsWith('Reminder'))).toHaveLength(1);
    expect((await notificationsOf(b.user.id)).filter((m) => m.startsWith('Reminder'))).toHaveLength(0);
    await ctx.app.services.eBidding.runReminders();
    expect((await notificationsOf(a.user.id)).filter((m) => m.startsWith('Reminder'))).toHaveLength(1);
  });
});
