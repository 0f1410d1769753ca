import { describe, expect, it } from 'vitest';

import { congestionWindow, enEBidding } from '@stoa/shared/e-bidding';

import type { Viewer } from '../registrations/registrations.repository';
import { pricesSealed, proposalPermission, showsQuotedPrice } from './e-bidding.access';
import {
  assertProcessable,
  assertProposalAccepted,
  closeDue,
  deadlinesOf,
  invitationDateErrors,
  openForProposals,
  processable,
  reminderDue,
} from './e-bidding.deadline';
import type { InvitationRecord } from './e-bidding.repository';
import type { FlaggedInvitation } from './invitations.repository';

/**
 * The deadline rule alone (e-bidding.deadline.ts) and the sealed-bid rules that follow from it
 * (e-bidding.access.ts), on invitations whose database-clock flags are given. The routes test
 * (e-bidding.routes.test.ts) checks the same rules end to end on the database clock.
 */
const E = enEBidding.errors;
const V = enEBidding.validation;

function flagged(
  status: InvitationRecord['status'],
  flags: Partial<Omit<FlaggedInvitation, 'inv'>> = {},
  inv: Partial<InvitationRecord> = {},
): FlaggedInvitation {
  return {
    inv: { status, closedAt: null, reminderSentAt: null, ...inv } as InvitationRecord,
    deadlinePassed: false,
    openingReached: false,
    congestionStarted: false,
    ...flags,
  };
}
const viewer = (role: Viewer['role']) => ({ id: 'u', role }) as Viewer;
const conflict = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  return null;
};

describe('sending an invitation: its dates against the database clock', () => {
  const { deadlineAt, bidOpeningAt } = deadlinesOf({
    lastDateOfSubmission: '2031-05-10',
    deadLine: '17:00',
    bidOpeningDate: '2031-05-11',
    bidOpeningTime: '10:00',
  });
  const window = congestionWindow('2031-05-12', '2031-05-12', '10:00', '12:00');

  it('reads the deadline and the bid opening as India Standard Time', () => {
    expect(deadlineAt?.toISOString()).toBe('2031-05-10T11:30:00.000Z');
    expect(bidOpeningAt?.toISOString()).toBe('2031-05-11T04:30:00.000Z');
    expect(deadlinesOf({ lastDateOfSubmission: '2031-05-10', deadLine: null })).toEqual({ deadlineAt: null, bidOpeningAt: null });
  });

  it('accepts a future deadline, an opening after it and before the congestion', () => {
    expect(
      invitationDateErrors({ dbNow: new Date('2031-05-01T00:00:00Z'), deadlineAt, bidOpeningAt, window, congestionFromTime: '10:00' }),
    ).toEqual([]);
  });

  it('refuses a deadline at or before the database clock', () => {
    expect(invitationDateErrors({ dbNow: deadlineAt!, deadlineAt, bidOpeningAt, window, congestionFromTime: '10:00' })).toEqual([
      { fieldName: 'lastDateOfSubmission', errorMessages: [V.deadlinePast] },
    ]);
  });

  it('refuses an opening before the deadline and one at the start of the congestion, every error reported', () => {
    const early = deadlinesOf({
      lastDateOfSubmission: '2031-05-12',
      deadLine: '11:00',
      bidOpeningDate: '2031-05-12',
      bidOpeningTime: '10:00',
    });
    expect(invitationDateErrors({ dbNow: new Date('2031-05-01T00:00:00Z'), ...early, window, congestionFromTime: '10:00' })).toEqual([
      { fieldName: 'bidOpeningDate', errorMessages: [V.openingBeforeDeadline] },
      { fieldName: 'bidOpeningDate', errorMessages: [V.openingAfterCongestion] },
    ]);
  });
});

