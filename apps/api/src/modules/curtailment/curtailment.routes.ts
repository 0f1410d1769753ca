import type { FastifyInstance, FastifyRequest } from 'fastify';

import { curtailmentEndpoints as e } from '@stoa/shared/curtailment';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { CurtailmentService } from './curtailment.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

/** Curtailment by the SLDC (issue 5; docs/api.md 'Curtailment', decision 0014). */
export function curtailmentRoutes(app: FastifyInstance, { curtailment: s }: { curtailment: CurtailmentService }) {
  route(app, e.getElements, (req) => s.elements(req.query.date));
  route(app, e.preview, (req) => s.preview(req.body));
  route(app, e.create, (req) => s.create(currentUser(req), req.body, meta(req)));
  route(app, e.getAll, (req) => s.list(currentUser(req), req.query));
  route(app, e.get, (req) => s.detail(currentUser(req), req.params.curtailmentId));
}
