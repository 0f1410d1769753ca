import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import {
  approveRefundInputSchema,
  makeRefundInputSchema,
  refundDetailsQuerySchema,
  refundDetailsSchema,
  refundDownloadQuerySchema,
  refundHistoryParams,
  refundHistorySchema,
  refundIdParams,
  refundSchema,
  returnRefundInputSchema,
} from './refunds.schemas';

const PAYERS = ['OABusinessUser', 'Trader'] as const;
const SLDC = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const;
const APPROVERS = ['SLDCApproverI', 'SLDCApproverII'] as const;

/**
 * Refunds (spec 001 §7 Payment, issue 13, decision 0054): GetRefundDetails, MakeRefund (maker: the
 * SLDC business user) and GetRefundHistory are the spec's; the checker's two calls (an SLDC approver)
 * and the Excel export follow the Payment/* naming (ApproveTDSPayment / RevertTDSPayment).
 */
export const refundEndpoints = {
  getRefundDetails: defineEndpoint({
    id: 'Payment.GetRefundDetails',
    method: 'GET',
    path: '/api/Payment/GetRefundDetails',
    roles: [...PAYERS, ...SLDC],
    summary:
      "Refundable items (over-payment credits, curtailment refunds) with their refunds, paged; a payer sees its own, the SLDC every payer's",
    query: refundDetailsQuerySchema,
    response: refundDetailsSchema,
  }),
  downloadRefundDetails: defineEndpoint({
    id: 'Payment.DownloadRefundDetails',
    method: 'GET',
    path: '/api/Payment/DownloadRefundDetails',
    roles: [...PAYERS, ...SLDC],
    summary: 'The refund list with the same filters as an Excel workbook, streamed',
    query: refundDownloadQuerySchema,
    response: z.unknown(),
    binary: true,
  }),
  makeRefund: defineEndpoint({
    id: 'Payment.MakeRefund',
    method: 'POST',
    path: '/api/Payment/MakeRefund',
    roles: ['SLDCBusinessUser'],
    summary: "Propose a refund of a refundable item (at most its balance) to the payer's registered bank account; it awaits an approver",
    body: makeRefundInputSchema,
    response: refundSchema,
  }),
  approveRefund: defineEndpoint({
    id: 'Payment.ApproveRefund',
    method: 'POST',
    path: '/api/Payment/ApproveRefund/:refundId',
    roles: [...APPROVERS],
    summary: 'Approve a pending refund (refundId) and record its payout reference and date',
    params: refundIdParams,
    body: approveRefundInputSchema,
    response: refundSchema,
  }),
  returnRefund: defineEndpoint({
    id: 'Payment.ReturnRefund',
    method: 'POST',
    path: '/api/Payment/ReturnRefund/:refundId',
    roles: [...APPROVERS],
    summary: 'Return a pending refund (refundId) to the maker with remarks; its amount is refundable again',
    params: refundIdParams,
    body: returnRefundInputSchema,
    response: refundSchema,
  }),
  getRefundHistory: defineEndpoint({
    id: 'Payment.GetRefundHistory',
    method: 'GET',
    path: '/api/Payment/GetRefundHistory/:applicationId',
    roles: [...PAYERS, ...SLDC],
    summary: 'Every refund of one record (applicationId: the application, or the record of a credit) with each step, who and when',
    params: refundHistoryParams,
    response: refundHistorySchema,
  }),
} as const;
