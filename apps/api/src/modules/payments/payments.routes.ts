import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import {
  paymentEndpoints as pe,
  paymentIdParams,
  type refundDownloadQuerySchema,
  refundEndpoints as re,
  tdsChallanEndpoints as tc,
  tdsEndpoints as e,
} from '@stoa/shared/payments';

import { currentUser, requireRoles } from '../../platform/auth';
import { route } from '../../platform/routes';
import { XLSX_CONTENT_TYPE } from '../applications/applications.download';
import { contentDisposition } from '../files/files.routes';
import type { PaymentsService } from './payments.service';
import { reconciliationRoutes } from './reconciliation.routes';

const meta = (req: FastifyRequest) => ({ requestId: req.id });

export function paymentsRoutes(
  app: FastifyInstance,
  { payments: p, publicRateLimit }: { payments: PaymentsService; publicRateLimit?: number },
) {
  route(app, e.tdsGetAll, (req) => p.listTdsConfigs(currentUser(req), req.query));
  route(app, e.tdsInterestGetAll, (req) => p.listTdsInterest(req.query));
  route(app, e.tdsGetConfiguredCharges, (req) => p.configuredCharges(currentUser(req)));
  route(app, e.tdsAdd, (req) => p.addTdsConfig(currentUser(req), req.body, meta(req)));
  route(app, e.tdsUpdate, (req) => p.updateTdsConfig(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.tdsInterestAdd, (req) => p.addTdsInterest(currentUser(req), req.body, meta(req)));
  route(app, e.tdsInterestUpdate, (req) => p.updateTdsInterest(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, e.isTdsConfigured, (req) => p.isTdsConfigured(currentUser(req)));

  route(app, pe.getPaymentList, (req) => p.listPayments(currentUser(req), req.query));
  route(app, pe.getPaymentDetails, (req) => p.paymentDetails(currentUser(req), req.params.id));
  route(app, pe.makePayment, (req) => p.makePayment(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, pe.approvePayment, (req) => p.approvePayment(currentUser(req), req.params.id, req.body, meta(req)));
  route(app, pe.revertPayment, (req) => p.revertPayment(currentUser(req), req.params.id, req.body, meta(req)));
  reconciliationRoutes(app, { payments: p });

  route(app, re.getRefundDetails, (req) => p.listRefunds(currentUser(req), req.query));
  route(app, re.getRefundHistory, (req) => p.refundHistory(currentUser(req), req.params.applicationId));
  route(app, re.makeRefund, (req) => p.makeRefund(currentUser(req), req.body, meta(req)));
  route(app, re.approveRefund, (req) => p.approveRefund(currentUser(req), req.params.refundId, req.body, meta(req)));
  route(app, re.returnRefund, (req) => p.returnRefund(currentUser(req), req.params.refundId, req.body, meta(req)));
  // The refund list as Excel: a streamed file, registered without the envelope like the receipt below.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: re.downloadRefundDetails.path,
    schema: {
      summary: re.downloadRefundDetails.summary,
      tags: ['Payment'],
      querystring: re.downloadRefundDetails.query,
      security: [{ bearerAuth: [] }],
    },
    preValidation: requireRoles(re.downloadRefundDetails.roles),
    handler: async (req, reply) =>
      reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', 'refunds.xlsx'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(p.refundsWorkbook(currentUser(req), req.query as z.output<typeof refundDownloadQuerySchema>)),
  });
  route(app, tc.getMonthlyTdsList, (req) => p.listMonthlyTds(currentUser(req), req.query));
  route(app, tc.getTdsDetails, (req) => p.tdsDetails(currentUser(req), req.params.applicationId));
  route(app, tc.makeTdsPayment, (req) => p.makeTdsPayment(currentUser(req), req.body, meta(req)));
  route(app, tc.approveTdsPayment, (req) => p.approveTdsPayment(currentUser(req), req.params.paymentId, req.body, meta(req)));
  route(app, tc.revertTdsPayment, (req) => p.revertTdsPayment(currentUser(req), req.params.paymentId, req.body, meta(req)));

  // The public receipt check: no sign-in, so limited per address like the other public calls (decision 0049).
  route(
    app,
    pe.verifyReceipt,
    (req) => p.verifyReceipt(req.params.code),
    publicRateLimit ? { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } } : {},
  );
  // The receipt PDF: a binary answer, registered without the envelope, with the same role check as route().
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: pe.downloadReceipt.path,
    schema: { summary: pe.downloadReceipt.summary, tags: ['Payment'], params: paymentIdParams, security: [{ bearerAuth: [] }] },
    preValidation: requireRoles(pe.downloadReceipt.roles),
    handler: async (req, reply) => {
      const { fileName, stream } = await p.receiptPdf(currentUser(req), req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('attachment', fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  });
}
