import { amountPaise, centiBlocksToKwh, centiToMw, formatRupeeRate, gstPaise, istDate, priceToTenThousandths } from '@stoa/shared/common';
import { centiBlocksInWindow, enEBidding, type InvitationProposals, type ProcessingPayload } from '@stoa/shared/e-bidding';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { configurationRepository } from '../configuration/configuration.repository';
import { viewerOf } from './e-bidding.access';
import { allocate } from './e-bidding.allocation';
import { assertProcessable, closeDue, deadlineText, REMINDER_HOURS_BEFORE_DEADLINE, reminderDue } from './e-bidding.deadline';
import type { EBiddingDeps } from './e-bidding.deps';
import { type GrantBy, grantEBiddedApplication } from './e-bidding.grants';
import { windowOf } from './e-bidding.mapper';
import { tellBidders } from './e-bidding.notify';
import { eBiddingRepository as repo, type InvitationRecord } from './e-bidding.repository';
import { type FlaggedInvitation, invitationsRepository as invitations, type InvitedRow } from './invitations.repository';
import { proposalsRepository as proposals } from './proposals.repository';
import { proposalsView } from './proposals';

/**
 * After the deadline (DOMAIN.md §4, decisions 0015, 0016): processing an invitation (allocation,
 * grants, price dues), closing it at the deadline (deemed withdrawals, expiry) and the reminder
 * before it. Grants consume margin like processing runs: each transaction takes the processing
 * lock first, then the invitation's row, then the applications in id order.
 */

const E = enEBidding.errors;
const N = enEBidding.notifications;
/** The jobs handle at most this many invitations per run. */
const JOB_BATCH = 200;

/**
 * After the deadline (caller checked, invitation locked): every invited application without a
 * submitted proposal is deemed withdrawn (nothing granted, NoSTOARejected); an invitation without
 * any submitted proposal expires. Idempotent.
 */
