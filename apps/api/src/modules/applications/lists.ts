import {
  APPLICATION_STATUS_LABELS,
  type ApplicationList,
  type ApplicationListQuery,
  type ApplicationType,
  APPLICATIONS_SINCE_LIMIT,
  type AppliedApplicationsQuery,
} from '@stoa/shared/applications';

import type { RequestUser } from '../../platform/auth';
import { type ApplicationsDeps, LOAD_CENTRE, viewerOf } from './applications.access';
import { applicationsRepository as repo, type ListScope } from './applications.repository';
import { feeUnpaid } from './fee-rule';

/**
 * GetAll/{type} (the SLDC's list of a type, by latest submission) and GetAppliedApplications (the
 * caller's own, by latest change, with those naming it as seller or buyer): one filtered page.
 */
export async function listApplications(
  deps: ApplicationsDeps,
  actor: RequestUser,
  scope: ListScope,
  query: ApplicationListQuery | AppliedApplicationsQuery,
  opts: { updatedSince?: Date; orderBy?: 'submitted' | 'updated' } = {},
): Promise<ApplicationList> {
  const v = await viewerOf(deps.db, actor);
  const { rows, total, capped } = await repo.list(deps.db, v, scope, query, opts);
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
      feeUnpaid: feeUnpaid(r.feeStatus),
    })),
    dataCount: total,
    dataCountCapped: capped,
  };
}

/**
 * GetApplications/{type}/{loggedInDateTime} (decision 0012): the caller's applications of the
 * type (the load-centre roles: every one that reached the SLDC) changed after the login time,
 * latest change first, at most APPLICATIONS_SINCE_LIMIT rows; `dataCount` counts them all (capped).
 */
export async function applicationsSince(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  loggedInDateTime: string,
): Promise<ApplicationList> {
  const v = await viewerOf(deps.db, actor);
  const loadCentre = LOAD_CENTRE.includes(v.role);
  const scope: ListScope = loadCentre ? { kind: 'sldc', type } : { kind: 'own' };
  const query = { pageNumber: 1, pageSize: APPLICATIONS_SINCE_LIMIT, ...(loadCentre ? {} : { applicationType: type }) };
  return listApplications(deps, actor, scope, query, { updatedSince: new Date(loggedInDateTime), orderBy: 'updated' });
}
