import { z } from 'zod';

import { LOAD_CENTRE_ROLES } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import {
  tdsConfigInputSchema,
  tdsConfigListSchema,
  tdsConfigSchema,
  tdsConfiguredChargeListSchema,
  tdsInterestInputSchema,
  tdsInterestListSchema,
  tdsInterestSchema,
  tdsListQuerySchema,
} from './tds.schemas';

const idParams = z.object({ id: z.string().uuid('Invalid id') });

/**
 * TDS configuration (spec 001 §7 Configuration/Tds, issue 13): the OA applicant's own declarations, and
 * the interest percentages on late TDS deposit set by the Admin (decision 0040).
 */
export const tdsEndpoints = {
  tdsGetAll: defineEndpoint({
    id: 'Configuration.Tds.GetAll',
    method: 'GET',
    path: '/api/Configuration/Tds/GetAll',
    roles: ['OABusinessUser'],
    summary: "The signed-in applicant's TDS declarations, newest effective date first, paged",
    query: tdsListQuerySchema,
    response: tdsConfigListSchema,
  }),
  tdsInterestGetAll: defineEndpoint({
    id: 'Configuration.Tds.InterestPercentage.GetAll',
    method: 'GET',
    path: '/api/Configuration/Tds/InterestPercentage/GetAll',
    roles: ['Admin', ...LOAD_CENTRE_ROLES, 'OABusinessUser', 'Trader'],
    summary: 'Interest percentages per month on late TDS deposit (effective-dated), paged',
    query: tdsListQuerySchema,
    response: tdsInterestListSchema,
  }),
  tdsGetConfiguredCharges: defineEndpoint({
    id: 'Configuration.Tds.GetConfiguredCharges',
    method: 'GET',
    path: '/api/Configuration/Tds/GetConfiguredCharges',
    roles: ['OABusinessUser', 'Trader'],
    summary: 'Every charge head with the section the caller deducts TDS under today (configured) or none',
    response: tdsConfiguredChargeListSchema,
  }),
  tdsAdd: defineEndpoint({
    id: 'Configuration.Tds.Add',
    method: 'POST',
    path: '/api/Configuration/Tds/Add',
    roles: ['OABusinessUser'],
    summary: 'Declare TDS on a charge head under a section from an effective date (today or later)',
    body: tdsConfigInputSchema,
    response: tdsConfigSchema,
  }),
  tdsUpdate: defineEndpoint({
    id: 'Configuration.Tds.Update',
    method: 'PATCH',
    path: '/api/Configuration/Tds/Update/:id',
    roles: ['OABusinessUser'],
    summary: 'Change one of the caller’s declarations that has not taken effect yet',
    params: idParams,
    body: tdsConfigInputSchema,
    response: tdsConfigSchema,
  }),
  tdsInterestAdd: defineEndpoint({
    id: 'Configuration.Tds.InterestPercentage.Add',
    method: 'POST',
    path: '/api/Configuration/Tds/InterestPercentage/Add',
    roles: ['Admin'],
    summary: 'Set the interest per month on late TDS deposit from an effective date (today or later)',
    body: tdsInterestInputSchema,
    response: tdsInterestSchema,
  }),
  tdsInterestUpdate: defineEndpoint({
    id: 'Configuration.Tds.InterestPercentage.Update',
    method: 'PATCH',
    path: '/api/Configuration/Tds/InterestPercentage/Update/:id',
    roles: ['Admin'],
    summary: 'Change an interest percentage that has not taken effect yet',
    params: idParams,
    body: tdsInterestInputSchema,
    response: tdsInterestSchema,
  }),
  isTdsConfigured: defineEndpoint({
    id: 'Configuration.Tds.IsTDSConfigured',
    method: 'GET',
    path: '/api/Configuration/Tds/IsTDSConfigured',
    roles: ['OABusinessUser', 'Trader'],
    summary: 'Whether the signed-in payer deducts TDS on at least one charge head today',
    response: z.boolean(),
  }),
} as const;
