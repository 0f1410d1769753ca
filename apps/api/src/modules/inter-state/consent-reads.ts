/** What consent applications for inter-state STOA show (decision 0068): the list and one application with the SLDC's checks. */
import { centiToMw, istDate } from '@stoa/shared/common';
import {
  consentDisplayStatusOf,
  type InterStateConsentDetail,
  type InterStateConsentList,
  type InterStateConsentListQuery,
  interStateConsentActionsFor,
} from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { Viewer } from '../registrations/registrations.repository';
import { historyEntry } from './inter-state.mapper';
import { remainingMargin, rowsOf } from './inter-state-consent.margin';
import { type InterStateConsentRecord, interStateConsentRepository as repo } from './inter-state-consent.repository';
import { type InterStateDeps, isLoadCentre, scopeOf } from './standing-clearance.access';

const C = enInterStateConsent;

/**
 * A consent whose period's last day (IST) is before `today` has expired (decisions 0077, 0088): it no
 * longer verifies as valid nor can be revoked, and the list, the detail and the filter say Expired.
 */
export const consentExpired = (c: Pick<InterStateConsentRecord, 'status' | 'toDate'>, today: string) =>
  consentDisplayStatusOf(c.status, c.toDate, today) === 'Expired';

function rowOf(
  r: { consent: InterStateConsentRecord; entityName: string },
  max: { requested: number; granted: number | null } | undefined,
  today: string,
) {
  const c = r.consent;
  const status = consentDisplayStatusOf(c.status, c.toDate, today);
  return {
    id: c.id,
    applicationNo: c.applicationNo,
    certificateNo: c.certificateNo,
    registrationId: c.registrationId,
    entityName: r.entityName,
    direction: c.direction,
    counterpartyState: c.counterpartyState,
    counterpartyEntity: c.counterpartyEntity,
    fromDate: c.fromDate,
    toDate: c.toDate,
    maxRequestedMw: centiToMw(max?.requested ?? 0),
    maxGrantedMw: max?.granted === null || max?.granted === undefined ? null : centiToMw(max.granted),
    status,
    statusDescription: C.statusLabels[status],
    deemed: c.deemed,
    submittedOn: c.submittedAt?.toISOString() ?? null,
    version: c.version,
  };
}

export async function listInterStateConsents(
  deps: InterStateDeps,
  actor: RequestUser,
  q: InterStateConsentListQuery,
): Promise<InterStateConsentList> {
  const { scope } = await scopeOf(deps.db, actor);
  const today = istDate(deps.clock.now());
  const { rows, total } = await repo.list(deps.db, scope, q, today);
  const maxima = await repo.maxima(
    deps.db,
    rows.map((r) => r.consent.id),
  );
  return { consentList: rows.map((r) => rowOf(r, maxima.get(r.consent.id), today)), dataCount: total };
}

/** The detail of an application the viewer may see (the caller checked the scope, or just wrote it). */
export async function buildConsentDetail(deps: InterStateDeps, db: DbOrTx, viewer: Viewer, id: string): Promise<InterStateConsentDetail> {
  const row = await repo.detailRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', C.errors.notFound);
  const c = row.consent;
  const days = await repo.daysOf(db, id);
  const maxima = await repo.maxima(db, [id]);
  const decided = c.status === 'Consented' || c.status === 'PartiallyConsented' || c.status === 'Revoked';
  const today = istDate(deps.clock.now());
  const expired = consentExpired(c, today);
  // The margin left as the SLDC weighs it: without this application's own grant.
  const remaining = await remainingMargin(
    db,
    c.element,
    c.elementKey,
    days.map((d) => d.day),
    id,
  );
  const checks = days.map((d) => {
    const rem = remaining.get(d.day) ?? null;
    const asked = d.requested.map((v, b) => ({ v, b })).filter((x) => x.v > 0);
    return {
      date: d.day,
      maxRequestedMw: centiToMw(Math.max(0, ...d.requested)),
      minRemainingMw: rem ? centiToMw(Math.min(...asked.map((x) => rem[x.b]!), ...(asked.length ? [] : [0]))) : null,
      shortBlocks: rem ? asked.filter((x) => x.v > rem[x.b]!).map((x) => x.b + 1) : [],
      maxGrantedMw: d.granted ? centiToMw(Math.max(0, ...d.granted)) : null,
    };
  });
  const history = await repo.history(db, id);
  const sldc = isLoadCentre(viewer.role);
  return {
    ...rowOf(row, maxima.get(id), today),
    traderName: c.traderName,
    remarks: c.remarks,
    registrationNo: row.registrationNo,
    point: c.element,
    appliedByName: row.appliedByName,
    scheduleList: c.schedule,
    grantedList: decided ? rowsOf(new Map(days.filter((d) => d.granted).map((d) => [d.day, d.granted!]))) : [],
    proposedReductions: c.proposedReductions,
    checks,
    defaulter: await repo.isDefaulter(db, c.applicantUserId),
    unpaidDuesPaise: await repo.unpaidDuesPaise(db, c.applicantUserId),
    decisionReason: c.decisionReason,
    decidedOn: c.decidedAt?.toISOString() ?? null,
    revokedOn: c.revokedAt?.toISOString() ?? null,
    revocationReason: c.revocationReason,
    expired,
    actions: interStateConsentActionsFor(c.status, viewer.role).filter((a) => !(expired && a === 'Revoke')),
    editable: c.status === 'Draft' && !sldc,
    history: history.map(historyEntry),
    viewerRole: viewer.role,
  };
}

export async function interStateConsentDetail(deps: InterStateDeps, actor: RequestUser, id: string): Promise<InterStateConsentDetail> {
  const { viewer, scope } = await scopeOf(deps.db, actor);
  const found = await repo.findVisible(deps.db, scope, id);
  if (!found) throw new AppError('NOT_FOUND', C.errors.notFound);
  return buildConsentDetail(deps, deps.db, viewer, id);
}
