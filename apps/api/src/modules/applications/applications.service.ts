import type { FastifyBaseLogger } from 'fastify';

import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_TYPE_CODES,
  APPLICATIONS_SINCE_LIMIT,
  type ApplicationAction,
  type ApplicationActor,
  type ApplicationDecision,
  type ApplicationDetail,
  type ApplicationList,
  type ApplicationListQuery,
  type ApplicationParty,
  type ApplicationStatus,
  type ApplicationSubmit,
  type ApplicationTransition,
  type ApplicationType,
  applicationFormMode,
  type AppliedApplicationsQuery,
  availableApplicationActions,
  blockEndTime,
  blockStartTime,
  centiToMw,
  CHARGE_HEAD_INFO,
  enApplications,
  type EntityType,
  firstBlockOf,
  findApplicationTransition,
  groupFieldErrors,
  initialApplicationStatus,
  istDate,
  lastBlockOf,
  monthOf,
  mwToCenti,
  nextApplicationActors,
  outcomeOf,
  permittedRange,
  remainingQuantum,
  requestedByDay,
  type Role,
  type ScheduleSpan,
  scheduleRowMwh,
  scheduleSpanOf,
  timeToMinutes,
  totalMwh,
  TRADER_UPDATABLE_STATUSES,
  validateSchedule,
  WINDOW_SETTING_KEYS,
  type WindowSettingKey,
  windowSettingsFrom,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import { amountPaise, gstPaise } from '../configuration/money';
import type { NotificationsService } from '../notifications/notifications.service';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import { createApplicationProcessingService } from './applications.processing';
import { type ApplicationInsert, type ApplicationRecord } from './applications.tables';
import { applicationsRepository as repo, type ListScope, type PartyRecord } from './applications.repository';

/** Owner type of the dues and files of an application. */
export const APPLICATION_OWNER_TYPE = 'Application';

const E = enApplications.errors;
const M = enApplications.schedule;
const N = enApplications.notifications;
const LOAD_CENTRE: readonly Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
const SELLER_TYPES: readonly EntityType[] = ['InjectingEntity', 'BothEntity'];
const BUYER_TYPES: readonly EntityType[] = ['DraweeEntity', 'BothEntity'];

export const canSell = (entityType: string) => (SELLER_TYPES as readonly string[]).includes(entityType);
export const canBuy = (entityType: string) => (BUYER_TYPES as readonly string[]).includes(entityType);

const notFound = () => new AppError('NOT_FOUND', E.notFound);
const registrationNotFound = () => new AppError('NOT_FOUND', E.registrationNotFound);
const conflict = () => new AppError('CONFLICT', E.statusConflict);
const typeLabel = (type: ApplicationType) => enApplications.typeLabels[type];

/** `STOA/{DA|AD|FC|CD|CS}/{yyyy}/{000123}`. */
export function applicationNumber(type: ApplicationType, year: string, seq: number): string {
  return `STOA/${APPLICATION_TYPE_CODES[type]}/${year}/${String(seq).padStart(6, '0')}`;
}

/** A quantum stored in a registration's values (number or text, MW) in centi-MW; 0 when absent or malformed. */
export function quantumCenti(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  try {
    return Math.max(mwToCenti(value), 0);
  } catch {
    return 0;
  }
}

const mwOrNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : centiToMw(quantumCenti(value)));
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);

const summary = (row: ApplicationRecord) => ({
  applicationNo: row.applicationNo,
  type: row.type,
  status: row.status,
  version: row.version,
  applicantUserId: row.applicantUserId,
  createdByUserId: row.createdByUserId,
  traderRegistrationId: row.traderRegistrationId,
  sellerRegistrationId: row.sellerRegistrationId,
  buyerRegistrationId: row.buyerRegistrationId,
  month: row.month,
  fromDate: row.fromDate,
  toDate: row.toDate,
});

/** Audit action names per workflow step (`APPLICATION_…`). */
const AUDIT_ACTIONS: Record<ApplicationAction | 'Resubmit', string> = {
  Submit: 'SUBMITTED',
  Resubmit: 'RESUBMITTED',
  Forward: 'ACCEPTED',
  Approve: 'APPROVED',
  Return: 'RETURNED',
  Reject: 'REJECTED',
  Process: 'PROCESSED',
};

interface ActBy {
  userId: string;
  role: Role;
  remarks: string | null;
  requestId: string | null;
}