async function closeLocked(
  deps: EBiddingDeps,
  tx: Tx,
  f: FlaggedInvitation,
  by: GrantBy,
): Promise<{ withdrawn: number; expired: boolean }> {
  const { clock, audit, notifications } = deps;
  const { inv } = f;
  if (inv.closedAt || (inv.status !== 'Initiated' && inv.status !== 'Submitted')) return { withdrawn: 0, expired: false };
  const window = windowOf(inv)!;
  const invitedRows = await invitations.invited(tx, [inv.id]);
  const submitted = new Set((await proposals.proposalsOf(tx, inv.id, ['Submitted'])).map((p) => p.eBiddingApplicationId));
  const withdraw = invitedRows.filter((r) => r.ea.status === 'Invited' && !submitted.has(r.ea.id));
  const locked = new Map(
    (
      await repo.lockApplications(
        tx,
        withdraw.map((r) => r.app.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const r of withdraw) {
    const row = locked.get(r.app.id);
    if (row?.status === 'PendingSTOAApproval')
      await grantEBiddedApplication(
        tx,
        deps,
        row,
        window,
        null,
        by,
        `Deemed withdrawn: no bid proposal in ${inv.bidInvitationNo} by the deadline`,
      );
    await invitations.withdrawInvited(tx, r.ea.id);
  }
  // A draft never submitted by the deadline is over: its proposal reads Expired, not Draft (decision 0016).
  if (withdraw.length > 0)
    await proposals.expireDrafts(
      tx,
      inv.id,
      withdraw.map((r) => r.ea.id),
    );
  const expired = inv.status === 'Initiated';
  await invitations.markClosed(tx, inv.id, {
    status: expired ? 'Expired' : inv.status,
    closedAt: clock.now(),
    version: inv.version + 1,
    updatedOn: clock.now(),
  });
  await audit.record(tx, {
    actor: { id: by.userId, role: by.role },
    action: expired ? 'EBIDDING_INVITATION_EXPIRED' : 'EBIDDING_INVITATION_CLOSED',
    entity: 'EBiddingInvitation',
    entityId: inv.id,
    before: { status: inv.status },
    after: { status: expired ? 'Expired' : inv.status, withdrawn: withdraw.map((r) => r.app.id) },
    requestId: by.requestId,
  });
  await tellBidders(
    deps,
    tx,
    withdraw.map((r) => r.app.id),
    (appId) => N.withdrawn(inv.bidInvitationNo, withdraw.find((r) => r.app.id === appId)!.app.applicationNo),
  );
  if (expired)
    await notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.expired(inv.bidInvitationNo),
      link: WEB_LINKS.eBiddingInvitation(inv.id),
    });
  return { withdrawn: withdraw.length, expired };
}

/** The e-bidding price due of an allocated application: applicable price × the energy granted in the window (kWh). */
async function raisePriceDue(
  deps: EBiddingDeps,
  tx: Tx,
  inv: InvitationRecord,
  r: InvitedRow,
  applicablePrice: string,
  granted: Map<string, number[]>,
): Promise<string | null> {
  const { clock, audit, configuration } = deps;
  const window = windowOf(inv)!;
  let centiBlocks = 0;
  for (const [day, g] of granted) centiBlocks += centiBlocksInWindow(window, day, g);
  if (centiBlocks === 0) return null;
  const on = istDate(clock.now());
  const rate = await configurationRepository.rateOn(tx, 'STU_TRANSMISSION_CHARGE', on);
  if (!rate) throw new AppError('BUSINESS_RULE', `No STU transmission charge is configured for ${on}.`);
  const quantity = centiBlocksToKwh(centiBlocks);
  const base = amountPaise(applicablePrice, quantity);
  const gst = gstPaise(base, String(rate.gstRatePercent));
  const dueDate = await configuration.addWorkingDays(tx, on, Number(await configuration.settingOn(tx, 'paymentDueWorkingDays', on)));
  const row = await configurationRepository.insertDue(tx, {
    payerUserId: r.app.applicantUserId,
    head: 'STU_TRANSMISSION_CHARGE',
    description: `E-bidding price (${inv.bidInvitationNo}): ${r.app.applicationNo}`,
    recordType: 'EBiddingApplication',
    recordId: r.ea.id,
    rateId: rate.id,
    quantity,
    rate: applicablePrice,
    unit: 'INR_PER_KWH',
    baseAmountPaise: base,
    gstRatePercent: String(rate.gstRatePercent),
    gstAmountPaise: gst,
    totalPaise: base + gst,
    dueDate,
    createdAt: clock.now(),
  });
  await audit.record(tx, {
    actor: { id: null, role: 'SYSTEM' },
    action: 'DUE_RAISED',
    entity: 'Due',
    entityId: row.id,
    after: {
      head: row.head,
      recordType: row.recordType,
      recordId: row.recordId,
      quantity,
      rate: applicablePrice,
      totalPaise: row.totalPaise,
    },
  });
  return row.id;
}

/**
 * Processes an invitation (staff): closes it, allocates the margin over the submitted proposals,
 * grants each application, raises the price dues, and completes the invitation and its proposals.
 * The proposals the caller saw must be the submitted ones (409 otherwise).
 */
export async function processInvitation(
  deps: EBiddingDeps,
  actor: RequestUser,
  body: ProcessingPayload,
  meta: RequestMeta,
): Promise<InvitationProposals> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  await inTransaction(db, async (tx) => {
    // Grants consume margin like processing runs do: the same lock, taken first (decision 0015).
    await repo.takeProcessingLock(tx);
    const f = await invitations.invitation(tx, body.bidInvitationId, { lock: true });
    if (!f) throw new AppError('NOT_FOUND', E.invitationNotFound);
    const { inv } = f;
    assertProcessable(f);
    const submitted = await proposals.proposalsOf(tx, inv.id, ['Submitted']);
    const sent = new Set(body.applicationDetails.map((d) => d.proposalId));
    if (submitted.length === 0 || sent.size !== submitted.length || submitted.some((p) => !sent.has(p.id)))
      throw new AppError('CONFLICT', E.proposalsChanged);
    const invitedRows = await invitations.invited(tx, [inv.id]);
    // Lock every invited application before any audit row (same order as their own workflow).
    const locked = new Map(
      (
        await repo.lockApplications(
          tx,
          invitedRows.map((r) => r.app.id),
        )
      ).map((r) => [r.id, r]),
    );
    const by: GrantBy = { userId: v.id, role: v.role, requestId: meta.requestId };
    await closeLocked(deps, tx, f, by);
    const window = windowOf(inv)!;
    const invited = new Map(invitedRows.map((r) => [r.ea.id, r]));
    const results = allocate(inv.availableMarginCenti ?? 0, submitted, invited);
    let pending = 0;
    for (const res of results) {
      const r = invited.get(res.applicationId)!;
      const row = locked.get(r.app.id);
      if (!row) throw new AppError('CONFLICT', E.proposalsChanged);
      const remarks =
        res.applicablePrice === null
          ? `E-bidding ${inv.bidInvitationNo}: nothing allocated`
          : `E-bidding ${inv.bidInvitationNo}: ${centiToMw(res.allocated)} MW at ${formatRupeeRate(res.applicablePrice, 'kWh')}`;
      const g = await grantEBiddedApplication(tx, deps, row, window, res.allocated, by, remarks);
      if (g.status === 'STOAApproved') pending++;
      const dueId = res.applicablePrice === null ? null : await raisePriceDue(deps, tx, inv, r, res.applicablePrice, g.granted);
      await invitations.setInvitedResult(tx, r.ea.id, {
        status: res.status,
        allocatedCenti: res.allocated,
        applicablePriceTt: res.applicablePrice === null ? null : priceToTenThousandths(res.applicablePrice),
        dueId,
      });
      await tellBidders(
        deps,
        tx,
        [r.app.id],
        () => N.result(inv.bidInvitationNo, r.app.applicationNo, centiToMw(res.allocated), res.applicablePrice),
        () => WEB_LINKS.eBiddingDetails(r.app.id),
      );
    }
    await proposals.completeSubmitted(tx, inv.id);
    await invitations.markCompleted(tx, inv.id, v.id, clock.now());
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'EBIDDING_PROCESSED',
      entity: 'EBiddingInvitation',
      entityId: inv.id,
      before: { status: inv.status },
      after: { status: 'Completed', marginCenti: inv.availableMarginCenti, results },
      requestId: meta.requestId,
    });
    if (pending > 0)
      await notifications.notify(tx, {
        role: 'SLDCApproverI',
        message: N.processed(inv.bidInvitationNo, pending),
        link: WEB_LINKS.eBiddingProcess(inv.id),
      });
  });
  return proposalsView(db, (await invitations.invitation(db, body.bidInvitationId))!);
}

