import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';

import { ENTITY_TYPES } from '@stoa/shared/account';
import {
  getEntityRegistrationEndpoints,
  getEntityRegistrationsEndpoints,
  registrationEndpoints as e,
  registrationIdParams,
  renewEntityRegistrationEndpoints,
  submitEntityRegistrationEndpoints,
  type WorkflowAction,
} from '@stoa/shared/registrations';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition } from '../files/files.routes';
import { registrationComparisonPdf, registrationDetailPdf } from './registrations.pdf';
import type { RegistrationsService } from './registrations.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

function sendPdf(reply: FastifyReply, name: string, stream: Readable) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition('attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}

/** `registration-REG-BE-2026-00001.pdf`, or the id before a number is issued. */
const pdfName = (detail: { id: string; registrationNo: string | null }, suffix = '') =>
  `registration-${(detail.registrationNo ?? detail.id).replace(/[^A-Za-z0-9-]+/g, '-')}${suffix}.pdf`;

export function registrationsRoutes(app: FastifyInstance, { registrations: s }: { registrations: RegistrationsService }) {
  for (const t of ENTITY_TYPES) {
    route(app, getEntityRegistrationsEndpoints[t], (req) => s.list(currentUser(req), req.query, { kind: 'registrations', entityType: t }));
    route(app, getEntityRegistrationEndpoints[t], (req) => s.detail(currentUser(req), req.params.id, t));
    route(app, submitEntityRegistrationEndpoints[t], (req) => s.submit(currentUser(req), t, req.body, meta(req)));
    route(app, renewEntityRegistrationEndpoints[t], (req) => s.renew(currentUser(req), t, req.body, meta(req)));
  }
  route(app, e.getRegistrations, (req) => s.list(currentUser(req), req.query, { kind: 'registrations' }));
  route(app, e.getTranscoDiscomRegistrations, (req) => s.list(currentUser(req), req.query, { kind: 'all' }));
  route(app, e.getRenewalRegistrations, (req) => s.list(currentUser(req), req.query, { kind: 'renewals' }));

  const actions: [typeof e.approveAndForward, WorkflowAction][] = [
    [e.approveAndForward, 'Forward'],
    [e.approve, 'Approve'],
    [e.reject, 'Reject'],
    [e.seekClarification, 'Return'],
  ];
  for (const [endpoint, action] of actions) {
    route(app, endpoint, (req) => s.act(currentUser(req), req.params.id, req.params.type, action, req.body, meta(req)));
  }
  route(app, e.editTraderDetails, (req) => s.editTraderDetails(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.getFileValidationDetails, (req) => s.fileValidationDetails(currentUser(req), req.params.id, req.params.type));
  route(app, e.getMandatoryCheckDetails, (req) => s.mandatoryChecks(currentUser(req), req.params.id));
  route(app, e.getTranscos, () => s.utilities('TRANSCO'));
  route(app, e.getDiscoms, () => s.utilities('DISCOM'));
  route(app, e.getTranscosDiscoms, () => s.utilities());
  route(app, e.getRegistrationFee, () => s.fee('REGISTRATION_FEE'));
  route(app, e.getRenewalFee, () => s.fee('RENEWAL_FEE'));
  route(app, e.getCharges, () => s.charges());

  // Binary answers: registered without the envelope, with the same role check as route().
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  typed.route({
    method: 'GET',
    url: e.downloadRegistrationDetail.path,
    schema: { summary: e.downloadRegistrationDetail.summary, tags: ['Registration'], params: registrationIdParams, security },
    preValidation: requireRoles(e.downloadRegistrationDetail.roles),
    handler: async (req, reply) => {
      const { current, generatedAt } = await s.forDownload(currentUser(req), req.params.id, false);
      return sendPdf(reply, pdfName(current), registrationDetailPdf({ detail: current, generatedAt }));
    },
  });
  typed.route({
    method: 'GET',
    url: e.downloadRegistrationComparison.path,
    schema: { summary: e.downloadRegistrationComparison.summary, tags: ['Registration'], params: registrationIdParams, security },
    preValidation: requireRoles(e.downloadRegistrationComparison.roles),
    handler: async (req, reply) => {
      const { current, previous, generatedAt } = await s.forDownload(currentUser(req), req.params.id, true);
      return sendPdf(reply, pdfName(current, '-comparison'), registrationComparisonPdf({ current, previous: previous!, generatedAt }));
    },
  });
}
