import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { istDate } from '@stoa/shared/common';
import { type paymentListExportQuerySchema, reconciliationEndpoints as e } from '@stoa/shared/payments';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { XLSX_CONTENT_TYPE } from '../applications/applications.download';
import { contentDisposition } from '../files/files.routes';
import { paymentListFileName } from './payment-list-export';
import type { PaymentsService } from './payments.service';

const meta = (req: FastifyRequest) => ({ requestId: req.id });

/** Reconciliation, e-bidding payments and the payment list export (decision 0055). */
export function reconciliationRoutes(app: FastifyInstance, { payments: p }: { payments: PaymentsService }) {
  const r = p.reconciliation;
  route(app, e.getReconciliationSummary, () => r.summary());
  route(app, e.uploadBankStatement, (req) => r.uploadBankStatement(currentUser(req), req.body.fileId, meta(req)));
  route(app, e.getBankStatement, () => r.lastBankStatement());
  route(app, e.getEbiddingList, (req) => r.ebiddingList(currentUser(req), req.query));
  route(app, e.getDefaulterHistory, (req) => r.defaulterHistory(currentUser(req), req.query));

  // The workbook is a file, not the envelope: registered like DownloadOpenAccessDetails, with the same role check.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: e.downloadPaymentList.path,
    schema: {
      summary: e.downloadPaymentList.summary,
      tags: ['Payment'],
      querystring: e.downloadPaymentList.query,
      security: [{ bearerAuth: [] }],
    },
    preValidation: requireRoles(e.downloadPaymentList.roles),
    handler: async (req, reply) => {
      const q = req.query as z.output<typeof paymentListExportQuerySchema>;
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', paymentListFileName(istDate(new Date()))))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(r.paymentListWorkbook(currentUser(req), q));
    },
  });
}
