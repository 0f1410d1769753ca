import { APPLICANT_ROLES, LOAD_CENTRE_ROLES, type Role } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  currentScheduleSchema,
  revisableApplicationListSchema,
  revisableApplicationParams,
  revisionApplicationParams,
  revisionDecisionSchema,
  revisionDetailSchema,
  revisionIdParams,
  revisionListQuerySchema,
  revisionListSchema,
  revisionRequestSchema,
} from './revisions.schemas';
import { REVISION_DECIDER_ROLES } from './revisions.workflow';

/** Who uses /revision (spec 001 §2 "see Applications"): OA applicants, traders and the load-centre roles. */
export const REVISION_ROLES: readonly Role[] = [...APPLICANT_ROLES, ...LOAD_CENTRE_ROLES];

const path = (rest: string) => `/api/Revision/${rest}`;

/**
 * Schedule revisions (issue 5; the specification shows no revision calls: paths in its style,
 * docs/api.md 'Revisions', decision 0013).
 */
export const revisionEndpoints = {
  request: defineEndpoint({
    id: 'Revision.Request',
    method: 'POST',
    path: path('Request'),
    roles: APPLICANT_ROLES,
    summary: 'Request a downward revision of an approved application (the applicant or its trader)',
    body: revisionRequestSchema,
    response: revisionDetailSchema,
  }),
  getRevisableApplications: defineEndpoint({
    id: 'Revision.GetRevisableApplications',
    method: 'GET',
    path: path('GetRevisableApplications'),
    roles: APPLICANT_ROLES,
    summary: "The caller's approved applications whose schedule reaches beyond today, paged",
    query: revisionListQuerySchema.pick({ pageNumber: true, pageSize: true, applicationNo: true }),
    response: revisableApplicationListSchema,
  }),
  getCurrentSchedule: defineEndpoint({
    id: 'Revision.GetCurrentSchedule',
    method: 'GET',
    path: path('GetCurrentSchedule/:applicationId'),
    roles: REVISION_ROLES,
    summary: 'The granted schedule now and the effective block of a revision requested now',
    params: revisableApplicationParams,
    response: currentScheduleSchema,
  }),
  getAppliedRevisions: defineEndpoint({
    id: 'Revision.GetAppliedRevisions',
    method: 'GET',
    path: path('GetAppliedRevisions'),
    roles: APPLICANT_ROLES,
    summary: "The caller's revisions (as applicant, or as trader), filtered and paged",
    query: revisionListQuerySchema,
    response: revisionListSchema,
  }),
  getAll: defineEndpoint({
    id: 'Revision.GetAll',
    method: 'GET',
    path: path('GetAll'),
    roles: LOAD_CENTRE_ROLES,
    summary: 'SLDC list of requested revisions, filtered and paged',
    query: revisionListQuerySchema,
    response: revisionListSchema,
  }),
  get: defineEndpoint({
    id: 'Revision.Get',
    method: 'GET',
    path: path('Get/:revisionId/:applicationId'),
    roles: REVISION_ROLES,
    summary: "A revision with the version history of the application's schedule and the caller's actions",
    params: revisionApplicationParams,
    response: revisionDetailSchema,
  }),
  approve: defineEndpoint({
    id: 'Revision.Approve',
    method: 'POST',
    path: path('Approve/:revisionId'),
    roles: REVISION_DECIDER_ROLES,
    summary: 'Approve: the revised values apply from the effective block as a new schedule version',
    params: revisionIdParams,
    body: revisionDecisionSchema,
    response: revisionDetailSchema,
  }),
  reject: defineEndpoint({
    id: 'Revision.Reject',
    method: 'POST',
    path: path('Reject/:revisionId'),
    roles: REVISION_DECIDER_ROLES,
    summary: 'Reject with remarks',
    params: revisionIdParams,
    body: revisionDecisionSchema,
    response: revisionDetailSchema,
  }),
} as const satisfies Record<string, Endpoint>;
