import { describe, expect, it } from 'vitest';

import { ROLES, type Role } from '../account/roles';
import { centiBlocksToKwh, centiBlocksToMwh } from '../common/units';
import {
  appliedInWindow,
  centiBlocksInWindow,
  centiBlocksOutsideWindows,
  congestionWindow,
  grantedAfterBidding,
  istInstant,
} from './e-bidding.window';
import {
  eBiddingFormPermission,
  EBIDDING_STATUSES,
  type EBiddingStatus,
  invitationListAction,
  isInvitationExpired,
} from './e-bidding.workflow';
import { invitationSubmitSchema } from './e-bidding.schemas';
import { proposalSubmitSchema } from './e-bidding.proposal.schemas';

const BIDDERS: Role[] = ['OABusinessUser', 'Trader'];
const STAFF: Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];

describe('form permissions by status (spec 000 §4 table)', () => {
  it('Draft (and None): the SLDC business user writes the invitation, bidders write the proposal, the others read, DISCOM/TRANSCO nothing', () => {
    for (const status of ['Draft', 'None'] as EBiddingStatus[]) {
      for (const role of ROLES) {
        const invitation = eBiddingFormPermission('Invitation', status, role);
        const proposal = eBiddingFormPermission('Proposal', status, role);
        if (role === 'DISCOMBusinessUser' || role === 'TRANSCOBusinessUser' || role === 'Admin') {
          expect([invitation, proposal]).toEqual(['NoAccess', 'NoAccess']);
        } else {
          expect(invitation).toBe(role === 'SLDCBusinessUser' ? 'Write' : 'ReadOnly');
          expect(proposal).toBe(BIDDERS.includes(role) ? 'Write' : 'ReadOnly');
        }
      }
    }
  });

  it('Initiated, Submitted, Completed, Expired: read only for everyone with access', () => {
    for (const status of ['Initiated', 'Submitted', 'Completed', 'Expired'] as EBiddingStatus[]) {
      for (const role of [...BIDDERS, ...STAFF]) {
        expect(eBiddingFormPermission('Invitation', status, role)).toBe('ReadOnly');
        expect(eBiddingFormPermission('Proposal', status, role)).toBe('ReadOnly');
      }
      expect(eBiddingFormPermission('Invitation', status, 'DISCOMBusinessUser')).toBe('NoAccess');
      expect(eBiddingFormPermission('Proposal', status, 'TRANSCOBusinessUser')).toBe('NoAccess');
    }
    expect(EBIDDING_STATUSES).toEqual(['None', 'Draft', 'Initiated', 'Submitted', 'Completed', 'Expired']);
  });
});

describe('the action shown in the invitation list (spec 000 §4)', () => {
  it('business user: Invite, Initiated, Process, Result; approvers: Result', () => {
    const sldc = (status: EBiddingStatus) => invitationListAction({ role: 'SLDCBusinessUser', status, deadlinePassed: false });
    expect(['None', 'Draft', 'Initiated', 'Submitted', 'Completed', 'Expired'].map((s) => sldc(s as EBiddingStatus))).toEqual([
      'Invite',
      'Invite',
      'Initiated',
      'Process',
      'Result',
      'Result',
    ]);
    for (const role of ['SLDCApproverI', 'SLDCApproverII'] as Role[]) {
      expect(invitationListAction({ role, status: 'Completed', deadlinePassed: true })).toBe('Result');
      expect(invitationListAction({ role, status: 'Submitted', deadlinePassed: true })).toBe('Result');
    }
  });

  it('bidders: Apply, View once Submitted or Completed, Invitation Expired after the deadline or when Expired', () => {
    for (const role of BIDDERS) {
      expect(invitationListAction({ role, status: 'Initiated', deadlinePassed: false })).toBe('Apply');
      expect(invitationListAction({ role, status: 'Initiated', deadlinePassed: true })).toBe('Invitation Expired');
      expect(invitationListAction({ role, status: 'Expired', deadlinePassed: false })).toBe('Invitation Expired');
      expect(invitationListAction({ role, status: 'Submitted', deadlinePassed: false, proposalStatus: 'Submitted' })).toBe('View');
      expect(invitationListAction({ role, status: 'Submitted', deadlinePassed: false, proposalStatus: null })).toBe('Apply');
      expect(invitationListAction({ role, status: 'Completed', deadlinePassed: true, proposalStatus: 'Completed' })).toBe('View');
    }
    expect(isInvitationExpired('Draft', true)).toBe(true);
    expect(isInvitationExpired('None', true)).toBe(true);
    expect(isInvitationExpired('Submitted', true)).toBe(false);
    expect(invitationListAction({ role: 'DISCOMBusinessUser', status: 'Initiated', deadlinePassed: false })).toBeNull();
  });
});

