import type { FastifyInstance, FastifyRequest } from 'fastify';

import { paymentEndpoints as pe, tdsEndpoints as e } from '@stoa/shared/payments';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { PaymentsService } from './payments.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id });

export function paymentsRoutes(app: FastifyInstance, { payments: p }: { payments: PaymentsService }) {
  route(app, e.tdsGetAll, (req) => p.listTdsConfigs(currentUser(req), req.query));
  route(app, e.tdsInterestGetAll, (req) => p.listTdsInterest(req.query));
  route(app, e.tdsGetConfiguredCharges, (req) => p.configuredCharges(currentUser(req)));
  route(app, e.tdsAdd, (req) => p.addTdsConfig(currentUser(req), req.body, meta(req)));
  route(app, e.tdsUpdate, (req) => p.updateTdsConfig(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.tdsInterestAdd, (req) => p.addTdsInterest(currentUser(req), req.body, meta(req)));
  route(app, e.tdsInterestUpdate, (req) => p.updateTdsInterest(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.isTdsConfigured, (req) => p.isTdsConfigured(currentUser(req)));

  route(app, pe.getPaymentList, (req) => p.listPayments(currentUser(req), req.query));
  route(app, pe.getPaymentDetails, (req) => p.paymentDetails(currentUser(req), req.params.id));
  route(app, pe.makePayment, (req) => p.makePayment(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, pe.approvePayment, (req) => p.approvePayment(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, pe.revertPayment, (req) => p.revertPayment(currentUser(req), req.params.id, req.body, meta(req)));
}
