import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { REPORTS, reportEndpointsOf, type ReportFormat } from '@stoa/shared/reports';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition } from '../files/files.routes';
import { reportDownload, reportPage, type ReportsDeps } from './reports.service';

/**
 * Two routes per report of the registry (decision 0066): the page (in the envelope) and the download
 * (the file itself, registered without the envelope like the other exports, with the same role check).
 */
export function reportsRoutes(app: FastifyInstance, deps: ReportsDeps) {
  for (const def of REPORTS) {
    const e = reportEndpointsOf(def.apiName);
    route(app, e.get, (req) =>
      reportPage(deps, currentUser(req), def, req.query as Record<string, unknown> & { pageNumber: number; pageSize: number }),
    );
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: e.download.path,
      schema: { summary: e.download.summary, tags: ['Report'], querystring: e.download.query, security: [{ bearerAuth: [] }] },
      preValidation: requireRoles(e.download.roles),
      handler: async (req, reply) => {
        const file = await reportDownload(deps, currentUser(req), def, req.query as Record<string, unknown> & { format: ReportFormat });
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', contentDisposition('attachment', file.fileName))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      },
    });
  }
}
