import type { FastifyInstance, FastifyRequest } from 'fastify';

import { usersEndpoints as e } from '@stoa/shared/users';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { UsersService } from './users.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id, ip: req.ip });

export function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  route(app, e.getUsers, (req) => users.find(req.query));
  route(app, e.getUser, (req) => users.get(req.params.id));
  route(app, e.addUser, (req) => users.add(currentUser(req), req.body, meta(req)));
  route(app, e.updateUser, (req) => users.update(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.enableDisable, (req) => users.enableDisable(currentUser(req), req.params.id, meta(req)));
  route(app, e.defaulter, (req) => users.toggleDefaulter(currentUser(req), req.params.id, meta(req)));
  route(app, e.resetPassword, (req) => users.resetPassword(currentUser(req), req.params.id, meta(req)));
  route(app, e.transcoDiscomGetAll, () => users.utilities());
}
