/**
 * The applicant's side of an application (spec 001 §7 Application): submit and resubmit, the
 * applicant's answer to a trader's request, and naming or changing the application's trader.
 */
import {
  type ApplicationDecision,
  type ApplicationDetail,
  type ApplicationSubmit,
  type ApplicationType,
  blockEndTime,
  blockStartTime,
  findApplicationTransition,
  firstBlockOf,
  initialApplicationStatus,
  lastBlockOf,
  remainingQuantum,
  requestedByDay,
  type ScheduleSpan,
  scheduleSpanOf,
  TRADER_UPDATABLE_STATUSES,
  validateSchedule,
} from '@stoa/shared/applications';
import { centiToMw, groupFieldErrors, istDate } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { type PartyRecord, partiesRepository } from '../registrations/registrations.parties.repository';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import {
  actorsOf,
  type ApplicationsDeps,
  canBuy,
  canSell,
  conflict,
  lockedForAction,
  notFound,
  traderOwnerOf,
  typeLabel,
  viewerOf,
} from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';
import { buildDetail, detailAfter } from './detail';
import { type ActBy, applicationNumber, applyTransition, nameOfUser, notifyMoved, raiseFee, rangeNow, summary } from './steps';

const E = enApplications.errors;
const N = enApplications.notifications;

type Issue = { fieldName: string; message: string };

/** Seller and buyer: approved, able to sell / buy, different. */
function checkParties(seller: PartyRecord | undefined, buyer: PartyRecord | undefined, issues: Issue[]) {
  let sellerOk = false;
  let buyerOk = false;
  if (!seller || seller.status !== 'Approved' || seller.entityType === 'Trader')
    issues.push({ fieldName: 'sellerId', message: E.sellerNotApproved });
  else if (!canSell(seller.entityType)) issues.push({ fieldName: 'sellerId', message: E.cannotSell });
  else sellerOk = true;
  if (!buyer || buyer.status !== 'Approved' || buyer.entityType === 'Trader')
    issues.push({ fieldName: 'buyerId', message: E.buyerNotApproved });
  else if (!canBuy(buyer.entityType)) issues.push({ fieldName: 'buyerId', message: E.cannotBuy });
  else buyerOk = true;
  if (seller && buyer && seller.id === buyer.id) {
    issues.push({ fieldName: 'buyerId', message: E.sameParty });
    buyerOk = false;
  }
  return { sellerOk, buyerOk };
}

/**
 * Who the application is for and through which trader: an OA applicant applies for itself (and may
 * name one of its traders); a trader for an associated applicant owning the seller or the buyer.
 */
async function resolveApplicant(
  deps: ApplicationsDeps,
  v: Viewer,
  body: ApplicationSubmit,
  seller: PartyRecord | undefined,
  buyer: PartyRecord | undefined,
  partiesOk: boolean,
  existing: ApplicationRecord | undefined,
  issues: Issue[],
): Promise<{ applicantUserId: string | null; traderRegistrationId: string | null; actor: 'Applicant' | 'ApplicationTrader' }> {
  const { db } = deps;
  if (v.role === 'OABusinessUser') {
    if (partiesOk && seller!.ownerUserId !== v.id && buyer!.ownerUserId !== v.id)
      issues.push({ fieldName: 'sellerId', message: E.notOwnParty });
    let traderRegistrationId = existing?.traderRegistrationId ?? null;
    if (body.traderId === null) traderRegistrationId = null;
    else if (body.traderId) {
      const [trader] = await partiesRepository.tradersOfApplicant(db, v.id, body.traderId);
      if (!trader) issues.push({ fieldName: 'traderId', message: E.traderNotAssociated });
      else traderRegistrationId = trader.id;
    }
    return { applicantUserId: v.id, traderRegistrationId, actor: 'Applicant' };
  }
  if (body.traderId) issues.push({ fieldName: 'traderId', message: E.traderOnlyForApplicant });
  if (!(await partiesRepository.hasApprovedTraderRegistration(db, v.id))) throw new AppError('BUSINESS_RULE', E.noTraderRegistration);
  const links = await partiesRepository.traderLinks(db, v.id);
  const linkOf = (owner: string | undefined) =>
    links.find((l) => l.applicantUserId === owner && (!existing || l.applicantUserId === existing.applicantUserId));
  let link: (typeof links)[number] | undefined;
  if (partiesOk) {
    const sellerLink = linkOf(seller!.ownerUserId);
    const buyerLink = linkOf(buyer!.ownerUserId);
    if (body.onBehalfOf === 'Seller') link = sellerLink;
    else if (body.onBehalfOf === 'Buyer') link = buyerLink;
    else link = sellerLink ?? buyerLink;
    if (!link) {
      const side = body.onBehalfOf;
      issues.push(
        side
          ? { fieldName: side === 'Seller' ? 'sellerId' : 'buyerId', message: E.onBehalfOfNotAssociated(side) }
          : { fieldName: 'sellerId', message: E.notAssociatedParty },
      );
    }
  }
  return {
    applicantUserId: link?.applicantUserId ?? null,
    traderRegistrationId: link?.traderRegistrationId ?? existing?.traderRegistrationId ?? null,
    actor: 'ApplicationTrader',
  };
}

