/**
 * Schedule revisions (issue 5; decision 0013): the applicant or the application's trader requests
 * a downward revision of an approved application; the SLDC business user approves (the revised
 * values apply from the effective block, as a new schedule version) or rejects it with remarks.
 *
 * The module's table of contents: requests.ts (Request), decisions.ts (Approve / Reject), reads.ts
 * (current schedule, revisable applications, lists, detail), revisions.access.ts (deps, lookups),
 * revisions.repository.ts (all SQL of the revisions and schedule-version tables).
 */
import type { RevisionDecision, RevisionListQuery, RevisionRequest } from '@stoa/shared/revisions';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { decideRevision } from './decisions';
import { currentSchedule, listRevisions, revisableApplications, revisionDetail } from './reads';
import { requestRevision } from './requests';
import type { RevisionsDeps } from './revisions.access';

export type { RevisionsDeps } from './revisions.access';

export function createRevisionsService(deps: RevisionsDeps) {
  return {
    currentSchedule: (actor: RequestUser, applicationId: string) => currentSchedule(deps, actor, applicationId),
    revisableApplications: (actor: RequestUser, q: { pageNumber: number; pageSize: number; applicationNo?: string }) =>
      revisableApplications(deps, actor, q),
    list: (actor: RequestUser, q: RevisionListQuery) => listRevisions(deps, actor, q),
    detail: (actor: RequestUser, revisionId: string, applicationId: string) => revisionDetail(deps, actor, revisionId, applicationId),
    request: (actor: RequestUser, body: RevisionRequest, meta: RequestMeta) => requestRevision(deps, actor, body, meta),
    decide: (actor: RequestUser, revisionId: string, action: 'Approve' | 'Reject', body: RevisionDecision, meta: RequestMeta) =>
      decideRevision(deps, actor, revisionId, action, body, meta),
  };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
