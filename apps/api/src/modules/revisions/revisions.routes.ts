import type { FastifyInstance, FastifyRequest } from 'fastify';

import { revisionEndpoints as e } from '@stoa/shared/revisions';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { RevisionsService } from './revisions.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

/** Schedule revisions (docs/api.md 'Revisions (issue 5)', decision 0013). */
export function revisionsRoutes(app: FastifyInstance, { revisions: s }: { revisions: RevisionsService }) {
  route(app, e.request, (req) => s.request(currentUser(req), req.body, meta(req)));
  route(app, e.getRevisableApplications, (req) => s.revisableApplications(currentUser(req), req.query));
  route(app, e.getCurrentSchedule, (req) => s.currentSchedule(currentUser(req), req.params.applicationId));
  route(app, e.getAppliedRevisions, (req) => s.list(currentUser(req), req.query));
  route(app, e.getAll, (req) => s.list(currentUser(req), req.query));
  route(app, e.get, (req) => s.detail(currentUser(req), req.params.revisionId, req.params.applicationId));
  route(app, e.approve, (req) => s.decide(currentUser(req), req.params.revisionId, 'Approve', req.body, meta(req)));
  route(app, e.reject, (req) => s.decide(currentUser(req), req.params.revisionId, 'Reject', req.body, meta(req)));
}
