import type { Readable } from 'node:stream';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { eBiddingEndpoints as e, type invitationIdParams, type invitationIdQuery, type InvitationListQuery } from '@stoa/shared/e-bidding';
import type { Endpoint } from '@stoa/shared/common';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { contentDisposition } from '../files/files.routes';
import { invitationPdf, invitationsXlsx, proposalsXlsx, XLSX_TYPE } from './e-bidding.downloads';
import type { EBiddingService } from './e-bidding.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

function sendFile(reply: FastifyReply, contentType: string, name: string, stream: Readable) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition('attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '-');

/** E-bidding (spec 000 §7; docs/api.md 'E-bidding (issue 6)'). */
export function eBiddingRoutes(app: FastifyInstance, { eBidding: s }: { eBidding: EBiddingService }) {
  route(app, e.submit, (req) => s.submitInvitation(currentUser(req as FastifyRequest), req.body, meta(req)));
  route(app, e.submitProposal, (req) => s.submitProposal(currentUser(req as FastifyRequest), req.body, meta(req)));
  route(app, e.getById, (req) => s.invitation(currentUser(req as FastifyRequest), req.query.Id));
  route(app, e.getProposalsOfInvitation, (req) => s.invitationProposals(currentUser(req as FastifyRequest), req.params.id));
  route(app, e.getProposalById, (req) =>
    s.proposalById(currentUser(req as FastifyRequest), req.params.invitationId, req.params.applicationId, req.params.id),
  );
  route(app, e.getAllInvitations, (req) => s.listInvitations(currentUser(req as FastifyRequest), req.query, 'all'));
  route(app, e.getInvitations, (req) => s.listInvitations(currentUser(req as FastifyRequest), req.query, 'own'));
  route(app, e.getProposals, (req) => s.listOwnProposals(currentUser(req as FastifyRequest), req.query));
  route(app, e.processEBiddingRequest, (req) => s.process(currentUser(req as FastifyRequest), req.body, meta(req)));
  route(app, e.getCongestedApplications, (req) => s.congestedApplications(req.query));
  route(app, e.getApplicant, (req) => s.applicant(currentUser(req as FastifyRequest), req.params.applicationId));
  route(app, e.getEbiddingDetails, (req) => s.details(currentUser(req as FastifyRequest), req.params.id));
  route(app, e.paymentGetEbiddingDetails, (req) => s.details(currentUser(req as FastifyRequest), req.params.id));

  // Binary answers: registered without the envelope, with the same role check as route().
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const binary = <E extends Endpoint>(endpoint: E, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    typed.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: ['EBidding'],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        security: [{ bearerAuth: [] }],
      },
      preValidation: requireRoles(endpoint.roles),
      handler,
    });

  binary(e.downloadById, async (req, reply) => {
    const { Id } = req.query as z.output<typeof invitationIdQuery>;
    const { detail, generatedAt } = await s.forDownload(currentUser(req), Id);
    return sendFile(
      reply,
      'application/pdf',
      `e-bidding-invitation-${safe(detail.bidInvitationNo)}.pdf`,
      invitationPdf(detail, generatedAt),
    );
  });
  binary(e.downloadAllInvitations, async (req, reply) => {
    const q = req.query as Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>;
    const rows = await s.invitationRowsForDownload(currentUser(req), q, 'all');
    return sendFile(reply, XLSX_TYPE, 'e-bidding-invitations.xlsx', invitationsXlsx(rows, false));
  });
  binary(e.downloadInvitations, async (req, reply) => {
    const q = req.query as Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>;
    const rows = await s.invitationRowsForDownload(currentUser(req), q, 'own');
    return sendFile(reply, XLSX_TYPE, 'e-bidding-invitations.xlsx', invitationsXlsx(rows, true));
  });
  binary(e.downloadProposals, async (req, reply) => {
    const { id } = req.params as z.output<typeof invitationIdParams>;
    const view = await s.invitationProposals(currentUser(req), id);
    return sendFile(reply, XLSX_TYPE, `e-bidding-proposals-${safe(view.bidInvitationNo)}.xlsx`, proposalsXlsx(view.proposalList));
  });
}