describe('congestion window arithmetic', () => {
  const w = congestionWindow('2031-05-10', '2031-05-11', '10:00', '12:00');
  const flat = (mw: number) => Array.from({ length: 96 }, () => mw);

  it('reads blocks 41…48 for 10:00–12:00 on each day of the period', () => {
    expect(w).toEqual({ fromDate: '2031-05-10', toDate: '2031-05-11', fromBlock: 41, toBlock: 48 });
    const requested = flat(0);
    requested[40] = 500;
    requested[47] = 700;
    requested[48] = 900; // 12:00–12:15 is outside
    expect(
      appliedInWindow(w, [
        { day: '2031-05-10', requested },
        { day: '2031-05-12', requested: flat(5000) },
      ]),
    ).toBe(700);
  });

  it('grants min(request, allocated) inside the window, the request outside, nothing when withdrawn', () => {
    const g = grantedAfterBidding(w, '2031-05-10', flat(1000), 400);
    expect(g.slice(40, 48)).toEqual(Array(8).fill(400));
    expect(g[39]).toBe(1000);
    expect(g[48]).toBe(1000);
    expect(grantedAfterBidding(w, '2031-05-12', flat(1000), 0)).toEqual(flat(1000));
    expect(grantedAfterBidding(w, '2031-05-10', flat(1000), null)).toEqual(flat(0));
    expect(centiBlocksInWindow(w, '2031-05-10', g)).toBe(3200);
    expect(centiBlocksInWindow(w, '2031-05-09', g)).toBe(0);
    // The rest of the day, outside the window (decision 0057); a block in two windows is left out once.
    expect(centiBlocksOutsideWindows([w], '2031-05-10', g)).toBe(88 * 1000);
    expect(centiBlocksOutsideWindows([w, w], '2031-05-10', g)).toBe(88 * 1000);
    expect(centiBlocksOutsideWindows([w], '2031-05-09', g)).toBe(88 * 1000 + 3200);
    expect(centiBlocksOutsideWindows([], '2031-05-10', g)).toBe(88 * 1000 + 3200);
  });

  it('converts centi-MW × blocks to exact kWh and MWh', () => {
    expect(centiBlocksToKwh(1)).toBe('2.5');
    expect(centiBlocksToKwh(6000 * 8)).toBe('120000.0');
    expect(centiBlocksToMwh(667 * 8)).toBe('13.34');
    expect(centiBlocksToMwh(1)).toBe('0.0025');
    expect(istInstant('2026-11-21', '18:00').toISOString()).toBe('2026-11-21T12:30:00.000Z');
  });
});

describe('Form ST2 and ST3 contracts (spec 000 §5)', () => {
  it('Save checks formats only; Submit reports every missing field', () => {
    expect(invitationSubmitSchema.safeParse({ isDraft: true }).success).toBe(true);
    const r = invitationSubmitSchema.safeParse({
      isDraft: false,
      subStationDetails: 'x',
      congestionFromTime: '10:00',
      congestionToTime: '09:00',
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'congestionToTime',
        'lastDateOfSubmission',
        'deadLine',
        'bidOpeningDate',
        'bidOpeningTime',
        'floorPrice',
        'place',
        'authorizedPersonName',
        'authorizedPersonDesignation',
        'transmissionSystemDetails',
      ]),
    );
    expect(paths).not.toContain('subStationDetails');
    // The price is read once at the boundary: text or number on the wire, ten-thousandths of a rupee per kWh on the server (decision 0027).
    expect(invitationSubmitSchema.safeParse({ isDraft: true, deadLine: '18:00:00', floorPrice: 0.19 }).data).toMatchObject({
      deadLine: '18:00',
      floorPrice: 1900,
    });
    expect(invitationSubmitSchema.safeParse({ isDraft: true, floorPrice: '0.19', availableMargin: '12.5' }).data).toMatchObject({
      floorPrice: 1900,
      availableMargin: 1250,
    });
    expect(invitationSubmitSchema.safeParse({ isDraft: true, floorPrice: '', availableMargin: '' }).data).toMatchObject({
      floorPrice: null,
      availableMargin: null,
    });
    // Prices: at most two decimals (spec 000 §5, §9).
    expect(invitationSubmitSchema.safeParse({ isDraft: true, floorPrice: '0.125' }).success).toBe(false);
    expect(invitationSubmitSchema.safeParse({ isDraft: true, floorPrice: '0.12345' }).success).toBe(false);
  });

  it('a proposal needs the quoted price, and on Submit the declarations', () => {
    const base = {
      applicationId: '00000000-0000-4000-8000-000000000001',
      eBiddingInvitationId: '00000000-0000-4000-8000-000000000002',
      eBiddingApplicationId: '00000000-0000-4000-8000-000000000003',
    };
    expect(proposalSubmitSchema.safeParse({ ...base, quotedBidPrice: '0.2', isDraft: true }).success).toBe(true);
    const r = proposalSubmitSchema.safeParse({ ...base, quotedBidPrice: '', isDraft: false });
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual(
      expect.arrayContaining([
        ['quotedBidPrice', 'Quoted Bid Price (Rs/kWh) is required'],
        ['place', 'Place is required'],
      ]),
    );
  });
});
