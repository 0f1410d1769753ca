import { requestedByDay, scheduleSpanOf, validateSchedule } from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import { groupFieldErrors, istDate } from '@stoa/shared/common';
import type { InterStateConsentApply, InterStateConsentDetail } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { canBuy, canSell } from '../applications/applications.access';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { buildConsentDetail } from './consent-reads';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';
import { type InterStateDeps, ownersOf, scopeOf } from './standing-clearance.access';

const C = enInterStateConsent;

export const consentNotFound = () => new AppError('NOT_FOUND', C.errors.notFound);
export const consentConflict = () => new AppError('CONFLICT', C.errors.statusConflict);
export const consentApplicationNumber = (year: string, n: number) => `ISC/${year}/${String(n).padStart(6, '0')}`;

/**
 * Apply (OA applicant or its trader; decision 0068): a new request or an edit of a draft, saved as a
 * draft or submitted. Every rule is checked at once (every field error in one answer), drafts too: the
 * entity an approved registration of the caller's own or of an applicant it trades for, able to inject
 * (Sale) or draw (Purchase) and with a connection point for it; the applications' schedule rules with
 * the registered STOA quantum of that direction as the limit; no row before today. A defaulter entity
 * cannot submit. In one transaction: the request, its per-day requested blocks, the history, the audit
 * row and, on submission, the notifications to the SLDC business users (and the entity when its trader
 * applied).
 */
export async function applyInterStateConsent(
  deps: InterStateDeps,
  actor: RequestUser,
  input: InterStateConsentApply,
  meta: RequestMeta,
): Promise<InterStateConsentDetail> {
  const { db, clock, audit, notifications } = deps;
  const { viewer, scope } = await scopeOf(db, actor);
  const today = istDate(clock.now());
  const issues: { fieldName: string; message: string }[] = [];
  const party = (await partiesRepository.byIds(db, [input.registrationId])).get(input.registrationId);
  const mine = !!party && party.status === 'Approved' && party.entityType !== 'Trader' && ownersOf(scope).includes(party.ownerUserId);
  const sale = input.direction === 'Sale';
  let quantum: number | null = null;
  let element: string | null = null;
  if (!party || !mine) issues.push({ fieldName: 'registrationId', message: C.errors.registrationNotFound });
  else if (sale && !canSell(party.entityType)) issues.push({ fieldName: 'direction', message: C.rules.cannotSell });
  else if (!sale && !canBuy(party.entityType)) issues.push({ fieldName: 'direction', message: C.rules.cannotBuy });
  else {
    element = (sale ? party.injectionSubstation : party.drawalSubstation) ?? null;
    quantum = (sale ? party.stoaInjectionQuantumCenti : party.stoaDrawlQuantumCenti) ?? 0;
    if (!element) issues.push({ fieldName: 'direction', message: C.rules.noPoint });
  }
  issues.push(...validateSchedule(input.scheduleList, { remaining: quantum === null ? undefined : () => quantum }));
  input.scheduleList.forEach((r, i) => {
    if (r.oaFromDate < today) issues.push({ fieldName: `scheduleList.${i}.oaFromDate`, message: C.rules.pastFrom });
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
  const owner = party!.ownerUserId;
  if (input.submit && (viewer.isDefaulter || (owner !== viewer.id && (await repo.isDefaulter(db, owner)))))
    throw new AppError('BUSINESS_RULE', C.errors.defaulter);

  const span = scheduleSpanOf(input.scheduleList);
  const byDay = requestedByDay(input.scheduleList);
  const schedule = input.scheduleList.map((r) => ({
    oaFromDate: r.oaFromDate,
    oaToDate: r.oaToDate,
    fromTimeBlock: r.fromTimeBlock,
    toTimeBlock: r.toTimeBlock,
    oaRequirement: r.oaRequirement,
  }));
  const elementKey = atcElementKey(element!);
  const status = input.submit ? ('Submitted' as const) : ('Draft' as const);

  const id = await inTransaction(db, async (tx) => {
    const now = clock.now();
    const fields = {
      registrationId: input.registrationId,
      applicantUserId: owner,
      direction: input.direction,
      counterpartyState: input.counterpartyState,
      counterpartyEntity: input.counterpartyEntity,
      traderName: input.traderName?.trim() || null,
      element: element!,
      elementKey,
      fromDate: span.fromDate,
      toDate: span.toDate,
      schedule,
      remarks: input.remarks?.trim() || null,
      status,
      submittedAt: input.submit ? now : null,
      updatedOn: now,
    };
    let saved;
    let before = null;
    if (input.id) {
      const row = await repo.findVisible(tx, scope, input.id, { lock: true });
      if (!row) throw consentNotFound();
      if (row.status !== 'Draft' || row.version !== input.version) throw consentConflict();
      before = { status: row.status, version: row.version };
      saved = await repo.update(tx, row.id, { ...fields, version: row.version + 1 });
    } else {
      const applicationNo = consentApplicationNumber(today.slice(0, 4), await repo.nextNo(tx));
      saved = await repo.insert(tx, { ...fields, applicationNo, createdByUserId: viewer.id, createdOn: now });
    }
    await repo.replaceDays(tx, saved.id, elementKey, byDay);
    await repo.insertAction(tx, {
      consentId: saved.id,
      action: input.submit ? 'Submit' : 'SaveDraft',
      fromStatus: before?.status ?? null,
      toStatus: status,
      actorUserId: viewer.id,
      actorRole: viewer.role,
      remarks: saved.remarks,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: viewer.id, role: viewer.role },
      action: input.submit ? 'INTER_STATE_CONSENT_SUBMITTED' : 'INTER_STATE_CONSENT_DRAFT_SAVED',
      entity: 'InterStateConsent',
      entityId: saved.id,
      before,
      after: { ...saved, days: byDay.size },
      requestId: meta.requestId,
    });
    if (input.submit) {
      const link = WEB_LINKS.interStateConsent(saved.id);
      const message = C.notifications.submitted(saved.applicationNo, party!.entityName);
      await notifications.notify(tx, { role: 'SLDCBusinessUser', message, link });
      if (owner !== viewer.id) await notifications.notify(tx, { userId: owner, message, link });
    }
    return saved.id;
  });
  return buildConsentDetail(deps, db, viewer, id);
}