export function createApplicationsService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, audit, configuration, notifications } = deps;
  const today = () => istDate(clock.now());

  async function viewerOf(actor: RequestUser): Promise<Viewer> {
    const v = await registrationsRepository.viewer(db, actor.id);
    if (!v) throw new AppError('UNAUTHENTICATED');
    return v;
  }

  /** The owner of the application's trader registration (the trader user), if any. */
  async function traderOwnerOf(dbx: DbOrTx, row: ApplicationRecord): Promise<string | null> {
    if (!row.traderRegistrationId) return null;
    return (await repo.registrationsByIds(dbx, [row.traderRegistrationId])).get(row.traderRegistrationId)?.ownerUserId ?? null;
  }

  /** How the viewer acts on the application: as its applicant, as its trader, or by its load-centre role. */
  function actorsOf(v: Viewer, row: ApplicationRecord, traderOwnerId: string | null): ApplicationActor[] {
    const actors: ApplicationActor[] = [];
    if (row.applicantUserId === v.id) actors.push('Applicant');
    if (v.role === 'Trader' && (row.createdByUserId === v.id || traderOwnerId === v.id)) actors.push('ApplicationTrader');
    if (LOAD_CENTRE.includes(v.role)) actors.push(v.role);
    return actors;
  }

  async function windowSettings(dbx: DbOrTx, on: string) {
    const values = Object.fromEntries(await Promise.all(WINDOW_SETTING_KEYS.map(async (k) => [k, await configuration.settingOn(dbx, k, on)] as const)));
    return windowSettingsFrom(values as Record<WindowSettingKey, string>);
  }

  /** The permitted range of the type now (DOMAIN.md §3 windows, on the injected clock). */
  async function rangeNow(dbx: DbOrTx, type: ApplicationType) {
    return permittedRange(type, clock.now(), await windowSettings(dbx, today()));
  }

  async function nameOfUser(dbx: DbOrTx, id: string): Promise<string> {
    return (await repo.usersByIds(dbx, [id])).get(id)?.name ?? '';
  }

  /** The parties to tell about a change: the applicant and the application's traders, without `exclude`. */
  async function partiesOf(tx: Tx, row: ApplicationRecord, exclude: string[]): Promise<string[]> {
    const ids = new Set([row.applicantUserId, row.createdByUserId]);
    const traderOwner = await traderOwnerOf(tx, row);
    if (traderOwner) ids.add(traderOwner);
    return [...ids].filter((id) => !exclude.includes(id));
  }

  /** Notifies the load-centre role(s) that act next on the application in its new status. */
  async function notifyNextRoles(tx: Tx, row: ApplicationRecord, message: string) {
    for (const actor of nextApplicationActors(row.status)) {
      if (actor === 'Applicant' || actor === 'ApplicationTrader') continue;
      await notifications.notify(tx, { role: actor, message });
    }
  }

  /** The application fee due, raised once when the application first reaches the SLDC (payer: the applicant). */
  async function raiseFee(tx: Tx, row: ApplicationRecord): Promise<ApplicationRecord> {
    if (row.feeDueId || row.status !== 'Submitted') return row;
    const due = await configuration.raiseDue(tx, {
      payerUserId: row.applicantUserId,
      head: 'APPLICATION_FEE',
      on: istDate(clock.now()),
      quantity: '1',
      recordType: APPLICATION_OWNER_TYPE,
      recordId: row.id,
      description: `${CHARGE_HEAD_INFO.APPLICATION_FEE.label}: ${row.applicationNo}`,
    });
    return repo.update(tx, row.id, { feeDueId: due.id });
  }

  /**
   * Takes a workflow transition on a locked application: status, version, submission time, fee,
   * the history row, the audit row and the notifications (parties and next actors).
   */
  async function applyTransition(tx: Tx, row: ApplicationRecord, t: ApplicationTransition, by: ActBy, extra: Partial<ApplicationInsert> = {}, opts: { batch?: boolean } = {}): Promise<ApplicationRecord> {
    const now = clock.now();
    const patch: Partial<ApplicationInsert> = { ...extra, status: t.to, statusSince: now, version: row.version + 1, updatedOn: now };
    if (t.to === 'Submitted') patch.submittedAt = now;
    let after = await repo.update(tx, row.id, patch);
    after = await raiseFee(tx, after);
    const action = t.action === 'Submit' && row.status === 'Returned' ? 'Resubmit' : t.action;
    const auditAction = t.actor === 'Applicant' && row.status === 'PendingApplicantApproval' ? `TRADER_REQUEST_${t.action === 'Approve' ? 'APPROVED' : 'REJECTED'}` : AUDIT_ACTIONS[action];
    await repo.insertAction(tx, { applicationId: row.id, action, fromStatus: row.status, toStatus: t.to, actorUserId: by.userId, actorRole: by.role, remarks: by.remarks, createdOn: now });
    await audit.record(tx, {
      actor: { id: by.userId, role: by.role },
      action: `APPLICATION_${auditAction}`,
      entity: 'Application',
      entityId: row.id,
      before: summary(row),
      after: { ...summary(after), remarks: by.remarks },
      requestId: by.requestId,
    });
    await notifyMoved(tx, row.status, after, by, opts.batch);
    return after;
  }

  /** The final approval: Approved or PartiallyApproved from the granted quantum (DOMAIN.md §3); 422 when nothing was granted. */
  async function withOutcome(tx: Tx, row: ApplicationRecord, t: ApplicationTransition): Promise<ApplicationTransition> {
    const days = await repo.days(tx, row.id);
    if (days.length === 0 || days.some((d) => !d.granted)) throw new AppError('BUSINESS_RULE', E.notGranted);
    const outcome = outcomeOf(Int32Array.from(days.flatMap((d) => d.requested)), Int32Array.from(days.flatMap((d) => d.granted!)));
    const found = findApplicationTransition(row.status, t.action, t.actor, outcome);
    if (!found || found.when !== outcome) throw new AppError('BUSINESS_RULE', E.notGranted);
    return found;
  }

  /** Tells the parties and the next actors where the application went (`from` null: just made). */
  async function notifyMoved(tx: Tx, from: ApplicationStatus | null, after: ApplicationRecord, by: ActBy, batch = false) {
    const label = APPLICATION_STATUS_LABELS[after.status];
    const no = after.applicationNo;
    if (after.status === 'PendingApplicantApproval') {
      const trader = after.traderRegistrationId ? (await repo.registrationsByIds(tx, [after.traderRegistrationId])).get(after.traderRegistrationId) : undefined;
      await notifications.notify(tx, { userId: after.applicantUserId, message: N.traderApplied(trader?.entityName ?? (await nameOfUser(tx, by.userId)), typeLabel(after.type), no) });
      return;
    }
    if (from === 'PendingApplicantApproval') {
      const traders = (await partiesOf(tx, after, [after.applicantUserId])).filter((id) => id !== by.userId);
      const message = after.status === 'Submitted' ? N.traderRequestApproved(no) : N.traderRequestRejected(no);
      if (traders.length > 0) await notifications.notify(tx, { userIds: traders, message });
    } else {
      const parties = await partiesOf(tx, after, [by.userId]);
      if (parties.length > 0) await notifications.notify(tx, { userIds: parties, message: N.moved(no, label, by.remarks) });
    }
    if (batch) return; // a batch (processing, approve all) tells the next role once
    if (after.status === 'Submitted') await notifications.notify(tx, { role: 'SLDCBusinessUser', message: N.submitted(no, typeLabel(after.type)) });
    else if (after.status === 'STOAApproved' || after.status === 'SLDCApproverIApproved') await notifyNextRoles(tx, after, N.pendingApproval(no, typeLabel(after.type)));
  }

  // ---- detail -----------------------------------------------------------------------------------

  async function buildDetail(dbx: DbOrTx, v: Viewer, row: ApplicationRecord): Promise<ApplicationDetail> {
    const [schedules, history, parties, people] = await Promise.all([
      repo.schedules(dbx, row.id),
      repo.history(dbx, row.id),
      repo.registrationsByIds(dbx, [row.sellerRegistrationId, row.buyerRegistrationId, row.traderRegistrationId]),
      repo.usersByIds(dbx, [row.applicantUserId, row.createdByUserId]),
    ]);
    const party = (id: string) => {
      const p = parties.get(id)!;
      return { id: p.id, registrationNo: p.registrationNo, entityName: p.entityName, entityType: p.entityType as EntityType };
    };
    const trader = row.traderRegistrationId ? parties.get(row.traderRegistrationId) : undefined;
    const actors = actorsOf(v, row, trader?.ownerUserId ?? null);
    const scheduleList = schedules.map((s) => {
      const values = {
        oaFromDate: s.fromDate,
        oaToDate: s.toDate,
        fromTimeBlock: blockStartTime(s.fromBlock),
        toTimeBlock: blockEndTime(s.toBlock),
        oaRequirement: centiToMw(s.requirementCenti),
      };
      return { rowNo: s.rowNo, ...values, mwh: scheduleRowMwh(values) ?? '0.00' };
    });
    const applicant = people.get(row.applicantUserId);
    const creator = people.get(row.createdByUserId);
    return {
      id: row.id,
      applicationNo: row.applicationNo,
      applicationType: row.type,
      applicationMode: row.mode,
      status: row.status,
      statusDescription: APPLICATION_STATUS_LABELS[row.status],
      version: row.version,
      month: row.month,
      fromDate: row.fromDate,
      toDate: row.toDate,
      applicant: { id: row.applicantUserId, name: applicant?.name ?? '' },
      createdBy: { id: row.createdByUserId, name: creator?.name ?? '', role: (creator?.role ?? 'OABusinessUser') as Role },
      seller: party(row.sellerRegistrationId),
      buyer: party(row.buyerRegistrationId),
      trader: trader ? { id: trader.id, name: trader.entityName, registrationNo: trader.registrationNo } : null,
      scheduleList,
      totalMwh: totalMwh(scheduleList),
      remarks: row.remarks,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      createdOn: row.createdOn.toISOString(),
      updatedOn: row.updatedOn.toISOString(),
      feeDueId: row.feeDueId,
      allowedActions: availableApplicationActions(row.status, actors),
      formMode: applicationFormMode(row.status, actors),
      canUpdateTrader: actors.includes('Applicant') && (TRADER_UPDATABLE_STATUSES as readonly string[]).includes(row.status),
      history: history.map((h) => ({
        action: h.action,
        fromStatus: (h.fromStatus as ApplicationStatus | null) ?? null,
        toStatus: h.toStatus as ApplicationStatus,
        actorName: h.firstName !== null ? `${h.firstName} ${h.lastName ?? ''}`.trim() : null,
        role: (h.actorRole as Role | null) ?? null,
        remarks: h.remarks,
        at: h.createdOn.toISOString(),
      })),
    };
  }

  async function visibleOr404(v: Viewer, id: string, type?: ApplicationType): Promise<ApplicationRecord> {
    const row = await repo.findVisible(db, v, id);
    if (!row || (type && row.type !== type)) throw notFound();
    return row;
  }

  // ---- submit -----------------------------------------------------------------------------------

  type Issue = { fieldName: string; message: string };

  /** Seller and buyer: approved, able to sell / buy, different. */
  function checkParties(seller: PartyRecord | undefined, buyer: PartyRecord | undefined, issues: Issue[]) {
    let sellerOk = false;
    let buyerOk = false;
    if (!seller || seller.status !== 'Approved' || seller.entityType === 'Trader') issues.push({ fieldName: 'sellerId', message: E.sellerNotApproved });
    else if (!canSell(seller.entityType)) issues.push({ fieldName: 'sellerId', message: E.cannotSell });
    else sellerOk = true;
    if (!buyer || buyer.status !== 'Approved' || buyer.entityType === 'Trader') issues.push({ fieldName: 'buyerId', message: E.buyerNotApproved });
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
    v: Viewer,
    body: ApplicationSubmit,
    seller: PartyRecord | undefined,
    buyer: PartyRecord | undefined,
    partiesOk: boolean,
    existing: ApplicationRecord | undefined,
    issues: Issue[],
  ): Promise<{ applicantUserId: string | null; traderRegistrationId: string | null; actor: 'Applicant' | 'ApplicationTrader' }> {
    if (v.role === 'OABusinessUser') {
      if (partiesOk && seller!.ownerUserId !== v.id && buyer!.ownerUserId !== v.id) issues.push({ fieldName: 'sellerId', message: E.notOwnParty });
      let traderRegistrationId = existing?.traderRegistrationId ?? null;
      if (body.traderId === null) traderRegistrationId = null;
      else if (body.traderId) {
        const [trader] = await repo.tradersOfApplicant(db, v.id, body.traderId);
        if (!trader) issues.push({ fieldName: 'traderId', message: E.traderNotAssociated });
        else traderRegistrationId = trader.id;
      }
      return { applicantUserId: v.id, traderRegistrationId, actor: 'Applicant' };
    }
    if (body.traderId) issues.push({ fieldName: 'traderId', message: E.traderOnlyForApplicant });
    if (!(await repo.hasApprovedTraderRegistration(db, v.id))) throw new AppError('BUSINESS_RULE', E.noTraderRegistration);
    const links = await repo.traderLinks(db, v.id);
    const linkOf = (owner: string | undefined) => links.find((l) => l.applicantUserId === owner && (!existing || l.applicantUserId === existing.applicantUserId));
    let link: (typeof links)[number] | undefined;
    if (partiesOk) {
      const sellerLink = linkOf(seller!.ownerUserId);
      const buyerLink = linkOf(buyer!.ownerUserId);
      if (body.onBehalfOf === 'Seller') link = sellerLink;
      else if (body.onBehalfOf === 'Buyer') link = buyerLink;
      else link = sellerLink ?? buyerLink;
      if (!link) {
        const side = body.onBehalfOf;
        issues.push(side ? { fieldName: side === 'Seller' ? 'sellerId' : 'buyerId', message: E.onBehalfOfNotAssociated(side) } : { fieldName: 'sellerId', message: E.notAssociatedParty });
      }
    }
    return { applicantUserId: link?.applicantUserId ?? null, traderRegistrationId: link?.traderRegistrationId ?? existing?.traderRegistrationId ?? null, actor: 'ApplicationTrader' };
  }

  /**
   * Submit (spec 001 §7 Application/Submit/{type}): a new application, or a Returned one resubmitted
   * by its applicant or trader. Everything is checked on the server — parties, ownership or
   * association, defaulters, the window of the type on the injected clock, every schedule rule and
   * the remaining quantum — and every field error is answered at once; then one transaction.
   */
  async function submit(actor: RequestUser, type: ApplicationType, body: ApplicationSubmit, meta: RequestMeta): Promise<ApplicationDetail> {
    const v = await viewerOf(actor);
    if (v.isDefaulter) throw new AppError('BUSINESS_RULE', E.defaulter);
    let existing: ApplicationRecord | undefined;
    if (body.id !== undefined) {
      if (body.version === undefined) throw AppError.field('VALIDATION_FAILED', 'version', E.versionRequired);
      existing = await repo.findVisible(db, v, body.id);
      if (!existing || existing.type !== type) throw notFound();
    }

    const issues: Issue[] = [];
    const regs = await repo.registrationsByIds(db, [body.sellerId, body.buyerId]);
    const seller = regs.get(body.sellerId);
    const buyer = regs.get(body.buyerId);
    const { sellerOk, buyerOk } = checkParties(seller, buyer, issues);
    const who = await resolveApplicant(v, body, seller, buyer, sellerOk && buyerOk, existing, issues);

    if (who.applicantUserId && who.applicantUserId !== v.id) {
      const applicant = await registrationsRepository.viewer(db, who.applicantUserId);
      if (applicant?.isDefaulter) throw new AppError('BUSINESS_RULE', E.applicantDefaulter(applicant.entityName || `${applicant.firstName} ${applicant.lastName}`.trim()));
    }

    const range = await rangeNow(db, type);
    if (!range) throw new AppError('BUSINESS_RULE', E.windowClosed(typeLabel(type)));

    let remaining: ((span: ScheduleSpan) => number) | undefined;
    if (sellerOk && buyerOk) {
      const [sellerHeld, buyerHeld] = await Promise.all([
        repo.heldByDay(db, 'seller', seller!.id, range.fromDate, range.toDate, existing?.id),
        repo.heldByDay(db, 'buyer', buyer!.id, range.fromDate, range.toDate, existing?.id),
      ]);
      const sellerQuantum = quantumCenti(seller!.data.stoaInjectionQuantum);
      const buyerQuantum = quantumCenti(buyer!.data.stoaDrawlQuantum);
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
      requirementCenti: mwToCenti(r.oaRequirement),
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
        await applyTransition(tx, before, t, by, columns);
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
      row = await raiseFee(tx, row);
      await repo.insertAction(tx, { applicationId: row.id, action: 'Submit', fromStatus: null, toStatus: status, actorUserId: v.id, actorRole: v.role, remarks: null, createdOn: now });
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'APPLICATION_SUBMITTED',
        entity: 'Application',
        entityId: row.id,
        after: { ...summary(row), scheduleList: rows.map(({ mwh: _mwh, ...r }) => r) },
        requestId: meta.requestId,
      });
      await notifyMoved(tx, null, row, by);
      return row.id;
    });
    return buildDetail(db, v, (await repo.findById(db, id))!);
  }

  /** An SLDC action (Accept/Approve, Seek Clarification, Reject) on an application it sees. */
  async function act(actor: RequestUser, type: ApplicationType, id: string, actions: ApplicationAction[], input: ApplicationDecision, meta: RequestMeta) {
    const v = await viewerOf(actor);
    const remarks = input.remarks.trim();
    await inTransaction(db, async (tx) => {
      const row = await repo.findVisible(tx, v, id, { lock: true });
      if (!row || row.type !== type) throw notFound();
      if (row.version !== input.version) throw conflict();
      const actors = actorsOf(v, row, await traderOwnerOf(tx, row));
      const candidates = actions.flatMap((a) => actors.map((x) => findApplicationTransition(row.status, a, x)).filter((t): t is ApplicationTransition => !!t));
      let t = candidates[0];
      if (!t) throw conflict();
      if ((t.action === 'Return' || t.action === 'Reject') && !remarks) throw AppError.field('VALIDATION_FAILED', 'remarks', E.remarksRequired);
      if (t.when) t = await withOutcome(tx, row, t);
      await applyTransition(tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
    });
    return buildDetail(db, v, (await repo.findById(db, id))!);
  }

  /** The applicant approves or rejects a trader's request made on its behalf. */
  async function decideTraderRequest(actor: RequestUser, type: ApplicationType, id: string, action: 'Approve' | 'Reject', input: ApplicationDecision, meta: RequestMeta) {
    const v = await viewerOf(actor);
    const remarks = input.remarks.trim();
    await inTransaction(db, async (tx) => {
      const row = await repo.findVisible(tx, v, id, { lock: true });
      if (!row || row.type !== type || row.applicantUserId !== v.id) throw notFound();
      if (row.version !== input.version) throw conflict();
      const t = findApplicationTransition(row.status, action, 'Applicant');
      if (!t) throw conflict();
      if (action === 'Approve') {
        if (v.isDefaulter) throw new AppError('BUSINESS_RULE', E.defaulter);
        // It reaches the SLDC now: the schedule must still lie in the type's window.
        const range = await rangeNow(tx, type);
        const schedules = await repo.schedules(tx, row.id);
        const rows = schedules.map((s) => ({ oaFromDate: s.fromDate, oaToDate: s.toDate, fromTimeBlock: blockStartTime(s.fromBlock), toTimeBlock: blockEndTime(s.toBlock), oaRequirement: centiToMw(s.requirementCenti) }));
        if (!range) throw new AppError('BUSINESS_RULE', E.windowClosed(typeLabel(type)));
        const issues = validateSchedule(rows, { range });
        if (issues.length > 0) throw new AppError('BUSINESS_RULE', issues[0]!.message, groupFieldErrors(issues));
      }
      await applyTransition(tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
    });
    return buildDetail(db, v, (await repo.findById(db, id))!);
  }

  /** UpdateTrader/{applicationId}/{traderId}: the applicant names or changes the trader of its application. */
  async function updateTrader(actor: RequestUser, id: string, traderId: string, input: ApplicationDecision, meta: RequestMeta) {
    const v = await viewerOf(actor);
    await inTransaction(db, async (tx) => {
      const row = await repo.findVisible(tx, v, id, { lock: true });
      if (!row || row.applicantUserId !== v.id) throw notFound();
      if (row.version !== input.version) throw conflict();
      if (!(TRADER_UPDATABLE_STATUSES as readonly string[]).includes(row.status)) throw conflict();
      const [trader] = await repo.tradersOfApplicant(tx, v.id, traderId);
      if (!trader) throw AppError.field('BUSINESS_RULE', 'traderId', E.traderNotAssociated);
      if (row.traderRegistrationId === trader.id) return;
      const previousOwner = await traderOwnerOf(tx, row);
      const now = clock.now();
      const after = await repo.update(tx, row.id, { traderRegistrationId: trader.id, version: row.version + 1, updatedOn: now });
      await repo.insertAction(tx, { applicationId: row.id, action: 'UpdateTrader', fromStatus: row.status, toStatus: row.status, actorUserId: v.id, actorRole: v.role, remarks: trader.entityName, createdOn: now });
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'APPLICATION_TRADER_UPDATED',
        entity: 'Application',
        entityId: row.id,
        before: summary(row),
        after: summary(after),
        requestId: meta.requestId,
      });
      await notifications.notify(tx, { userId: trader.ownerUserId, message: N.traderAssigned(row.applicationNo, await nameOfUser(tx, v.id)) });
      if (previousOwner && previousOwner !== trader.ownerUserId) await notifications.notify(tx, { userId: previousOwner, message: N.traderRemoved(row.applicationNo) });
    });
    return buildDetail(db, v, (await repo.findById(db, id))!);
  }

  // ---- parties --------------------------------------------------------------------------------------

  const partyRow = (p: PartyRecord, side: 'seller' | 'buyer', isOwn: boolean): ApplicationParty => ({
    id: p.id,
    registrationNo: p.registrationNo,
    entityName: p.entityName,
    entityType: p.entityType as EntityType,
    quantum: centiToMw(quantumCenti(side === 'seller' ? p.data.stoaInjectionQuantum : p.data.stoaDrawlQuantum)),
    isOwn,
  });

  async function parties(actor: RequestUser, side: 'seller' | 'buyer', entityType?: EntityType): Promise<ApplicationParty[]> {
    const v = await viewerOf(actor);
    const types = (side === 'seller' ? SELLER_TYPES : BUYER_TYPES).filter((t) => !entityType || t === entityType);
    const rows = await repo.approvedOfTypes(db, types);
    const own = v.role === 'Trader' ? new Set((await repo.traderLinks(db, v.id)).map((l) => l.applicantUserId)) : new Set([v.id]);
    return rows.map((p) => partyRow(p, side, own.has(p.ownerUserId)));
  }

  /** A registration a party detail may show: approved (any non-draft one for the load-centre roles), not a trader's. */
  async function partyOr404(v: Viewer, id: string, side?: 'seller' | 'buyer'): Promise<PartyRecord> {
    const p = (await repo.registrationsByIds(db, [id])).get(id);
    const visible = !!p && p.entityType !== 'Trader' && (p.status === 'Approved' || (LOAD_CENTRE.includes(v.role) && p.status !== 'Draft'));
    if (!visible) throw registrationNotFound();
    if (side === 'seller' && !canSell(p.entityType)) throw registrationNotFound();
    if (side === 'buyer' && !canBuy(p.entityType)) throw registrationNotFound();
    return p;
  }

  const available = (p: PartyRecord) => ({
    id: p.id,
    registrationNo: p.registrationNo,
    entityName: p.entityName,
    entityType: p.entityType as EntityType,
    canSell: canSell(p.entityType),
    canBuy: canBuy(p.entityType),
    stoaInjectionQuantum: canSell(p.entityType) ? mwOrNull(p.data.stoaInjectionQuantum) : null,
    stoaDrawlQuantum: canBuy(p.entityType) ? mwOrNull(p.data.stoaDrawlQuantum) : null,
    expiredOn: p.expiredOn,
  });

  async function listOf(
    actor: RequestUser,
    scope: ListScope,
    query: ApplicationListQuery | AppliedApplicationsQuery,
    opts: { updatedSince?: Date; orderBy?: 'submitted' | 'updated' } = {},
  ): Promise<ApplicationList> {
    const v = await viewerOf(actor);
    const { rows, total, capped } = await repo.list(db, v, scope, query, opts);
    return {
      applicationList: rows.map((r) => ({
        id: r.id,
        applicationNo: r.applicationNo,
        applicationType: r.type,
        applicationMode: r.mode,
        status: { status: r.status, statusDescription: APPLICATION_STATUS_LABELS[r.status] },
        sellerName: r.sellerName,
        buyerName: r.buyerName,
        applicantName: r.applicantEntityName || `${r.applicantFirstName} ${r.applicantLastName}`.trim(),
        traderName: r.traderName,
        fromDate: r.fromDate,
        toDate: r.toDate,
        month: r.month,
        submittedAt: r.submittedAt?.toISOString() ?? null,
        updatedOn: r.updatedOn.toISOString(),
      })),
      dataCount: total,
      dataCountCapped: capped,
    };
  }

  const service = {
    /** For the processing service: a workflow step on a locked row, and the final approval's outcome. */
    internal: { applyTransition, withOutcome, viewerOf, actorsOf, traderOwnerOf },
    submit,
    act,
    decideTraderRequest,
    updateTrader,
    parties,

    async detail(actor: RequestUser, id: string): Promise<ApplicationDetail> {
      const v = await viewerOf(actor);
      return buildDetail(db, v, await visibleOr404(v, id));
    },

    list: listOf,

    /**
     * GetApplications/{type}/{loggedInDateTime} (decision 0012): the caller's applications of the
     * type (the load-centre roles: every one that reached the SLDC) changed after the login time,
     * latest change first, at most APPLICATIONS_SINCE_LIMIT rows; `dataCount` counts them all (capped).
     */
    async since(actor: RequestUser, type: ApplicationType, loggedInDateTime: string): Promise<ApplicationList> {
      const v = await viewerOf(actor);
      const loadCentre = LOAD_CENTRE.includes(v.role);
      const scope: ListScope = loadCentre ? { kind: 'sldc', type } : { kind: 'own' };
      const query = { pageNumber: 1, pageSize: APPLICATIONS_SINCE_LIMIT, ...(loadCentre ? {} : { applicationType: type }) };
      return listOf(actor, scope, query, { updatedSince: new Date(loggedInDateTime), orderBy: 'updated' });
    },


    async userBasedTraders(actor: RequestUser) {
      return (await repo.tradersOfApplicant(db, actor.id)).map((t) => ({ id: t.id, description: t.entityName }));
    },

    async availableRegistrations(actor: RequestUser) {
      const v = await viewerOf(actor);
      const owners = v.role === 'Trader' ? [...new Set((await repo.traderLinks(db, v.id)).map((l) => l.applicantUserId))] : [v.id];
      return (await repo.approvedOfOwners(db, owners)).map(available);
    },

    async registrationDetail(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      const p = await partyOr404(v, id);
      const [utilities, people] = await Promise.all([repo.utilityNames(db, [p.discomId, p.transcoId]), repo.usersByIds(db, [p.ownerUserId])]);
      return {
        ...available(p),
        ownerName: people.get(p.ownerUserId)?.name ?? '',
        injectionSubstation: canSell(p.entityType) ? textOrNull(p.data.injectionSubstation) : null,
        drawalSubstation: canBuy(p.entityType) ? textOrNull(p.data.drawalSubstation) : null,
        transcoName: p.transcoId ? (utilities.get(p.transcoId) ?? null) : null,
        discomName: p.discomId ? (utilities.get(p.discomId) ?? null) : null,
        validFrom: p.validFrom,
      };
    },

    async injectingEntityDetails(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      const p = await partyOr404(v, id, 'seller');
      const utilities = await repo.utilityNames(db, [p.transcoId]);
      return {
        id: p.id,
        registrationNo: p.registrationNo,
        entityName: p.entityName,
        entityType: p.entityType as EntityType,
        stoaInjectionQuantum: centiToMw(quantumCenti(p.data.stoaInjectionQuantum)),
        installedCapacity: mwOrNull(p.data.installedCapacity),
        injectionSubstation: textOrNull(p.data.injectionSubstation),
        injectionVoltage: textOrNull(p.data.injectionVoltage),
        generatorType: textOrNull(p.data.generatorType),
        isRe: textOrNull(p.data.isRe),
        transcoName: p.transcoId ? (utilities.get(p.transcoId) ?? null) : null,
      };
    },

    async draweeEntityDetails(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      const p = await partyOr404(v, id, 'buyer');
      const utilities = await repo.utilityNames(db, [p.discomId]);
      return {
        id: p.id,
        registrationNo: p.registrationNo,
        entityName: p.entityName,
        entityType: p.entityType as EntityType,
        stoaDrawlQuantum: centiToMw(quantumCenti(p.data.stoaDrawlQuantum)),
        contractDemand: mwOrNull(p.data.contractDemand),
        consumerNumber: textOrNull(p.data.consumerNumber),
        drawalSubstation: textOrNull(p.data.drawalSubstation),
        drawalVoltage: textOrNull(p.data.drawalVoltage),
        discomName: p.discomId ? (utilities.get(p.discomId) ?? null) : null,
      };
    },

    /**
     * GetRemainingQuatumDetails: the registered quantum of the seller (injection) and the buyer
     * (drawal) less what they already hold, the least over the dates and blocks asked.
     */
    async remainingQuantum(q: { SellerId: string; BuyerId: string; FromTimeBlock: string; ToTimeBlock: string; OAFromDate: string; OAToDate: string }) {
      const span = { oaFromDate: q.OAFromDate, oaToDate: q.OAToDate, fromTimeBlock: q.FromTimeBlock, toTimeBlock: q.ToTimeBlock };
      const issues: Issue[] = [];
      if (q.OAFromDate > q.OAToDate) issues.push({ fieldName: 'OAFromDate', message: M.fromDateAfterToDate });
      else if (monthOf(q.OAFromDate) !== monthOf(q.OAToDate)) issues.push({ fieldName: 'OAToDate', message: M.oneMonth });
      if (q.FromTimeBlock === '24:00') issues.push({ fieldName: 'FromTimeBlock', message: M.endOnly });
      else if (q.ToTimeBlock === '00:00') issues.push({ fieldName: 'ToTimeBlock', message: M.startOnly });
      else if (timeToMinutes(q.FromTimeBlock) >= timeToMinutes(q.ToTimeBlock)) issues.push({ fieldName: 'FromTimeBlock', message: M.fromTimeNotBeforeToTime });
      const regs = await repo.registrationsByIds(db, [q.SellerId, q.BuyerId]);
      const seller = regs.get(q.SellerId);
      const buyer = regs.get(q.BuyerId);
      if (!seller || seller.status !== 'Approved' || !canSell(seller.entityType)) issues.push({ fieldName: 'SellerId', message: E.sellerNotApproved });
      if (!buyer || buyer.status !== 'Approved' || !canBuy(buyer.entityType)) issues.push({ fieldName: 'BuyerId', message: E.buyerNotApproved });
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
      const [sellerHeld, buyerHeld] = await Promise.all([
        repo.heldByDay(db, 'seller', seller!.id, q.OAFromDate, q.OAToDate),
        repo.heldByDay(db, 'buyer', buyer!.id, q.OAFromDate, q.OAToDate),
      ]);
      return {
        remainingQuatumSeller: centiToMw(remainingQuantum(quantumCenti(seller!.data.stoaInjectionQuantum), sellerHeld, span)),
        remainingQuatumBuyer: centiToMw(remainingQuantum(quantumCenti(buyer!.data.stoaDrawlQuantum), buyerHeld, span)),
      };
    },

    async isDefaulter(actor: RequestUser): Promise<boolean> {
      return (await viewerOf(actor)).isDefaulter;
    },

    /** The application fee in force today, in paise with its GST line. */
    async fee() {
      const { chargeList } = await configuration.listCharges({ head: 'APPLICATION_FEE' });
      const current = chargeList.find((c) => c.state === 'CURRENT');
      if (!current) throw new AppError('NOT_FOUND', `No ${CHARGE_HEAD_INFO.APPLICATION_FEE.label.toLowerCase()} is configured for today.`);
      const baseAmount = amountPaise(current.amount, '1');
      const gstAmount = gstPaise(baseAmount, current.gstRatePercent);
      return { head: 'APPLICATION_FEE', baseAmount, gstRatePercent: current.gstRatePercent, gstAmount, totalAmount: baseAmount + gstAmount, effectiveFrom: current.effectiveFrom };
    },

    /** The permitted range of each type now (for the forms' date pickers and the tests). */
    rangeNow: (type: ApplicationType) => rangeNow(db, type),
  };
  /** Phase 2: processing against the margin, approve all, STOA check, open access details. */
  const processing = createApplicationProcessingService({ db, clock, audit, notifications, applications: service });
  return { ...service, processing };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
/** The part of the service the processing service uses (it is built from it). */
export type ApplicationsCore = Omit<ApplicationsService, 'processing'>;