/**
 * Submit (spec 001 §7 Application/Submit/{type}): a new application, or a Returned one resubmitted
 * by its applicant or trader. Everything is checked on the server — parties, ownership or
 * association, defaulters, the window of the type on the injected clock, every schedule rule and
 * the remaining quantum — and every field error is answered at once; then one transaction.
 */
export async function submit(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  body: ApplicationSubmit,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const { db, clock, audit } = deps;
  const v = await viewerOf(db, actor);
  if (v.isDefaulter) throw new AppError('BUSINESS_RULE', E.defaulter);
  let existing: ApplicationRecord | undefined;
  if (body.id !== undefined) {
    if (body.version === undefined) throw AppError.field('VALIDATION_FAILED', 'version', E.versionRequired);
    existing = await repo.findVisible(db, v, body.id);
    if (!existing && (await repo.findReadable(db, v, body.id))) throw new AppError('FORBIDDEN', E.counterpartyReadOnly);
    if (!existing || existing.type !== type) throw notFound();
  }

  const issues: Issue[] = [];
  const regs = await partiesRepository.byIds(db, [body.sellerId, body.buyerId]);
  const seller = regs.get(body.sellerId);
  const buyer = regs.get(body.buyerId);
  const { sellerOk, buyerOk } = checkParties(seller, buyer, issues);
  const who = await resolveApplicant(deps, v, body, seller, buyer, sellerOk && buyerOk, existing, issues);

  if (who.applicantUserId && who.applicantUserId !== v.id) {
    const applicant = await registrationsRepository.viewer(db, who.applicantUserId);
    if (applicant?.isDefaulter)
      throw new AppError(
        'BUSINESS_RULE',
        E.applicantDefaulter(applicant.entityName || `${applicant.firstName} ${applicant.lastName}`.trim()),
      );
  }

  const range = await rangeNow(deps, db, type);
  if (!range) throw new AppError('BUSINESS_RULE', E.windowClosed(typeLabel(type)));

  let remaining: ((span: ScheduleSpan) => number) | undefined;
  if (sellerOk && buyerOk) {
    const [sellerHeld, buyerHeld] = await Promise.all([
      repo.heldByDay(db, 'seller', seller!.id, range.fromDate, range.toDate, existing?.id),
      repo.heldByDay(db, 'buyer', buyer!.id, range.fromDate, range.toDate, existing?.id),
    ]);
    const sellerQuantum = seller!.stoaInjectionQuantumCenti ?? 0;
    const buyerQuantum = buyer!.stoaDrawlQuantumCenti ?? 0;
    remaining = (span) => Math.min(remainingQuantum(sellerQuantum, sellerHeld, span), remainingQuantum(buyerQuantum, buyerHeld, span));
  }
  issues.push(...validateSchedule(body.scheduleList, { range, remaining }));
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));

  const rows = body.scheduleList;
  const span = scheduleSpanOf(rows);
  const days = requestedByDay(rows);
  const scheduleRows = rows.map((r) => ({
    fromDate: r.oaFromDate,
    toDate: r.oaToDate,
    fromBlock: firstBlockOf(r.fromTimeBlock),
    toBlock: lastBlockOf(r.toTimeBlock),
    requirementCenti: r.requirementCenti,
  }));
  const columns = {
    sellerRegistrationId: seller!.id,
    buyerRegistrationId: buyer!.id,
    traderRegistrationId: who.traderRegistrationId,
    month: span.month,
    fromDate: span.fromDate,
    toDate: span.toDate,
    remarks: body.remarks?.trim() || null,
  };
  const by: ActBy = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };

  const id = await inTransaction(db, async (tx) => {
    const now = clock.now();
    if (existing) {
      const before = await repo.findVisible(tx, v, existing.id, { lock: true });
      if (!before || before.type !== type) throw notFound();
      if (before.version !== body.version) throw conflict();
      const actors = actorsOf(v, before, await traderOwnerOf(tx, before));
      const t = actors.map((a) => findApplicationTransition(before.status, 'Submit', a)).find(Boolean);
      if (!t) throw conflict();
      await repo.replaceSchedule(tx, before.id, scheduleRows, days);
      await applyTransition(deps, tx, before, t, by, columns);
      return before.id;
    }
    const status = initialApplicationStatus(who.actor);
    const applicationNo = applicationNumber(type, istDate(now).slice(0, 4), await repo.nextApplicationNo(tx));
    let row = await repo.insert(tx, {
      ...columns,
      applicationNo,
      type,
      mode: 'IntraState',
      status,
      applicantUserId: who.applicantUserId!,
      createdByUserId: v.id,
      submittedAt: status === 'Submitted' ? now : null,
      statusSince: now,
      createdOn: now,
      updatedOn: now,
    });
    await repo.replaceSchedule(tx, row.id, scheduleRows, days);
    row = await raiseFee(deps, tx, row);
    await repo.insertAction(tx, {
      applicationId: row.id,
      action: 'Submit',
      fromStatus: null,
      toStatus: status,
      actorUserId: v.id,
      actorRole: v.role,
      remarks: null,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'APPLICATION_SUBMITTED',
      entity: 'Application',
      entityId: row.id,
      after: { ...summary(row), scheduleList: rows.map(({ mwh: _mwh, requirementCenti: _centi, ...r }) => r) },
      requestId: meta.requestId,
    });
    await notifyMoved(deps, tx, null, row, by, 'Submit');
    return row.id;
  });
  return buildDetail(db, v, (await repo.findById(db, id))!);
}

