import type { FastifyInstance, FastifyRequest } from 'fastify';

import { traderEndpoints as e } from '@stoa/shared/traders';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { TradersService } from './traders.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id, ip: req.ip });

/** TraderManagement (spec 001 §7): the applicant's traders and the trader's applicants. */
export function tradersRoutes(app: FastifyInstance, { traders }: { traders: TradersService }) {
  route(app, e.getAllRegisteredTraders, (req) => traders.findRegisteredTraders(currentUser(req)));
  route(app, e.userBasedTradersGetAll, (req) => traders.findTradersOfApplicant(currentUser(req), req.query));
  route(app, e.traderBasedOnUserAdd, (req) => traders.addTrader(currentUser(req), req.body, meta(req)));
  route(app, e.userBasedTradersDelete, (req) => traders.removeTrader(currentUser(req), req.params.id, meta(req)));
  route(app, e.entityBasedOnTraderGetAll, (req) => traders.findApplicantsOfTrader(currentUser(req), req.query));
}
