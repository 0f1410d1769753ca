import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';

import { interStateFileIdParams, interStateRegistrationEndpoints as e, interStateRegistrationIdParams } from '@stoa/shared/inter-state';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition, sendStoredFile } from '../files/files.routes';
import type { InterStateRegistrationsService } from './inter-state-registrations.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

function sendPdf(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition('attachment', fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}

/** Inter-state registration (issue 14, decision 0076; docs/api.md 'Inter-state registration'). */
export function interStateRegistrationsRoutes(
  app: FastifyInstance,
  { interStateRegistrations: s }: { interStateRegistrations: InterStateRegistrationsService },
) {
  route(app, e.getRegistrations, (req) => s.list(currentUser(req), req.query));
  route(app, e.getRegistration, (req) => s.detail(currentUser(req), req.params.id));
  route(app, e.getEligibleRegistrations, (req) => s.eligible(currentUser(req)));
  route(app, e.submitRegistration, (req) => s.submit(currentUser(req), req.body, meta(req)));
  route(app, e.approveAndForward, (req) => s.act(currentUser(req), req.params.id, 'Forward', req.body, meta(req)));
  route(app, e.approve, (req) => s.act(currentUser(req), req.params.id, 'Approve', req.body, meta(req)));
  route(app, e.seekClarification, (req) => s.act(currentUser(req), req.params.id, 'Return', req.body, meta(req)));
  route(app, e.reject, (req) => s.act(currentUser(req), req.params.id, 'Reject', req.body, meta(req)));

  // Binary answers: registered without the envelope, with the same role check as route().
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['InterState'];
  typed.route({
    method: 'GET',
    url: e.downloadRegistrationDetail.path,
    schema: { summary: e.downloadRegistrationDetail.summary, tags, params: interStateRegistrationIdParams, security },
    preValidation: requireRoles(e.downloadRegistrationDetail.roles),
    handler: async (req, reply) => {
      const { fileName, stream } = await s.detailPdf(currentUser(req), req.params.id);
      return sendPdf(reply, fileName, stream);
    },
  });
  typed.route({
    method: 'GET',
    url: e.downloadRegistrationComparison.path,
    schema: { summary: e.downloadRegistrationComparison.summary, tags, params: interStateRegistrationIdParams, security },
    preValidation: requireRoles(e.downloadRegistrationComparison.roles),
    handler: async (req, reply) => {
      const { fileName, stream } = await s.comparisonPdf(currentUser(req), req.params.id);
      return sendPdf(reply, fileName, stream);
    },
  });
  typed.route({
    method: 'GET',
    url: e.downloadFile.path,
    schema: { summary: e.downloadFile.summary, tags, params: interStateFileIdParams, security },
    preValidation: requireRoles(e.downloadFile.roles),
    handler: async (req, reply) => sendStoredFile(reply, await s.openDocument(currentUser(req), req.params.fileId), 'attachment'),
  });
}
