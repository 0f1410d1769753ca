import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { atcEndpoints as e, type atcTemplateQuerySchema } from '@stoa/shared/atc';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition } from '../files/files.routes';
import type { AtcService } from './atc.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

export function atcRoutes(app: FastifyInstance, { atc }: { atc: AtcService }) {
  route(app, e.validateUpload, (req) => atc.validate(currentUser(req as FastifyRequest), req.body.fileId));
  route(app, e.upload, (req) =>
    atc.upload(currentUser(req as FastifyRequest), req.params.mode, req.body.fileId, meta(req), {
      confirmNewElements: req.body.confirmNewElements,
    }),
  );
  route(app, e.getMargins, (req) => atc.getMargins(req.params.mode, req.query));
  route(app, e.updateMargin, (req) => atc.updateMargin(currentUser(req as FastifyRequest), req.params.id, req.body, meta(req)));
  route(app, e.getUploads, (req) => atc.getUploads(req.params.mode, req.query));

  // The template is a file, not the envelope: registered like File/Download, with the same role check.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: e.downloadTemplate.path,
    schema: { summary: e.downloadTemplate.summary, tags: ['Atc'], querystring: e.downloadTemplate.query, security: [{ bearerAuth: [] }] },
    preValidation: requireRoles(e.downloadTemplate.roles),
    handler: async (req, reply) => {
      const { format } = req.query as z.output<typeof atcTemplateQuerySchema>;
      const file = atc.template(format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  });
}
