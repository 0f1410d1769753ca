import { APPLICANT_ROLES, LOAD_CENTRE_ROLES, type Role } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  curtailmentDetailSchema,
  curtailmentElementListSchema,
  curtailmentElementsQuerySchema,
  curtailmentIdParams,
  curtailmentInputSchema,
  curtailmentListQuerySchema,
  curtailmentListSchema,
  curtailmentPreviewSchema,
} from './curtailment.schemas';

/** Who uses /curtailment (spec 001 §2): the load-centre roles, traders and OA applicants. */
export const CURTAILMENT_ROLES: readonly Role[] = [...LOAD_CENTRE_ROLES, ...APPLICANT_ROLES];
/** Who curtails: the SLDC business user (decision 0014). */
export const CURTAILMENT_MAKER_ROLES = ['SLDCBusinessUser'] as const satisfies readonly Role[];

const path = (rest: string) => `/api/Curtailment/${rest}`;

/**
 * Curtailment by the SLDC (issue 5; decision 0014). The specification names the pages but no calls
 * or fields: these follow its style. Applicants and traders see only curtailments of their own
 * applications, and only their items.
 */
export const curtailmentEndpoints = {
  getElements: defineEndpoint({
    id: 'Curtailment.GetElements',
    method: 'GET',
    path: path('GetElements'),
    roles: CURTAILMENT_MAKER_ROLES,
    summary: 'Intra-state ATC elements with margins on a date, and the configured curtailment order',
    query: curtailmentElementsQuerySchema,
    response: curtailmentElementListSchema,
  }),
  preview: defineEndpoint({
    id: 'Curtailment.Preview',
    method: 'POST',
    path: path('Preview'),
    roles: CURTAILMENT_MAKER_ROLES,
    summary: 'The schedules a curtailment would cut and by how much; nothing saved',
    body: curtailmentInputSchema,
    response: curtailmentPreviewSchema,
  }),
  create: defineEndpoint({
    id: 'Curtailment.Create',
    method: 'POST',
    path: path('Create'),
    roles: CURTAILMENT_MAKER_ROLES,
    summary: 'Curtail an element over a block range: cut the schedules, record energy and refund, notify',
    body: curtailmentInputSchema,
    response: curtailmentDetailSchema,
  }),
  getAll: defineEndpoint({
    id: 'Curtailment.GetAll',
    method: 'GET',
    path: path('GetAll'),
    roles: CURTAILMENT_ROLES,
    summary: 'Curtailments (SLDC: all; applicant/trader: those of its applications), filtered and paged',
    query: curtailmentListQuerySchema,
    response: curtailmentListSchema,
  }),
  get: defineEndpoint({
    id: 'Curtailment.Get',
    method: 'GET',
    path: path('Get/:curtailmentId'),
    roles: CURTAILMENT_ROLES,
    summary: 'One curtailment with the affected applications the caller may see',
    params: curtailmentIdParams,
    response: curtailmentDetailSchema,
  }),
} as const satisfies Record<string, Endpoint>;
