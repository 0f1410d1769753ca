import { type CongestionWindow, enEBidding, istInstant } from '@stoa/shared/e-bidding';
import type { FieldError } from '@stoa/shared/common';

import { AppError } from '../../platform/errors';
import type { InvitationRecord, InvitedApplicationRecord } from './e-bidding.repository';
import type { FlaggedInvitation } from './invitations.repository';

/**
 * The e-bidding deadline rule (DOMAIN.md §4, decision 0015): an invitation's deadline is its last
 * date of submission + deadline time, India Standard Time. Every decision is taken on the database
 * clock: the flags `deadlinePassed`, `openingReached` and `congestionStarted` are computed by
 * `now()` of the database (`clockFlags` in invitations.repository.ts) under the invitation's row lock.
 *
 * - Sending an invitation: the deadline is in the future, the bid opening not before it, and before
 *   the congestion starts (`invitationDateErrors`).
 * - Proposals are accepted only before the deadline (`assertProposalAccepted`).
 * - Processing only after it, once the bid opening is reached and before the congestion starts
 *   (`assertProcessable`).
 * - At the deadline the close job deems the applications without a submitted proposal withdrawn and
 *   expires an invitation without any (`closeDue`; `closeLocked` in e-bidding.processing.ts).
 * - Bidders without a submitted proposal are reminded once before it (`reminderDue`).
 * - Quoted prices stay sealed from SLDC staff until it passes (`pricesSealed` in e-bidding.access.ts).
 */

const E = enEBidding.errors;
const V = enEBidding.validation;

/** Reminder before the deadline (hours). */
export const REMINDER_HOURS_BEFORE_DEADLINE = 24;

/** The deadline as the notifications write it. */
export const deadlineText = (inv: InvitationRecord) => `${inv.lastDateOfSubmission ?? ''} ${inv.deadLine ?? ''} IST`.trim();

/** The instants of the deadline and the bid opening (IST wall-clock → instant), once both parts are given. */
export function deadlinesOf(body: {
  lastDateOfSubmission?: string | null;
  deadLine?: string | null;
  bidOpeningDate?: string | null;
  bidOpeningTime?: string | null;
}) {
  return {
    deadlineAt: body.lastDateOfSubmission && body.deadLine ? istInstant(body.lastDateOfSubmission, body.deadLine) : null,
    bidOpeningAt: body.bidOpeningDate && body.bidOpeningTime ? istInstant(body.bidOpeningDate, body.bidOpeningTime) : null,
  };
}

/**
 * What Submit (not Save) refuses of an invitation's dates, against the database clock `dbNow`: a
 * deadline already past, a bid opening before the deadline, a bid opening at or after the start of
 * the congestion.
 */
export function invitationDateErrors(input: {
  dbNow: Date;
  deadlineAt: Date | null;
  bidOpeningAt: Date | null;
  window: CongestionWindow | null;
  congestionFromTime: string | null | undefined;
}): FieldError[] {
  const { dbNow, deadlineAt, bidOpeningAt, window } = input;
  const errors: FieldError[] = [];
  if (deadlineAt && deadlineAt <= dbNow) errors.push({ fieldName: 'lastDateOfSubmission', errorMessages: [V.deadlinePast] });
  if (deadlineAt && bidOpeningAt && bidOpeningAt < deadlineAt)
    errors.push({ fieldName: 'bidOpeningDate', errorMessages: [V.openingBeforeDeadline] });
  if (window && bidOpeningAt && bidOpeningAt >= istInstant(window.fromDate, input.congestionFromTime!))
    errors.push({ fieldName: 'bidOpeningDate', errorMessages: [V.openingAfterCongestion] });
  return errors;
}

/** A sent invitation takes proposals until its deadline. */
export const openForProposals = (f: FlaggedInvitation) =>
  (f.inv.status === 'Initiated' || f.inv.status === 'Submitted') && !f.deadlinePassed;

/** A proposal is saved or submitted only while the invitation is open, before the deadline, for an application still invited (409 otherwise). */
export function assertProposalAccepted(f: FlaggedInvitation, invited: Pick<InvitedApplicationRecord, 'status'>): void {
  if (f.inv.status !== 'Initiated' && f.inv.status !== 'Submitted') throw new AppError('CONFLICT', E.notOpen);
  if (f.deadlinePassed) throw new AppError('CONFLICT', E.deadlinePassed);
  if (invited.status !== 'Invited') throw new AppError('CONFLICT', E.notOpen);
}

/** Processing: a Submitted invitation after its deadline, from the bid opening, before the congestion starts. */
export const processable = (f: FlaggedInvitation) =>
  f.inv.status === 'Submitted' && f.deadlinePassed && f.openingReached && !f.congestionStarted;

/** The reason an invitation cannot be processed yet (or any more), as a 409. */
export function assertProcessable(f: FlaggedInvitation): void {
  if (f.inv.status === 'Completed') throw new AppError('CONFLICT', E.alreadyProcessed);
  if (f.inv.status !== 'Submitted' || !f.deadlinePassed) throw new AppError('CONFLICT', E.notProcessable);
  if (!f.openingReached) throw new AppError('CONFLICT', E.beforeOpening);
  if (f.congestionStarted) throw new AppError('CONFLICT', E.congestionStarted);
}

/** The close job's turn: the deadline passed and the invitation was not closed yet. */
export const closeDue = (f: FlaggedInvitation) => f.deadlinePassed && !f.inv.closedAt;

/** The reminder's turn: none sent yet and the deadline not passed. */
export const reminderDue = (f: FlaggedInvitation) => !f.inv.reminderSentAt && !f.deadlinePassed;