// ---- jobs ----------------------------------------------------------------------------------------

/** Closes every sent invitation whose deadline passed (expiry, deemed withdrawals). One transaction per invitation. */
export async function runClose(deps: EBiddingDeps): Promise<{ invitations: number; withdrawn: number; expired: number }> {
  const { db } = deps;
  const due = await invitations.dueForClosing(db, JOB_BATCH);
  let withdrawn = 0;
  let expired = 0;
  let closed = 0;
  for (const { id } of due) {
    await inTransaction(db, async (tx) => {
      await repo.takeProcessingLock(tx);
      const f = await invitations.invitation(tx, id, { lock: true });
      if (!f || !closeDue(f)) return;
      const invitedRows = await invitations.invited(tx, [id]);
      await repo.lockApplications(
        tx,
        invitedRows.map((r) => r.app.id),
      );
      const res = await closeLocked(deps, tx, f, { userId: null, role: 'SYSTEM', requestId: null });
      closed++;
      withdrawn += res.withdrawn;
      if (res.expired) expired++;
    });
  }
  return { invitations: closed, withdrawn, expired };
}

/** Reminds the bidders without a submitted proposal, once per invitation, within the reminder period before the deadline. */
export async function runReminders(deps: EBiddingDeps): Promise<number> {
  const { db, clock } = deps;
  const due = await invitations.dueForReminder(db, REMINDER_HOURS_BEFORE_DEADLINE, JOB_BATCH);
  let n = 0;
  for (const { id } of due) {
    await inTransaction(db, async (tx) => {
      const f = await invitations.invitation(tx, id, { lock: true });
      if (!f || !reminderDue(f)) return;
      const submitted = new Set((await proposals.proposalsOf(tx, id, ['Submitted'])).map((p) => p.eBiddingApplicationId));
      const waiting = (await invitations.invited(tx, [id])).filter((r) => r.ea.status === 'Invited' && !submitted.has(r.ea.id));
      await tellBidders(
        deps,
        tx,
        waiting.map((r) => r.app.id),
        (appId) => N.reminder(f.inv.bidInvitationNo, waiting.find((r) => r.app.id === appId)!.app.applicationNo, deadlineText(f.inv)),
      );
      await invitations.markReminderSent(tx, id, clock.now());
      n += waiting.length;
    });
  }
  return n;
}
