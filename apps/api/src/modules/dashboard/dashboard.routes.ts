import type { FastifyInstance } from 'fastify';

import { dashboardEndpoints as e } from '@stoa/shared/dashboard';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import { type DashboardDeps, waitingWork } from './waiting-work';

/** The role dashboard of /landing (issue 15). */
export function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  route(app, e.getWaitingWork, (req) => waitingWork(deps, currentUser(req)));
}
