import {
  APPLICATION_STATUS_LABELS,
  type ApplicationDetail,
  applicationFormMode,
  applicationStepText,
  type ApplicationStatus,
  availableApplicationActions,
  blockEndTime,
  blockStartTime,
  scheduleRowMwh,
  totalMwh,
  TRADER_UPDATABLE_STATUSES,
} from '@stoa/shared/applications';
import { centiToMw } from '@stoa/shared/common';
import type { EntityType, Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import type { Viewer } from '../registrations/registrations.repository';
import { actorsOf, type ApplicationsDeps, readableOr404, viewerOf } from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';
import { feeUnpaid } from './fee-rule';

/** The application as the viewer sees it: parties, schedule, history and what the viewer may do next. */
export async function buildDetail(db: DbOrTx, v: Viewer, row: ApplicationRecord): Promise<ApplicationDetail> {
  const [schedules, history, parties, people, feeStatus] = await Promise.all([
    repo.schedules(db, row.id),
    repo.history(db, row.id),
    partiesRepository.byIds(db, [row.sellerRegistrationId, row.buyerRegistrationId, row.traderRegistrationId]),
    repo.usersByIds(db, [row.applicantUserId, row.createdByUserId]),
    repo.feeStatus(db, row.feeDueId),
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
    feeUnpaid: feeUnpaid(feeStatus),
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
      description: applicationStepText(h.action, h.toStatus as ApplicationStatus, (h.actorRole as Role | null) ?? null),
    })),
  };
}

/** The detail of the application after a change: read again outside the transaction. */
export async function detailAfter(deps: ApplicationsDeps, v: Viewer, id: string): Promise<ApplicationDetail> {
  return buildDetail(deps.db, v, (await repo.findById(deps.db, id))!);
}

/** Get/{id}: an application the caller may read (its own scope, or as the counterparty). */
export async function applicationDetail(deps: ApplicationsDeps, actor: RequestUser, id: string): Promise<ApplicationDetail> {
  const v = await viewerOf(deps.db, actor);
  return buildDetail(deps.db, v, await readableOr404(deps.db, v, id));
}
