import type { FastifyInstance, FastifyRequest } from 'fastify';

import { applicationEndpoints as e } from '@stoa/shared/applications';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import { openAccessDownloadRoute } from './applications.download';
import type { ApplicationsService } from './applications.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

/** STOA applications, phase 1 (spec 001 §7 Application; docs/api.md 'Applications (issue 5, phase 1)'). */
export function applicationsRoutes(app: FastifyInstance, { applications: s }: { applications: ApplicationsService }) {
  route(app, e.submit, (req) => s.submit(currentUser(req), req.params.type, req.body, meta(req)));
  route(app, e.getAll, (req) => s.list(currentUser(req), { kind: 'sldc', type: req.params.type }, req.query));
  route(app, e.getAppliedApplications, (req) => s.list(currentUser(req), { kind: 'own' }, req.query));
  route(app, e.get, (req) => s.detail(currentUser(req), req.params.id));
  route(app, e.approve, (req) => s.review(currentUser(req), req.params.type, req.params.id, ['Forward', 'Approve'], req.body, meta(req)));
  route(app, e.reject, (req) => s.review(currentUser(req), req.params.type, req.params.id, ['Reject'], req.body, meta(req)));
  route(app, e.seekClarification, (req) => s.review(currentUser(req), req.params.type, req.params.id, ['Return'], req.body, meta(req)));
  route(app, e.approveTraderRequest, (req) =>
    s.decideTraderRequest(currentUser(req), req.params.type, req.params.id, 'Approve', req.body, meta(req)),
  );
  route(app, e.rejectTraderRequest, (req) =>
    s.decideTraderRequest(currentUser(req), req.params.type, req.params.id, 'Reject', req.body, meta(req)),
  );
  route(app, e.updateTrader, (req) => s.updateTrader(currentUser(req), req.params.applicationId, req.params.traderId, req.body, meta(req)));
  route(app, e.getSellers, (req) => s.parties(currentUser(req), 'seller'));
  route(app, e.getBuyers, (req) => s.parties(currentUser(req), 'buyer'));
  route(app, e.getSellersForTrader, (req) => s.parties(currentUser(req), 'seller', req.query.entityType));
  route(app, e.getBuyersForTrader, (req) => s.parties(currentUser(req), 'buyer', req.query.entityType));
  route(app, e.getUserBasedTraders, (req) => s.userBasedTraders(currentUser(req)));
  route(app, e.getRemainingQuatumDetails, (req) => s.remainingQuantum(req.query));
  route(app, e.getApplicationFee, () => s.fee());
  route(app, e.isDefaulter, (req) => s.isDefaulter(currentUser(req)));
  route(app, e.getRegistrationDetail, (req) => s.registrationDetail(currentUser(req), req.params.id));
  route(app, e.getAvailableRegistrations, (req) => s.availableRegistrations(currentUser(req)));
  route(app, e.getInjectingEntityDetails, (req) => s.injectingEntityDetails(currentUser(req), req.params.id));
  route(app, e.getDraweeEntityDetails, (req) => s.draweeEntityDetails(currentUser(req), req.params.id));
  // Phase 2: processing (docs/api.md 'Applications: processing (issue 5, phase 2)').
  const p = s.processing;
  route(app, e.stoaCheck, (req) => p.stoaCheck(currentUser(req), req.params.id));
  route(app, e.processApplications, (req) => p.process(currentUser(req), req.params.type, req.params.date, meta(req)));
  route(app, e.getApplicationProcessingResult, (req) => p.result(req.params.type, req.params.processingDate));
  route(app, e.getApplicationProcessingDates, (req) => p.dates(req.query.type));
  route(app, e.approveAll, (req) =>
    p.approveAll(currentUser(req), req.params.type, req.params.processingDate, req.params.month, meta(req)),
  );
  route(app, e.getOpenAccessDetails, (req) => p.openAccessDetails(currentUser(req), req.params.applicationId));
  // Decision 0012: pro-rata allocations, the open access download, the changes since login.
  route(app, e.allocateProRata, (req) => p.previewProRata(req.body.type, req.body.date));
  route(app, e.allocateQuantumProRataBasis, (req) =>
    p.allocateQuantum(currentUser(req), req.params.type, req.params.processingDate, meta(req)),
  );
  route(app, e.getApplications, (req) => s.since(currentUser(req), req.params.type, req.params.loggedInDateTime));
  // The workbook is a file, not the envelope: registered like File/Download, with the same role check.
  openAccessDownloadRoute(app, (req, applicationId) => p.openAccessDetails(currentUser(req), applicationId));
}
