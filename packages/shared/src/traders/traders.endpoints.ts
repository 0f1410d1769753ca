import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import {
  addTraderSchema,
  associatedEntityListSchema,
  associatedEntityQuerySchema,
  registeredTraderListSchema,
  traderRegistrationListSchema,
} from './traders.schemas';

const idParams = z.object({ id: z.string().uuid('Invalid id') });

/** Trader management (spec 001 §7): the applicant's traders and the trader's applicants. */
export const traderEndpoints = {
  getAllRegisteredTraders: defineEndpoint({
    id: 'TraderManagement.GetAllRegisteredTraders',
    method: 'GET',
    path: '/api/TraderManagement/GetAllRegisteredTraders',
    roles: ['OABusinessUser'],
    summary: 'Traders with an approved registration not yet added by the caller (id, description)',
    response: registeredTraderListSchema,
  }),
  userBasedTradersGetAll: defineEndpoint({
    id: 'TraderManagement.UserBasedTraders.GetAll',
    method: 'GET',
    path: '/api/TraderManagement/UserBasedTraders/GetAll',
    roles: ['OABusinessUser'],
    summary: 'The signed-in applicant traders',
    query: associatedEntityQuerySchema.pick({ pageNumber: true, pageSize: true }),
    response: traderRegistrationListSchema,
  }),
  traderBasedOnUserAdd: defineEndpoint({
    id: 'TraderManagement.TraderBasedOnUser.Add',
    method: 'POST',
    path: '/api/TraderManagement/TraderBasedOnUser/Add',
    roles: ['OABusinessUser'],
    summary: 'Add a trader (data false when already added)',
    body: addTraderSchema,
    response: z.boolean(),
  }),
  userBasedTradersDelete: defineEndpoint({
    id: 'TraderManagement.UserBasedTraders.Delete',
    method: 'PATCH',
    path: '/api/TraderManagement/UserBasedTraders/Delete/:id',
    roles: ['OABusinessUser'],
    summary: 'Remove a trader from the applicant list',
    params: idParams,
    response: z.boolean(),
  }),
  entityBasedOnTraderGetAll: defineEndpoint({
    id: 'TraderManagement.EntityBasedOnTrader.GetAll',
    method: 'GET',
    path: '/api/TraderManagement/EntityBasedOnTrader/GetAll',
    roles: ['Trader'],
    summary: 'Approved applicants associated with the signed-in trader, filtered and paged',
    query: associatedEntityQuerySchema,
    response: associatedEntityListSchema,
  }),
} as const;
