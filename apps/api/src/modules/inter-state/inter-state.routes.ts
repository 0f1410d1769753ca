import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  interStateConsentEndpoints as ic,
  interStateConsentIdParams,
  standingClearanceEndpoints as e,
  standingClearanceIdParams,
} from '@stoa/shared/inter-state';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition } from '../files/files.routes';
import type { InterStateService } from './inter-state.service';

const meta = (req: Pick<FastifyRequest, 'id'>) => ({ requestId: req.id });

/** Standing clearances (issue 14; docs/api.md 'Standing clearance', decision 0060) and consents for inter-state STOA (decision 0068). */
export function interStateRoutes(
  app: FastifyInstance,
  { interState: s, publicRateLimit }: { interState: InterStateService; publicRateLimit?: number },
) {
  route(app, e.getAll, (req) => s.list(currentUser(req), req.query));
  route(app, e.get, (req) => s.detail(currentUser(req), req.params.id));
  route(app, e.getFee, () => s.fee());
  route(app, e.apply, (req) => s.apply(currentUser(req), req.body, meta(req)));
  route(app, e.forward, (req) => s.decide(currentUser(req), req.params.id, 'Forward', req.body, meta(req)));
  route(app, e.consent, (req) => s.decide(currentUser(req), req.params.id, 'Consent', req.body, meta(req)));
  route(app, e.refuseConsent, (req) => s.decide(currentUser(req), req.params.id, 'RefuseConsent', req.body, meta(req)));
  route(app, e.issue, (req) => s.decide(currentUser(req), req.params.id, 'Issue', req.body, meta(req)));
  route(app, e.refuse, (req) => s.decide(currentUser(req), req.params.id, 'Refuse', req.body, meta(req)));
  route(app, e.revoke, (req) => s.decide(currentUser(req), req.params.id, 'Revoke', req.body, meta(req)));
  route(app, e.uploadUtilisation, (req) => s.uploadUtilisation(currentUser(req), req.body.fileId, meta(req)));
  route(app, e.uploadNoarSchedule, (req) => s.uploadNoarSchedule(currentUser(req), req.body.fileId, meta(req)));
  route(app, e.getUtilisation, (req) => s.utilisation(currentUser(req), req.params.id));
  // Consent for inter-state STOA transactions (decision 0068).
  route(app, ic.getAll, (req) => s.listConsents(currentUser(req), req.query));
  route(app, ic.get, (req) => s.consentDetail(currentUser(req), req.params.id));
  route(app, ic.apply, (req) => s.applyConsent(currentUser(req), req.body, meta(req)));
  route(app, ic.forward, (req) => s.decideConsent(currentUser(req), req.params.id, 'Forward', req.body, meta(req)));
  route(app, ic.consent, (req) => s.decideConsent(currentUser(req), req.params.id, 'Consent', req.body, meta(req)));
  route(app, ic.refuse, (req) => s.decideConsent(currentUser(req), req.params.id, 'Refuse', req.body, meta(req)));
  route(app, ic.revoke, (req) => s.revokeConsent(currentUser(req), req.params.id, req.body, meta(req)));
  // The public certificate check: no sign-in, so limited per address like the other public calls (decision 0049).
  const limited = publicRateLimit ? { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } } : {};
  route(app, e.verify, (req) => s.verify(req.params.code), limited);
  route(app, ic.verify, (req) => s.verifyConsent(req.params.code), limited);
  // The certificate PDFs: binary answers, registered without the envelope, with the same role check as route().
  const pdfRoute = (
    endpoint: typeof e.downloadCertificate | typeof ic.downloadCertificate,
    tag: string,
    params: typeof standingClearanceIdParams | typeof interStateConsentIdParams,
    make: (req: FastifyRequest<{ Params: { id: string } }>) => Promise<{ fileName: string; stream: NodeJS.ReadableStream }>,
  ) =>
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: endpoint.path,
      schema: { summary: endpoint.summary, tags: [tag], params, security: [{ bearerAuth: [] }] },
      preValidation: requireRoles(endpoint.roles),
      handler: async (req, reply) => {
        const { fileName, stream } = await make(req as FastifyRequest<{ Params: { id: string } }>);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition('attachment', fileName))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    });
  pdfRoute(e.downloadCertificate, 'StandingClearance', standingClearanceIdParams, (req) =>
    s.certificatePdf(currentUser(req), req.params.id),
  );
  pdfRoute(ic.downloadCertificate, 'InterStateConsent', interStateConsentIdParams, (req) =>
    s.consentCertificatePdf(currentUser(req), req.params.id),
  );
}