/** ApproveTraderRequest / RejectTraderRequest: the applicant answers a trader's request made on its behalf. */
export async function decideTraderRequest(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  id: string,
  action: 'Approve' | 'Reject',
  input: ApplicationDecision,
  meta: RequestMeta,
) {
  const v = await viewerOf(deps.db, actor);
  const remarks = input.remarks.trim();
  await inTransaction(deps.db, async (tx) => {
    const row = await lockedForAction(tx, v, id);
    if (!row || row.type !== type || row.applicantUserId !== v.id) throw notFound();
    if (row.version !== input.version) throw conflict();
    const t = findApplicationTransition(row.status, action, 'Applicant');
    if (!t) throw conflict();
    if (action === 'Approve') {
      if (v.isDefaulter) throw new AppError('BUSINESS_RULE', E.defaulter);
      // It reaches the SLDC now: the schedule must still lie in the type's window.
      const range = await rangeNow(deps, tx, type);
      const schedules = await repo.schedules(tx, row.id);
      const rows = schedules.map((s) => ({
        oaFromDate: s.fromDate,
        oaToDate: s.toDate,
        fromTimeBlock: blockStartTime(s.fromBlock),
        toTimeBlock: blockEndTime(s.toBlock),
        oaRequirement: centiToMw(s.requirementCenti),
      }));
      if (!range) throw new AppError('BUSINESS_RULE', E.windowClosed(typeLabel(type)));
      const issues = validateSchedule(rows, { range });
      if (issues.length > 0) throw new AppError('BUSINESS_RULE', issues[0]!.message, groupFieldErrors(issues));
    }
    await applyTransition(deps, tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
  });
  return detailAfter(deps, v, id);
}

/** UpdateTrader/{applicationId}/{traderId}: the applicant names or changes the trader of its application. */
export async function updateTrader(
  deps: ApplicationsDeps,
  actor: RequestUser,
  id: string,
  traderId: string,
  input: ApplicationDecision,
  meta: RequestMeta,
) {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  await inTransaction(db, async (tx) => {
    const row = await lockedForAction(tx, v, id);
    if (!row || row.applicantUserId !== v.id) throw notFound();
    if (row.version !== input.version) throw conflict();
    if (!(TRADER_UPDATABLE_STATUSES as readonly string[]).includes(row.status)) throw conflict();
    const [trader] = await partiesRepository.tradersOfApplicant(tx, v.id, traderId);
    if (!trader) throw AppError.field('BUSINESS_RULE', 'traderId', E.traderNotAssociated);
    if (row.traderRegistrationId === trader.id) return;
    const previousOwner = await traderOwnerOf(tx, row);
    const now = clock.now();
    const after = await repo.update(tx, row.id, { traderRegistrationId: trader.id, version: row.version + 1, updatedOn: now });
    await repo.insertAction(tx, {
      applicationId: row.id,
      action: 'UpdateTrader',
      fromStatus: row.status,
      toStatus: row.status,
      actorUserId: v.id,
      actorRole: v.role,
      remarks: trader.entityName,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'APPLICATION_TRADER_UPDATED',
      entity: 'Application',
      entityId: row.id,
      before: summary(row),
      after: summary(after),
      requestId: meta.requestId,
    });
    await notifications.notify(tx, {
      userId: trader.ownerUserId,
      message: N.traderAssigned(row.applicationNo, await nameOfUser(tx, v.id)),
      link: WEB_LINKS.oaApplication(row.type, row.id),
    });
    // The previous trader no longer sees the application: its notice links nowhere.
    if (previousOwner && previousOwner !== trader.ownerUserId)
      await notifications.notify(tx, { userId: previousOwner, message: N.traderRemoved(row.applicationNo) });
  });
  return detailAfter(deps, v, id);
}
