import { and, eq, sql } from 'drizzle-orm';

import {
  allocateBids,
  appliedInWindow,
  type BidAllocation,
  type BidProposal,
  type CongestedApplicationsQuery,
  centiBlocksInWindow,
  centiBlocksToKwh,
  centiBlocksToMwh,
  centiToMw,
  congestionWindow,
  type CongestionWindow,
  EBIDDING_STAFF_ROLES,
  EBIDDING_STATUS_LABELS,
  eBiddingFormPermission,
  type EBiddingApplicant,
  type EBiddingDetails,
  type EBiddingStatus,
  enEBidding,
  istDate,
  istInstant,
  type InvitationDetail,
  type InvitationList,
  invitationListAction,
  type InvitationListQuery,
  type InvitationProposals,
  type InvitationSubmit,
  isInvitationExpired,
  mwToCenti,
  priceToTenThousandths,
  type ProcessingPayload,
  type ProposalDetail,
  type ProposalSubmit,
  type Role,
  tenThousandthsToPrice,
  blockStartTime,
  blockEndTime,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { ApplicationRecord } from '../applications/applications.tables';
import type { AuditService } from '../audit/audit.service';
import { configurationRepository } from '../configuration/configuration.repository';
import type { ConfigurationService } from '../configuration/configuration.service';
import { amountPaise, gstPaise } from '../configuration/money';
import type { NotificationsService } from '../notifications/notifications.service';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import { type GrantBy, grantEBiddedApplication } from './e-bidding.grants';
import { eBiddingRepository as repo, UUID } from './e-bidding.repository';
import { eBiddingApplications, eBiddingInvitations, type InvitationRecord, type InvitationTexts, eBiddingProposals, type ProposalRecord } from './e-bidding.tables';

const E = enEBidding.errors;
const V = enEBidding.validation;
const N = enEBidding.notifications;
const STAFF: readonly Role[] = EBIDDING_STAFF_ROLES;
/** Reminder before the deadline (hours). */
export const REMINDER_HOURS_BEFORE_DEADLINE = 24;
/** The downloads list at most this many rows. */
export const DOWNLOAD_ROW_CAP = 10_000;
/** The candidates list shows at most this many applications. */
export const CANDIDATE_CAP = 500;

type Flagged = { inv: InvitationRecord; deadlinePassed: boolean; openingReached: boolean; congestionStarted: boolean };
type InvitedRow = Awaited<ReturnType<typeof repo.invited>>[number];

const statusObject = (s: EBiddingStatus) => ({ status: s, statusDescription: EBIDDING_STATUS_LABELS[s] });
const mw = (centi: number | null | undefined) => (centi === null || centi === undefined ? null : centiToMw(centi));
const price = (tt: number | null | undefined) => (tt === null || tt === undefined ? null : tenThousandthsToPrice(tt));
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
const windowOf = (inv: InvitationRecord): CongestionWindow | null =>
  inv.congestionFromDate && inv.congestionToDate && inv.congestionFromTime && inv.congestionToTime
    ? congestionWindow(inv.congestionFromDate, inv.congestionToDate, inv.congestionFromTime, inv.congestionToTime)
    : null;
const deadlineText = (inv: InvitationRecord) => `${inv.lastDateOfSubmission ?? ''} ${inv.deadLine ?? ''} IST`.trim();

/** What Form ST3 and the dialogs show of an application's applicant: the applicant's own registration (seller side if it owns the seller). */
function applicantOf(r: Pick<InvitedRow, 'app' | 'applicantName' | 'applicantType' | 'sellerOwner' | 'sellerNo' | 'sellerValidity' | 'sellerCategory' | 'buyerNo' | 'buyerValidity' | 'buyerCategory'>): EBiddingApplicant {
  const ownSeller = r.sellerOwner === r.app.applicantUserId;
  return {
    applicationId: r.app.id,
    applicationNo: r.app.applicationNo,
    applicationDate: r.app.submittedAt ? istDate(r.app.submittedAt) : istDate(r.app.createdOn),
    registrationNo: ownSeller ? r.sellerNo : r.buyerNo,
    registrationValidity: ownSeller ? r.sellerValidity : r.buyerValidity,
    applicantName: r.applicantName,
    applicantType: r.applicantType,
    applicantCategory: ownSeller ? r.sellerCategory : r.buyerCategory,
    fromDate: r.app.fromDate,
    toDate: r.app.toDate,
  };
}

export function createEBiddingService(deps: { db: Database; clock: Clock; audit: AuditService; configuration: ConfigurationService; notifications: NotificationsService }) {
  const { db, clock, audit, configuration, notifications } = deps;
  const today = () => istDate(clock.now());

  async function viewerOf(actor: RequestUser): Promise<Viewer> {
    const v = await registrationsRepository.viewer(db, actor.id);
    if (!v) throw new AppError('UNAUTHENTICATED');
    return v;
  }
  const isStaff = (v: Viewer) => STAFF.includes(v.role);

  /** The invitation if the viewer may see it: staff any; a bidder a sent one naming an application of theirs. 404 otherwise. */
  async function visibleInvitation(dbx: DbOrTx, v: Viewer, id: string, opts: { lock?: boolean } = {}): Promise<Flagged> {
    const row = await repo.invitation(dbx, id, opts);
    if (!row) throw new AppError('NOT_FOUND', E.invitationNotFound);
    if (isStaff(v)) return row;
    if (row.inv.status === 'Draft') throw new AppError('NOT_FOUND', E.invitationNotFound);
    if ((await repo.bidderApplicationIds(dbx, v.id, row.inv.id)).size > 0) return row;
    throw new AppError('NOT_FOUND', E.invitationNotFound);
  }

  async function detailOf(dbx: DbOrTx, v: Viewer, f: Flagged): Promise<InvitationDetail> {
    const { inv } = f;
    let invited = await repo.invited(dbx, [inv.id]);
    if (!isStaff(v)) {
      const own = await repo.bidderApplicationIds(dbx, v.id, inv.id);
      invited = invited.filter((r) => own.has(r.app.id));
    }
    const total = (await repo.appliedTotals(dbx, [inv.id])).get(inv.id) ?? 0;
    const t = inv.texts;
    return {
      id: inv.id,
      bidInvitationNo: inv.bidInvitationNo,
      dateOfInvitation: inv.dateOfInvitation,
      applicationId: invited[0]?.app.id ?? null,
      version: inv.version,
      subStationDetails: t.subStationDetails,
      transmissionSystemDetails: t.transmissionSystemDetails,
      nameOfTransmissionSystem: t.nameOfTransmissionSystem,
      availableMarginSubstation: t.availableMarginSubstation,
      availableMargin: mw(inv.availableMarginCenti),
      allApplicationsAppliedQuantum: centiToMw(total),
      congestionFromDate: inv.congestionFromDate,
      congestionToDate: inv.congestionToDate,
      congestionFromTime: inv.congestionFromTime,
      congestionToTime: inv.congestionToTime,
      fromTimeSpan: inv.congestionFromTime,
      toTimeSpan: inv.congestionToTime,
      lastDateOfSubmission: inv.lastDateOfSubmission,
      deadLine: inv.deadLine,
      deadlineAt: inv.deadlineAt?.toISOString() ?? null,
      deadlinePassed: f.deadlinePassed,
      bidOpeningDate: inv.bidOpeningDate,
      bidOpeningTime: inv.bidOpeningTime,
      floorPrice: price(inv.floorPriceTt),
      place: t.place,
      date: t.date,
      authorizedPersonName: t.authorizedPersonName,
      authorizedPersonDesignation: t.authorizedPersonDesignation,
      isDraft: inv.status === 'Draft',
      status: statusObject(inv.status),
      formPermission: eBiddingFormPermission('Invitation', inv.status, v.role),
      eBiddedApplications: invited.map((r) => ({
        id: r.ea.id,
        ...applicantOf(r),
        appliedQuantum: centiToMw(r.ea.appliedCenti),
        status: r.ea.status,
        allocatedQuantum: mw(r.ea.allocatedCenti),
        applicablePrice: price(r.ea.applicablePriceTt),
      })),
    };
  }

  /** The bidders of applications, told once each. */
  async function tellBidders(tx: Tx, applicationIds: string[], message: (applicationId: string) => string) {
    const bidders = await repo.biddersOf(tx, applicationIds);
    for (const id of applicationIds) {
      const userIds = bidders.get(id) ?? [];
      if (userIds.length > 0) await notifications.notify(tx, { userIds, message: message(id) });
    }
  }

  // ---- Form ST2 -------------------------------------------------------------------------------

  async function submitInvitation(actor: RequestUser, body: InvitationSubmit, meta: RequestMeta): Promise<InvitationDetail> {
    const v = await viewerOf(actor);
    const appIds = [...new Set([...body.eBiddedApplications.map((x) => x.applicationId), ...(body.applicationId ? [body.applicationId] : [])])];
    const id = await inTransaction(db, async (tx) => {
      let before: Flagged | undefined;
      if (body.id) {
        before = await repo.invitation(tx, body.id, { lock: true });
        if (!before) throw new AppError('NOT_FOUND', E.invitationNotFound);
        if (before.inv.status !== 'Draft') throw new AppError('CONFLICT', E.notDraft);
        if (body.version !== undefined && body.version !== null && body.version !== before.inv.version) throw new AppError('CONFLICT', E.stale);
      }
      // Lock the applications first (before any audit row): no deadlock with their own workflow.
      const apps = await repo.lockApplications(tx, appIds);
      const byId = new Map(apps.map((r) => [r.id, r]));
      const congested = await repo.congestedIds(tx, appIds);
      const bad: string[] = [];
      for (const appId of appIds) {
        const row = byId.get(appId);
        if (!row || row.type !== 'Advance' || row.status !== 'PendingSTOAApproval' || !congested.has(appId)) bad.push(E.notCongested(row?.applicationNo ?? appId));
      }
      const live = await repo.liveInvitationsOf(tx, appIds, body.id ?? null);
      for (const l of live) bad.push(E.alreadyInvited(byId.get(l.applicationId)?.applicationNo ?? l.applicationId, l.bidInvitationNo));
      if (bad.length > 0) throw new AppError('BUSINESS_RULE', bad[0], [{ fieldName: 'eBiddedApplications', errorMessages: bad }]);

      const window =
        body.congestionFromDate && body.congestionToDate && body.congestionFromTime && body.congestionToTime
          ? congestionWindow(body.congestionFromDate, body.congestionToDate, body.congestionFromTime, body.congestionToTime)
          : null;
      const days = await repo.days(tx, appIds);
      const applied = new Map(appIds.map((appId) => [appId, window ? appliedInWindow(window, days.filter((d) => d.applicationId === appId)) : 0]));
      const deadlineAt = body.lastDateOfSubmission && body.deadLine ? istInstant(body.lastDateOfSubmission, body.deadLine) : null;
      const bidOpeningAt = body.bidOpeningDate && body.bidOpeningTime ? istInstant(body.bidOpeningDate, body.bidOpeningTime) : null;
      let floorPriceTt = body.floorPrice ? priceToTenThousandths(body.floorPrice) : null;
      if (floorPriceTt === null && !body.id) {
        // The default floor price = the configured e-bidding floor price (DOMAIN.md §4), prefilled on a new draft.
        const rate = await configurationRepository.rateOn(tx, 'EBIDDING_FLOOR_PRICE', today());
        if (rate) floorPriceTt = priceToTenThousandths(String(rate.amount).replace(/(\.\d{0,4})\d*$/, '$1').replace(/\.$/, ''));
      }

      if (!body.isDraft) {
        const fieldErrors: { fieldName: string; errorMessages: string[] }[] = [];
        const clockRes = (await tx.execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
        const dbNow = new Date(clockRes.rows[0]!.now);
        if (deadlineAt && deadlineAt <= dbNow) fieldErrors.push({ fieldName: 'lastDateOfSubmission', errorMessages: [V.deadlinePast] });
        if (deadlineAt && bidOpeningAt && bidOpeningAt < deadlineAt) fieldErrors.push({ fieldName: 'bidOpeningDate', errorMessages: [V.openingBeforeDeadline] });
        if (window && bidOpeningAt && bidOpeningAt >= istInstant(window.fromDate, body.congestionFromTime!)) fieldErrors.push({ fieldName: 'bidOpeningDate', errorMessages: [V.openingAfterCongestion] });
        const notAffected = appIds.filter((appId) => (applied.get(appId) ?? 0) === 0).map((appId) => E.notCongested(byId.get(appId)!.applicationNo));
        if (notAffected.length > 0) fieldErrors.push({ fieldName: 'eBiddedApplications', errorMessages: notAffected });
        if (fieldErrors.length > 0) throw new AppError('VALIDATION_FAILED', fieldErrors[0]!.errorMessages[0], fieldErrors);
      }

      const texts: InvitationTexts = {
        subStationDetails: body.subStationDetails ?? null,
        transmissionSystemDetails: body.transmissionSystemDetails ?? null,
        nameOfTransmissionSystem: body.nameOfTransmissionSystem ?? null,
        availableMarginSubstation: body.availableMarginSubstation ?? null,
        place: body.place ?? null,
        date: body.date ?? null,
        authorizedPersonName: body.authorizedPersonName ?? null,
        authorizedPersonDesignation: body.authorizedPersonDesignation ?? null,
      };
      const now = clock.now();
      const values = {
        status: body.isDraft ? ('Draft' as const) : ('Initiated' as const),
        dateOfInvitation: today(),
        congestionFromDate: body.congestionFromDate ?? null,
        congestionToDate: body.congestionToDate ?? null,
        congestionFromTime: body.congestionFromTime ?? null,
        congestionToTime: body.congestionToTime ?? null,
        availableMarginCenti: body.availableMargin ? mwToCenti(body.availableMargin) : null,
        lastDateOfSubmission: body.lastDateOfSubmission ?? null,
        deadLine: body.deadLine ?? null,
        deadlineAt,
        bidOpeningDate: body.bidOpeningDate ?? null,
        bidOpeningTime: body.bidOpeningTime ?? null,
        bidOpeningAt,
        floorPriceTt,
        texts,
        sentBy: body.isDraft ? null : v.id,
        sentAt: body.isDraft ? null : now,
        updatedOn: now,
      };
      let inv: InvitationRecord;
      if (before) {
        [inv] = (await tx
          .update(eBiddingInvitations)
          .set({ ...values, version: before.inv.version + 1 })
          .where(eq(eBiddingInvitations.id, before.inv.id))
          .returning()) as [InvitationRecord];
        await tx.delete(eBiddingApplications).where(eq(eBiddingApplications.invitationId, inv.id));
      } else {
        const bidInvitationNo = await repo.nextInvitationNo(tx, today().slice(0, 4));
        [inv] = (await tx.insert(eBiddingInvitations).values({ ...values, bidInvitationNo, createdBy: v.id, createdOn: now }).returning()) as [InvitationRecord];
      }
      if (appIds.length > 0) {
        await tx.insert(eBiddingApplications).values(appIds.map((applicationId, k) => ({ invitationId: inv.id, applicationId, position: k + 1, appliedCenti: applied.get(applicationId) ?? 0 })));
      }
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: body.isDraft ? 'EBIDDING_INVITATION_SAVED' : 'EBIDDING_INVITATION_SENT',
        entity: 'EBiddingInvitation',
        entityId: inv.id,
        before: before ? { status: before.inv.status, version: before.inv.version } : null,
        after: { bidInvitationNo: inv.bidInvitationNo, status: inv.status, version: inv.version, applications: appIds, floorPriceTt: inv.floorPriceTt, availableMarginCenti: inv.availableMarginCenti, deadlineAt: inv.deadlineAt },
        requestId: meta.requestId,
      });
      if (!body.isDraft) {
        await tellBidders(tx, appIds, (appId) => N.invited(inv.bidInvitationNo, byId.get(appId)!.applicationNo, deadlineText(inv)));
      }
      return inv.id;
    });
    return detailOf(db, v, (await repo.invitation(db, id))!);
  }

  // ---- Form ST3 -------------------------------------------------------------------------------

  function proposalDetailOf(v: Viewer, f: Flagged, invited: InvitedRow, proposal: ProposalRecord | undefined, bidder: boolean): ProposalDetail {
    const { inv } = f;
    const status: EBiddingStatus = proposal?.status ?? 'None';
    // Sealed: staff never see a price before the deadline, nor a bidder's unsent draft.
    const showPrice = bidder || (f.deadlinePassed && proposal?.status !== 'Draft');
    const open = (inv.status === 'Initiated' || inv.status === 'Submitted') && !f.deadlinePassed;
    let permission = eBiddingFormPermission('Proposal', status, v.role);
    if (permission === 'Write' && (!bidder || !open)) permission = 'ReadOnly';
    return {
      proposalId: proposal?.id ?? null,
      eBiddingInvitationId: inv.id,
      bidInvitationId: inv.id,
      bidInvitationNo: inv.bidInvitationNo,
      eBiddingApplicationId: invited.ea.id,
      eBiddingApplication: { id: invited.ea.id },
      ...applicantOf(invited),
      congestionFromDate: inv.congestionFromDate,
      congestionToDate: inv.congestionToDate,
      congestionFromTime: inv.congestionFromTime,
      congestionToTime: inv.congestionToTime,
      availableMargin: mw(inv.availableMarginCenti),
      appliedQuantum: centiToMw(invited.ea.appliedCenti),
      lastDateOfSubmission: inv.lastDateOfSubmission,
      deadLine: inv.deadLine,
      deadlinePassed: f.deadlinePassed,
      floorPrice: price(inv.floorPriceTt),
      quotedBidPrice: proposal && showPrice ? price(proposal.quotedPriceTt) : null,
      place: proposal?.place ?? null,
      authorizedPersonName: proposal?.authorizedPersonName ?? null,
      authorizedPersonDesignation: proposal?.authorizedPersonDesignation ?? null,
      isDraft: status === 'None' || status === 'Draft',
      status: statusObject(status),
      submittedAt: proposal?.submittedAt?.toISOString() ?? null,
      allocatedQuantum: inv.status === 'Completed' ? mw(invited.ea.allocatedCenti) : null,
      applicablePrice: inv.status === 'Completed' ? price(invited.ea.applicablePriceTt) : null,
      formPermission: permission,
    };
  }

  async function submitProposal(actor: RequestUser, body: ProposalSubmit, meta: RequestMeta): Promise<ProposalDetail> {
    const v = await viewerOf(actor);
    await inTransaction(db, async (tx) => {
      // The invitation row lock orders every proposal, the processing and the jobs of one invitation.
      const f = await repo.invitation(tx, body.eBiddingInvitationId, { lock: true });
      if (!f || f.inv.status === 'Draft') throw new AppError('NOT_FOUND', E.invitationNotFound);
      const [invited] = await tx
        .select()
        .from(eBiddingApplications)
        .where(and(eq(eBiddingApplications.id, body.eBiddingApplicationId), eq(eBiddingApplications.invitationId, f.inv.id), eq(eBiddingApplications.applicationId, body.applicationId)))
        .limit(1);
      if (!invited || !(await repo.isBidderOf(tx, v.id, body.applicationId))) throw new AppError('NOT_FOUND', E.notInvited);
      if (f.inv.status !== 'Initiated' && f.inv.status !== 'Submitted') throw new AppError('CONFLICT', E.notOpen);
      if (f.deadlinePassed) throw new AppError('CONFLICT', E.deadlinePassed);
      if (invited.status !== 'Invited') throw new AppError('CONFLICT', E.notOpen);
      const existing = await repo.proposalOfInvited(tx, invited.id);
      if (existing && existing.status !== 'Draft') throw new AppError('CONFLICT', E.proposalLocked);
      const quoted = priceToTenThousandths(body.quotedBidPrice);
      if (f.inv.floorPriceTt !== null && quoted < f.inv.floorPriceTt) throw AppError.field('VALIDATION_FAILED', 'quotedBidPrice', V.belowFloorPrice);
      const submitted = !body.isDraft;
      const values = {
        status: submitted ? ('Submitted' as const) : ('Draft' as const),
        quotedPriceTt: quoted,
        place: body.place ?? null,
        authorizedPersonName: body.authorizedPersonName ?? null,
        authorizedPersonDesignation: body.authorizedPersonDesignation ?? null,
        submittedBy: submitted ? v.id : null,
        // The database clock of this transaction: the deadline check above used the same now().
        submittedAt: submitted ? sql`now()` : null,
        updatedOn: sql`now()`,
      };
      const [row] = await tx
        .insert(eBiddingProposals)
        .values({ invitationId: f.inv.id, eBiddingApplicationId: invited.id, applicationId: invited.applicationId, createdBy: v.id, ...values })
        .onConflictDoUpdate({ target: eBiddingProposals.eBiddingApplicationId, set: values, setWhere: sql`${eBiddingProposals.status} = 'Draft'` })
        .returning();
      if (!row) throw new AppError('CONFLICT', E.proposalLocked);
      if (submitted && f.inv.status === 'Initiated') {
        await tx.update(eBiddingInvitations).set({ status: 'Submitted', version: f.inv.version + 1, updatedOn: clock.now() }).where(eq(eBiddingInvitations.id, f.inv.id));
      }
      // The audit row does not carry the sealed price (the proposal row keeps it, unchangeable once submitted).
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: submitted ? 'EBIDDING_PROPOSAL_SUBMITTED' : 'EBIDDING_PROPOSAL_SAVED',
        entity: 'EBiddingProposal',
        entityId: row.id,
        before: existing ? { status: existing.status } : null,
        after: { status: row.status, invitationId: f.inv.id, applicationId: row.applicationId },
        requestId: meta.requestId,
      });
    });
    return proposalById(actor, body.eBiddingInvitationId, body.applicationId, body.eBiddingApplicationId);
  }

  async function proposalById(actor: RequestUser, invitationId: string, applicationId: string, id: string): Promise<ProposalDetail> {
    const v = await viewerOf(actor);
    const f = await repo.invitation(db, invitationId);
    if (!f || (f.inv.status === 'Draft' && !isStaff(v))) throw new AppError('NOT_FOUND', E.proposalNotFound);
    const invited = (await repo.invited(db, [f.inv.id])).find((r) => r.app.id === applicationId);
    if (!invited) throw new AppError('NOT_FOUND', E.proposalNotFound);
    const proposal = await repo.proposalOfInvited(db, invited.ea.id);
    if (id !== invited.ea.id && id !== proposal?.id) throw new AppError('NOT_FOUND', E.proposalNotFound);
    const bidder = !isStaff(v) && (await repo.isBidderOf(db, v.id, applicationId));
    if (!isStaff(v) && !bidder) throw new AppError('NOT_FOUND', E.proposalNotFound);
    return proposalDetailOf(v, f, invited, proposal, bidder);
  }

  // ---- lists ----------------------------------------------------------------------------------

  async function staffRows(dbx: DbOrTx, v: Viewer, rows: Flagged[]) {
    const ids = rows.map((r) => r.inv.id);
    const [invited, totals] = await Promise.all([repo.invited(dbx, ids), repo.appliedTotals(dbx, ids)]);
    const first = new Map<string, InvitedRow[]>();
    for (const r of invited) first.set(r.ea.invitationId, [...(first.get(r.ea.invitationId) ?? []), r]);
    return rows.map((f) => {
      const { inv } = f;
      const list = first.get(inv.id) ?? [];
      const total = totals.get(inv.id) ?? 0;
      return {
        id: inv.id,
        bidInvitationNo: inv.bidInvitationNo,
        dateOfInvitation: inv.dateOfInvitation,
        applicationId: list[0]?.app.id ?? null,
        applicationNo: list.length === 0 ? null : list.length === 1 ? list[0]!.app.applicationNo : `${list[0]!.app.applicationNo} (+${list.length - 1})`,
        eBiddingApplicationId: null,
        availableMargin: mw(inv.availableMarginCenti),
        appliedQuantum: centiToMw(total),
        allApplicationsAppliedQuantum: centiToMw(total),
        congestionFromDate: inv.congestionFromDate,
        congestionToDate: inv.congestionToDate,
        fromTimeSpan: inv.congestionFromTime,
        toTimeSpan: inv.congestionToTime,
        lastDateOfSubmission: inv.lastDateOfSubmission,
        deadLine: inv.deadLine,
        floorPrice: price(inv.floorPriceTt),
        status: statusObject(inv.status),
        isExpired: isInvitationExpired(inv.status, f.deadlinePassed),
        proposalId: null,
        proposalStatus: null,
        action: invitationListAction({ role: v.role, status: inv.status, deadlinePassed: f.deadlinePassed }),
      };
    });
  }

  async function ownRows(dbx: DbOrTx, v: Viewer, q: Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>, page: { limit: number; offset: number }) {
    const { rows, total } = await repo.listOwn(dbx, v.id, q, page);
    const totals = await repo.appliedTotals(dbx, [...new Set(rows.map((r) => r.inv.id))]);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.inv.id,
        bidInvitationNo: r.inv.bidInvitationNo,
        dateOfInvitation: r.inv.dateOfInvitation,
        applicationId: r.ea.applicationId,
        applicationNo: r.applicationNo,
        eBiddingApplicationId: r.ea.id,
        availableMargin: mw(r.inv.availableMarginCenti),
        appliedQuantum: centiToMw(r.ea.appliedCenti),
        allApplicationsAppliedQuantum: centiToMw(totals.get(r.inv.id) ?? 0),
        congestionFromDate: r.inv.congestionFromDate,
        congestionToDate: r.inv.congestionToDate,
        fromTimeSpan: r.inv.congestionFromTime,
        toTimeSpan: r.inv.congestionToTime,
        lastDateOfSubmission: r.inv.lastDateOfSubmission,
        deadLine: r.inv.deadLine,
        floorPrice: price(r.inv.floorPriceTt),
        status: statusObject(r.inv.status),
        isExpired: isInvitationExpired(r.inv.status, r.deadlinePassed),
        proposalId: r.proposalId ?? null,
        proposalStatus: r.proposalStatus ?? null,
        action: invitationListAction({ role: v.role, status: r.inv.status, deadlinePassed: r.deadlinePassed, proposalStatus: r.proposalStatus ?? null }),
      })),
    };
  }

  async function listInvitations(actor: RequestUser, q: InvitationListQuery, kind: 'all' | 'own'): Promise<InvitationList> {
    const v = await viewerOf(actor);
    if (kind === 'all') {
      const { rows, total } = await repo.listAll(db, q);
      return { invitationList: await staffRows(db, v, rows), dataCount: total };
    }
    const { rows, total } = await ownRows(db, v, q, { limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize });
    return { invitationList: rows, dataCount: total };
  }

  /** Every row of a list for the downloads (capped). */
  async function invitationRowsForDownload(actor: RequestUser, q: Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>, kind: 'all' | 'own') {
    const v = await viewerOf(actor);
    if (kind === 'all') return staffRows(db, v, await repo.allMatching(db, q, DOWNLOAD_ROW_CAP));
    return (await ownRows(db, v, q, { limit: DOWNLOAD_ROW_CAP, offset: 0 })).rows;
  }

  async function listOwnProposals(actor: RequestUser, q: InvitationListQuery) {
    const v = await viewerOf(actor);
    const { rows, total } = await repo.listOwnProposals(db, v.id, q);
    return {
      dataCount: total,
      proposalList: rows.map(
        (r): BidProposal => ({
          proposalId: r.p.id,
          bidInvitationId: r.inv.id,
          bidInvitationNo: r.inv.bidInvitationNo,
          eBiddingApplicationId: r.ea.id,
          applicationId: r.p.applicationId,
          applicationNo: r.applicationNo,
          applicantName: r.applicantName ?? '',
          availableQuantum: mw(r.inv.availableMarginCenti),
          appliedQuantum: centiToMw(r.ea.appliedCenti),
          quotedPrice: price(r.p.quotedPriceTt),
          floorPrice: price(r.inv.floorPriceTt),
          allocatedQuantum: r.inv.status === 'Completed' ? mw(r.ea.allocatedCenti) : null,
          applicablePrice: r.inv.status === 'Completed' ? price(r.ea.applicablePriceTt) : null,
          submittedAt: r.p.submittedAt?.toISOString() ?? null,
          status: statusObject(r.p.status),
        }),
      ),
    };
  }

  /**
   * allocateBids over the submitted proposals, in submission order (database clock, then id). A
   * proposal whose application asks nothing in the period (cannot happen for a sent invitation, whose
   * applications are checked) gets nothing rather than a malformed bid.
   */
  function allocate(marginCenti: number, proposals: ProposalRecord[], invited: Map<string, InvitedRow>): BidAllocation[] {
    const bids = proposals.map((p, k) => ({ applicationId: p.eBiddingApplicationId, quantity: invited.get(p.eBiddingApplicationId)!.ea.appliedCenti, price: tenThousandthsToPrice(p.quotedPriceTt), submittedAt: k }));
    const served = new Map(allocateBids(marginCenti, bids.filter((b) => b.quantity > 0)).map((r) => [r.applicationId, r]));
    return bids.map((b) => served.get(b.applicationId) ?? { applicationId: b.applicationId, requested: 0, allocated: 0, applicablePrice: null, status: 'Rejected' as const });
  }

  async function proposalsView(dbx: DbOrTx, f: Flagged): Promise<InvitationProposals> {
    const { inv } = f;
    const [invitedRows, totals, proposals] = await Promise.all([repo.invited(dbx, [inv.id]), repo.appliedTotals(dbx, [inv.id]), repo.proposalsOf(dbx, inv.id, ['Submitted', 'Completed'])]);
    const invited = new Map(invitedRows.map((r) => [r.ea.id, r]));
    const sealed = !f.deadlinePassed;
    let preview = new Map<string, BidAllocation>();
    if (!sealed && inv.status === 'Submitted' && inv.availableMarginCenti !== null) {
      preview = new Map(allocate(inv.availableMarginCenti, proposals, invited).map((r) => [r.applicationId, r]));
    }
    const proposalList = proposals.map((p): BidProposal => {
      const r = invited.get(p.eBiddingApplicationId)!;
      const done = inv.status === 'Completed';
      const pre = preview.get(p.eBiddingApplicationId);
      return {
        proposalId: p.id,
        bidInvitationId: inv.id,
        bidInvitationNo: inv.bidInvitationNo,
        eBiddingApplicationId: p.eBiddingApplicationId,
        applicationId: p.applicationId,
        applicationNo: r.app.applicationNo,
        applicantName: r.applicantName,
        availableQuantum: mw(inv.availableMarginCenti),
        appliedQuantum: centiToMw(r.ea.appliedCenti),
        quotedPrice: sealed ? null : price(p.quotedPriceTt),
        floorPrice: price(inv.floorPriceTt),
        allocatedQuantum: done ? mw(r.ea.allocatedCenti) : pre ? centiToMw(pre.allocated) : null,
        applicablePrice: done ? price(r.ea.applicablePriceTt) : pre ? pre.applicablePrice : null,
        submittedAt: p.submittedAt?.toISOString() ?? null,
        status: statusObject(p.status),
      };
    });
    return {
      bidInvitationId: inv.id,
      bidInvitationNo: inv.bidInvitationNo,
      status: statusObject(inv.status),
      congestionFromDate: inv.congestionFromDate,
      congestionFromTime: inv.congestionFromTime,
      congestionToDate: inv.congestionToDate,
      congestionToTime: inv.congestionToTime,
      lastDateOfSubmission: inv.lastDateOfSubmission,
      deadLine: inv.deadLine,
      deadlinePassed: f.deadlinePassed,
      bidOpeningDate: inv.bidOpeningDate,
      bidOpeningTime: inv.bidOpeningTime,
      allApplicationsAppliedQuantum: centiToMw(totals.get(inv.id) ?? 0),
      availableMargin: mw(inv.availableMarginCenti),
      floorPrice: price(inv.floorPriceTt),
      sealed,
      canProcess: inv.status === 'Submitted' && f.deadlinePassed && f.openingReached && !f.congestionStarted && proposals.length > 0,
      proposalList,
      dataCount: proposalList.length,
    };
  }

  // ---- closing at the deadline, processing --------------------------------------------------------

  /**
   * After the deadline (caller checked, invitation locked): every invited application without a
   * submitted proposal is deemed withdrawn (nothing granted, NoSTOARejected); an invitation without
   * any submitted proposal expires. Idempotent.
   */
  async function closeLocked(tx: Tx, f: Flagged, by: GrantBy): Promise<{ withdrawn: number; expired: boolean }> {
    const { inv } = f;
    if (inv.closedAt || (inv.status !== 'Initiated' && inv.status !== 'Submitted')) return { withdrawn: 0, expired: false };
    const window = windowOf(inv)!;
    const invitedRows = await repo.invited(tx, [inv.id]);
    const submitted = new Set((await repo.proposalsOf(tx, inv.id, ['Submitted'])).map((p) => p.eBiddingApplicationId));
    const withdraw = invitedRows.filter((r) => r.ea.status === 'Invited' && !submitted.has(r.ea.id));
    const locked = new Map((await repo.lockApplications(tx, withdraw.map((r) => r.app.id))).map((r) => [r.id, r]));
    for (const r of withdraw) {
      const row = locked.get(r.app.id);
      if (row?.status === 'PendingSTOAApproval') await grantEBiddedApplication(tx, { clock, audit }, row, window, null, by, `Deemed withdrawn: no bid proposal in ${inv.bidInvitationNo} by the deadline`);
      await tx.update(eBiddingApplications).set({ status: 'Withdrawn' }).where(eq(eBiddingApplications.id, r.ea.id));
    }
    const expired = inv.status === 'Initiated';
    await tx
      .update(eBiddingInvitations)
      .set({ status: expired ? 'Expired' : inv.status, closedAt: clock.now(), version: inv.version + 1, updatedOn: clock.now() })
      .where(eq(eBiddingInvitations.id, inv.id));
    await audit.record(tx, {
      actor: { id: by.userId, role: by.role },
      action: expired ? 'EBIDDING_INVITATION_EXPIRED' : 'EBIDDING_INVITATION_CLOSED',
      entity: 'EBiddingInvitation',
      entityId: inv.id,
      before: { status: inv.status },
      after: { status: expired ? 'Expired' : inv.status, withdrawn: withdraw.map((r) => r.app.id) },
      requestId: by.requestId,
    });
    await tellBidders(tx, withdraw.map((r) => r.app.id), (appId) => N.withdrawn(inv.bidInvitationNo, withdraw.find((r) => r.app.id === appId)!.app.applicationNo));
    if (expired) await notifications.notify(tx, { role: 'SLDCBusinessUser', message: N.expired(inv.bidInvitationNo) });
    return { withdrawn: withdraw.length, expired };
  }

  /** The e-bidding price due of an allocated application: applicable price × the energy granted in the window (kWh). */
  async function raisePriceDue(tx: Tx, inv: InvitationRecord, r: InvitedRow, applicablePrice: string, granted: Map<string, number[]>) {
    const window = windowOf(inv)!;
    let centiBlocks = 0;
    for (const [day, g] of granted) centiBlocks += centiBlocksInWindow(window, day, g);
    if (centiBlocks === 0) return null;
    const on = today();
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
    await audit.record(tx, { actor: { id: null, role: 'SYSTEM' }, action: 'DUE_RAISED', entity: 'Due', entityId: row.id, after: { head: row.head, recordType: row.recordType, recordId: row.recordId, quantity, rate: applicablePrice, totalPaise: row.totalPaise } });
    return row.id;
  }

  async function process(actor: RequestUser, body: ProcessingPayload, meta: RequestMeta): Promise<InvitationProposals> {
    const v = await viewerOf(actor);
    await inTransaction(db, async (tx) => {
      // Grants consume margin like processing runs do: the same lock, taken first (decision 0015).
      await tx.execute(PROCESSING_LOCK);
      const f = await repo.invitation(tx, body.bidInvitationId, { lock: true });
      if (!f) throw new AppError('NOT_FOUND', E.invitationNotFound);
      const { inv } = f;
      if (inv.status === 'Completed') throw new AppError('CONFLICT', E.alreadyProcessed);
      if (inv.status !== 'Submitted' || !f.deadlinePassed) throw new AppError('CONFLICT', E.notProcessable);
      if (!f.openingReached) throw new AppError('CONFLICT', E.beforeOpening);
      if (f.congestionStarted) throw new AppError('CONFLICT', E.congestionStarted);
      const proposals = await repo.proposalsOf(tx, inv.id, ['Submitted']);
      const sent = new Set(body.applicationDetails.map((d) => d.proposalId));
      if (proposals.length === 0 || sent.size !== proposals.length || proposals.some((p) => !sent.has(p.id))) throw new AppError('CONFLICT', E.proposalsChanged);
      const invitedRows = await repo.invited(tx, [inv.id]);
      // Lock every invited application before any audit row (same order as their own workflow).
      const locked = new Map((await repo.lockApplications(tx, invitedRows.map((r) => r.app.id))).map((r) => [r.id, r]));
      const by: GrantBy = { userId: v.id, role: v.role, requestId: meta.requestId };
      await closeLocked(tx, f, by);
      const window = windowOf(inv)!;
      const invited = new Map(invitedRows.map((r) => [r.ea.id, r]));
      const results = allocate(inv.availableMarginCenti ?? 0, proposals, invited);
      let pending = 0;
      for (const res of results) {
        const r = invited.get(res.applicationId)!;
        const row: ApplicationRecord | undefined = locked.get(r.app.id);
        if (!row) throw new AppError('CONFLICT', E.proposalsChanged);
        const remarks = res.applicablePrice === null ? `E-bidding ${inv.bidInvitationNo}: nothing allocated` : `E-bidding ${inv.bidInvitationNo}: ${centiToMw(res.allocated)} MW at Rs ${res.applicablePrice}/kWh`;
        const g = await grantEBiddedApplication(tx, { clock, audit }, row, window, res.allocated, by, remarks);
        if (g.status === 'STOAApproved') pending++;
        const dueId = res.applicablePrice === null ? null : await raisePriceDue(tx, inv, r, res.applicablePrice, g.granted);
        await tx
          .update(eBiddingApplications)
          .set({ status: res.status, allocatedCenti: res.allocated, applicablePriceTt: res.applicablePrice === null ? null : priceToTenThousandths(res.applicablePrice), dueId })
          .where(eq(eBiddingApplications.id, r.ea.id));
        await tellBidders(tx, [r.app.id], () => N.result(inv.bidInvitationNo, r.app.applicationNo, centiToMw(res.allocated), res.applicablePrice));
      }
      await tx.update(eBiddingProposals).set({ status: 'Completed', updatedOn: sql`now()` }).where(and(eq(eBiddingProposals.invitationId, inv.id), eq(eBiddingProposals.status, 'Submitted')));
      const now = clock.now();
      await tx
        .update(eBiddingInvitations)
        .set({ status: 'Completed', processedBy: v.id, processedAt: now, version: sql`${eBiddingInvitations.version} + 1`, updatedOn: now })
        .where(eq(eBiddingInvitations.id, inv.id));
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'EBIDDING_PROCESSED',
        entity: 'EBiddingInvitation',
        entityId: inv.id,
        before: { status: inv.status },
        after: { status: 'Completed', marginCenti: inv.availableMarginCenti, results },
        requestId: meta.requestId,
      });
      if (pending > 0) await notifications.notify(tx, { role: 'SLDCApproverI', message: N.processed(inv.bidInvitationNo, pending) });
    });
    return proposalsView(db, (await repo.invitation(db, body.bidInvitationId))!);
  }

  // ---- applicant, details ----------------------------------------------------------------------------

  async function applicant(actor: RequestUser, applicationId: string): Promise<EBiddingApplicant> {
    const v = await viewerOf(actor);
    const row = await repo.applicant(db, applicationId);
    if (!row || (!isStaff(v) && !(await repo.isBidderOf(db, v.id, applicationId)))) throw new AppError('NOT_FOUND', E.applicationNotFound);
    return applicantOf(row);
  }

  /** The applications an invitation may name, with the applied quantum in the period when one is given. */
  async function congestedApplications(q: CongestedApplicationsQuery) {
    const rows = await repo.congestedCandidates(db, q.month, CANDIDATE_CAP);
    const ids = rows.map((r) => r.app.id);
    const window = q.congestionFromDate && q.congestionToDate && q.congestionFromTime && q.congestionToTime ? congestionWindow(q.congestionFromDate, q.congestionToDate, q.congestionFromTime, q.congestionToTime) : null;
    const [days, live] = await Promise.all([window ? repo.days(db, ids) : Promise.resolve([]), repo.liveInvitationsOf(db, ids, null)]);
    const invitedIn = new Map(live.map((l) => [l.applicationId, l.bidInvitationNo]));
    const applicationList = rows.map((r) => ({
      ...applicantOf(r),
      appliedQuantum: window ? centiToMw(appliedInWindow(window, days.filter((d) => d.applicationId === r.app.id))) : null,
      invitedIn: invitedIn.get(r.app.id) ?? null,
    }));
    return { applicationList, dataCount: applicationList.length };
  }

  async function details(actor: RequestUser, applicationId: string): Promise<EBiddingDetails> {
    const v = await viewerOf(actor);
    if (!UUID.test(applicationId) || (!isStaff(v) && !(await repo.isBidderOf(db, v.id, applicationId)))) throw new AppError('NOT_FOUND', E.applicationNotFound);
    const found = await repo.processedFor(db, applicationId);
    if (!found) throw new AppError('NOT_FOUND', E.applicationNotFound);
    const app = await repo.applicant(db, applicationId);
    const window = windowOf(found.inv)!;
    const [schedules, days] = await Promise.all([repo.schedules(db, applicationId), repo.days(db, [applicationId])]);
    const grantedByDay = new Map(days.map((d) => [d.day, d.granted]));
    const appliedPrice = found.ea.applicablePriceTt;
    const priceText = price(appliedPrice);
    let totalPaise = 0;
    let appliedUnits = 0;
    let approvedUnits = 0;
    const rows: EBiddingDetails['ebiddingDetails'] = [];
    for (const s of schedules) {
      const from = s.fromDate > window.fromDate ? s.fromDate : window.fromDate;
      const to = s.toDate < window.toDate ? s.toDate : window.toDate;
      const fb = Math.max(s.fromBlock, window.fromBlock);
      const tb = Math.min(s.toBlock, window.toBlock);
      if (from > to || fb > tb) continue;
      let dayCount = 0;
      let approvedCentiBlocks = 0;
      let approvedMost = 0;
      for (const d of days) {
        if (d.day < from || d.day > to) continue;
        dayCount++;
        const g = grantedByDay.get(d.day) ?? [];
        for (let b = fb; b <= tb; b++) {
          const value = Math.min(g?.[b - 1] ?? 0, s.requirementCenti);
          approvedCentiBlocks += value;
          approvedMost = Math.max(approvedMost, value);
        }
      }
      const appliedCentiBlocks = s.requirementCenti * (tb - fb + 1) * dayCount;
      const total = priceText ? amountPaise(priceText, centiBlocksToKwh(approvedCentiBlocks)) : 0;
      totalPaise += total;
      appliedUnits += appliedCentiBlocks;
      approvedUnits += approvedCentiBlocks;
      rows.push({
        fromDate: from,
        toDate: to,
        fromTime: blockStartTime(fb),
        toTime: blockEndTime(tb),
        appliedQuantum: centiToMw(s.requirementCenti),
        appliedQuantumMwh: centiBlocksToMwh(appliedCentiBlocks),
        approvedQuantum: centiToMw(approvedMost),
        approvedQuantumMwh: centiBlocksToMwh(approvedCentiBlocks),
        quotedPrice: found.proposal ? price(found.proposal.quotedPriceTt) : null,
        applicableSTUPrice: priceText,
        totalApplicableSTUPrice: rupees(total),
      });
    }
    return {
      applicationId,
      applicationNo: app?.app.applicationNo ?? '',
      bidInvitationNo: found.inv.bidInvitationNo,
      ebiddingDetails: rows,
      totalPrice: rupees(totalPaise),
      totalAppliedQuantum: centiBlocksToMwh(appliedUnits),
      totalApprovedQuantum: centiBlocksToMwh(approvedUnits),
    };
  }

  // ---- jobs --------------------------------------------------------------------------------------

  /** Closes every sent invitation whose deadline passed (expiry, deemed withdrawals). One transaction per invitation. */
  async function runClose(): Promise<{ invitations: number; withdrawn: number; expired: number }> {
    const due = await repo.dueForClosing(db, 200);
    let withdrawn = 0;
    let expired = 0;
    let invitations = 0;
    for (const { id } of due) {
      await inTransaction(db, async (tx) => {
        await tx.execute(PROCESSING_LOCK);
        const f = await repo.invitation(tx, id, { lock: true });
        if (!f || !f.deadlinePassed || f.inv.closedAt) return;
        const invitedRows = await repo.invited(tx, [id]);
        await repo.lockApplications(tx, invitedRows.map((r) => r.app.id));
        const res = await closeLocked(tx, f, { userId: null, role: 'SYSTEM', requestId: null });
        invitations++;
        withdrawn += res.withdrawn;
        if (res.expired) expired++;
      });
    }
    return { invitations, withdrawn, expired };
  }

  /** Reminds the bidders without a submitted proposal, once per invitation, within the reminder period before the deadline. */
  async function runReminders(): Promise<number> {
    const due = await repo.dueForReminder(db, REMINDER_HOURS_BEFORE_DEADLINE, 200);
    let n = 0;
    for (const { id } of due) {
      await inTransaction(db, async (tx) => {
        const f = await repo.invitation(tx, id, { lock: true });
        if (!f || f.inv.reminderSentAt || f.deadlinePassed) return;
        const submitted = new Set((await repo.proposalsOf(tx, id, ['Submitted'])).map((p) => p.eBiddingApplicationId));
        const waiting = (await repo.invited(tx, [id])).filter((r) => r.ea.status === 'Invited' && !submitted.has(r.ea.id));
        await tellBidders(tx, waiting.map((r) => r.app.id), (appId) => N.reminder(f.inv.bidInvitationNo, waiting.find((r) => r.app.id === appId)!.app.applicationNo, deadlineText(f.inv)));
        await tx.update(eBiddingInvitations).set({ reminderSentAt: clock.now() }).where(eq(eBiddingInvitations.id, id));
        n += waiting.length;
      });
    }
    return n;
  }

  return {
    submitInvitation,
    async invitation(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      return detailOf(db, v, await visibleInvitation(db, v, id));
    },
    listInvitations,
    invitationRowsForDownload,
    submitProposal,
    proposalById,
    listOwnProposals,
    async invitationProposals(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      return proposalsView(db, await visibleInvitation(db, v, id));
    },
    process,
    applicant,
    congestedApplications,
    details,
    runClose,
    runReminders,
    /** For the PDF: the detail as the caller sees it. */
    async forDownload(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      return { detail: await detailOf(db, v, await visibleInvitation(db, v, id)), generatedAt: clock.now() };
    },
  };
}
export type EBiddingService = ReturnType<typeof createEBiddingService>;
