import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import { dashboardSchema } from './dashboard.schemas';

/** The role dashboard on /landing (spec 000 §2 "a dashboard that differs by role"; issue 15). */
export const dashboardEndpoints = {
  getWaitingWork: defineEndpoint({
    id: 'Dashboard.GetWaitingWork',
    method: 'GET',
    path: '/api/Dashboard/GetWaitingWork',
    roles: ALL,
    summary:
      'What waits for the signed-in user: per status they act in (and per application type for the SLDC roles), the count of the list the link opens, and the consent clock of DISCOM/TRANSCO users; the Admin: users pending first login, disabled and defaulters, recurring jobs failed or late',
    response: dashboardSchema,
  }),
} as const;
