import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { manualsEndpoints as e } from '@stoa/shared/configuration';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { sendStoredFile } from '../files/files.routes';
import type { ManualsService } from './manuals.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id, ip: req.ip });

export function manualsRoutes(app: FastifyInstance, { manuals }: { manuals: ManualsService }) {
  route(app, e.manualsGetAll, () => manuals.list());
  route(app, e.manualsSave, (req) => manuals.save(currentUser(req), req.body, meta(req)));
  route(app, e.paymentDetailsGetAll, () => manuals.listPaymentDetails());
  route(app, e.paymentDetailsUpdate, (req) => manuals.updatePaymentDetail(currentUser(req), req.body, meta(req)));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: e.downloadManual.path,
    schema: { summary: e.downloadManual.summary, tags: ['File'], querystring: e.downloadManual.query, security: [{ bearerAuth: [] }] },
    preValidation: requireRoles(e.downloadManual.roles),
    // The manual is chosen from the signed-in user (role, or entity type for an OA applicant);
    // `entitityType` is accepted as the web sends it, but never lets a user pick another's manual.
    handler: async (req, reply) => sendStoredFile(reply, await manuals.openForUser(currentUser(req)), 'attachment'),
  });
}
