import type { FastifyInstance, FastifyRequest } from 'fastify';

import { configurationEndpoints as e } from '@stoa/shared/configuration';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { ConfigurationService } from './configuration.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id });

export function configurationRoutes(app: FastifyInstance, { configuration: c }: { configuration: ConfigurationService }) {
  route(app, e.chargesGetAll, (req) => c.listCharges(req.query));
  route(app, e.chargesAdd, (req) => c.addCharge(currentUser(req), req.body, meta(req)));
  route(app, e.chargesUpdate, (req) => c.updateCharge(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.chargesDelete, (req) => c.deleteCharge(currentUser(req), req.params.id, meta(req)));
  route(app, e.holidaysGetAll, (req) => c.listHolidays(req.query.year));
  route(app, e.holidaysAdd, (req) => c.addHoliday(currentUser(req), req.body, meta(req)));
  route(app, e.holidaysUpdate, (req) => c.updateHoliday(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.holidaysDelete, (req) => c.deleteHoliday(currentUser(req), req.params.id, meta(req)));
  route(app, e.bankDetailsGetAll, () => c.listBankDetails());
  route(app, e.bankDetailsAdd, (req) => c.addBankDetail(currentUser(req), req.body, meta(req)));
  route(app, e.bankDetailsUpdate, (req) => c.updateBankDetail(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.bankDetailsDelete, (req) => c.deleteBankDetail(currentUser(req), req.params.id, meta(req)));
  route(app, e.settingsGetAll, () => c.listSettings());
  route(app, e.settingsAdd, (req) => c.addSetting(currentUser(req), req.body, meta(req)));
  route(app, e.settingsDelete, (req) => c.deleteSetting(currentUser(req), req.params.id, meta(req)));
  route(app, e.utilityAdd, (req) => c.addUtility(currentUser(req), req.body, meta(req)));
  route(app, e.utilityUpdate, (req) => c.updateUtility(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.getDues, (req) => c.findDues(currentUser(req), req.query));
}