describe('proposals: only while the invitation is open, before the deadline', () => {
  it('accepts a proposal of an invited application of a sent invitation before the deadline', () => {
    for (const status of ['Initiated', 'Submitted'] as const) {
      expect(conflict(() => assertProposalAccepted(flagged(status), { status: 'Invited' }))).toBeNull();
      expect(openForProposals(flagged(status))).toBe(true);
    }
  });

  it('refuses after the deadline, for a closed invitation and for an application no longer invited', () => {
    expect(conflict(() => assertProposalAccepted(flagged('Submitted', { deadlinePassed: true }), { status: 'Invited' }))).toEqual({
      code: 'CONFLICT',
      message: E.deadlinePassed,
    });
    expect(conflict(() => assertProposalAccepted(flagged('Completed'), { status: 'Invited' }))).toEqual({
      code: 'CONFLICT',
      message: E.notOpen,
    });
    expect(conflict(() => assertProposalAccepted(flagged('Expired', { deadlinePassed: true }), { status: 'Invited' }))).toEqual({
      code: 'CONFLICT',
      message: E.notOpen,
    });
    expect(conflict(() => assertProposalAccepted(flagged('Submitted'), { status: 'Withdrawn' }))).toEqual({
      code: 'CONFLICT',
      message: E.notOpen,
    });
    expect(openForProposals(flagged('Submitted', { deadlinePassed: true }))).toBe(false);
    expect(openForProposals(flagged('Draft'))).toBe(false);
  });
});

describe('processing: after the deadline, from the bid opening, before the congestion', () => {
  const ready = { deadlinePassed: true, openingReached: true };

  it('processes a Submitted invitation in that window only', () => {
    expect(processable(flagged('Submitted', ready))).toBe(true);
    expect(conflict(() => assertProcessable(flagged('Submitted', ready)))).toBeNull();
    expect(processable(flagged('Submitted', { openingReached: true }))).toBe(false);
    expect(processable(flagged('Submitted', { ...ready, congestionStarted: true }))).toBe(false);
    expect(processable(flagged('Initiated', ready))).toBe(false);
  });

  it('says why not, in the order of the rule', () => {
    expect(conflict(() => assertProcessable(flagged('Completed', ready)))?.message).toBe(E.alreadyProcessed);
    expect(conflict(() => assertProcessable(flagged('Submitted')))?.message).toBe(E.notProcessable);
    expect(conflict(() => assertProcessable(flagged('Initiated', ready)))?.message).toBe(E.notProcessable);
    expect(conflict(() => assertProcessable(flagged('Submitted', { deadlinePassed: true })))?.message).toBe(E.beforeOpening);
    expect(conflict(() => assertProcessable(flagged('Submitted', { ...ready, congestionStarted: true })))?.message).toBe(
      E.congestionStarted,
    );
  });
});

describe('the jobs: closing at the deadline, the reminder before it', () => {
  it('closes once, after the deadline', () => {
    expect(closeDue(flagged('Initiated', { deadlinePassed: true }))).toBe(true);
    expect(closeDue(flagged('Initiated'))).toBe(false);
    expect(closeDue(flagged('Submitted', { deadlinePassed: true }, { closedAt: new Date() }))).toBe(false);
  });

  it('reminds once, before the deadline', () => {
    expect(reminderDue(flagged('Initiated'))).toBe(true);
    expect(reminderDue(flagged('Initiated', {}, { reminderSentAt: new Date() }))).toBe(false);
    expect(reminderDue(flagged('Initiated', { deadlinePassed: true }))).toBe(false);
  });
});

describe('sealed bids (e-bidding.access.ts)', () => {
  it('hides quoted prices from staff until the deadline, and a draft always; never from the bidder', () => {
    const before = flagged('Submitted');
    const after = flagged('Submitted', { deadlinePassed: true });
    expect(pricesSealed(before)).toBe(true);
    expect(pricesSealed(after)).toBe(false);
    expect(showsQuotedPrice(before, { status: 'Submitted' }, false)).toBe(false);
    expect(showsQuotedPrice(after, { status: 'Submitted' }, false)).toBe(true);
    expect(showsQuotedPrice(after, { status: 'Draft' }, false)).toBe(false);
    expect(showsQuotedPrice(before, { status: 'Draft' }, true)).toBe(true);
  });

  it('lets the bidder write Form ST3 only while the invitation takes proposals', () => {
    expect(proposalPermission(viewer('OABusinessUser'), flagged('Initiated'), 'None', true)).toBe('Write');
    expect(proposalPermission(viewer('OABusinessUser'), flagged('Initiated', { deadlinePassed: true }), 'Draft', true)).toBe('ReadOnly');
    expect(proposalPermission(viewer('Trader'), flagged('Initiated'), 'Draft', false)).toBe('ReadOnly');
    expect(proposalPermission(viewer('SLDCBusinessUser'), flagged('Initiated'), 'Draft', false)).toBe('ReadOnly');
    expect(proposalPermission(viewer('DISCOMBusinessUser'), flagged('Initiated'), 'Draft', false)).toBe('NoAccess');
  });
});
