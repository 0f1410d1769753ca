import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import { pageQuerySchema } from '../common/pagination';
import { defaulterHistoryQuerySchema, defaulterHistorySchema } from './defaulters.schemas';
import {
  bankStatementBodySchema,
  bankStatementSchema,
  ebiddingListSchema,
  lastBankStatementSchema,
  paymentListExportQuerySchema,
  reconciliationSummarySchema,
} from './reconciliation.schemas';

const PAYERS = ['OABusinessUser', 'Trader'] as const;
const SLDC = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const;

/**
 * Reconciliation, e-bidding payments and the payment list export (issue 13, decision 0055). The
 * specification leaves these paths open: they are named like the Payment calls. The e-bidding details
 * of one application are spec 001 §7's Payment/GetEbiddingDetails/{applicationId} (e-bidding module).
 */
export const reconciliationEndpoints = {
  getReconciliationSummary: defineEndpoint({
    id: 'Payment.GetReconciliationSummary',
    method: 'GET',
    path: '/api/Payment/GetReconciliationSummary',
    roles: [...SLDC],
    summary: 'Totals due, received, pending approval, outstanding, overdue and refunds pending (credits held), by month and charge head',
    response: reconciliationSummarySchema,
  }),
  uploadBankStatement: defineEndpoint({
    id: 'Payment.UploadBankStatement',
    method: 'POST',
    path: '/api/Payment/UploadBankStatement',
    roles: ['SLDCBusinessUser'],
    summary:
      'Match an uploaded bank statement (fileId of a csv/xlsx: Date, UTR, Amount, Narration) to the payments pending approval by UTR and amount; kept as the last statement',
    body: bankStatementBodySchema,
    response: bankStatementSchema,
  }),
  getBankStatement: defineEndpoint({
    id: 'Payment.GetBankStatement',
    method: 'GET',
    path: '/api/Payment/GetBankStatement',
    roles: [...SLDC],
    summary: 'The last uploaded bank statement with its matching, the payments’ statuses read afresh; null before the first',
    response: lastBankStatementSchema,
  }),
  downloadPaymentList: defineEndpoint({
    id: 'Payment.DownloadPaymentList',
    method: 'GET',
    path: '/api/Payment/DownloadPaymentList',
    roles: [...PAYERS, ...SLDC],
    summary: 'GetPaymentList with the same filters as an Excel workbook (.xlsx), every row, streamed',
    query: paymentListExportQuerySchema,
    response: z.unknown(),
    binary: true,
  }),
  getEbiddingList: defineEndpoint({
    id: 'Payment.GetEbiddingList',
    method: 'GET',
    path: '/api/Payment/GetEbiddingList',
    roles: [...PAYERS],
    summary:
      'The caller’s e-bidding allocations (invitation, allocated quantum, applicable price) with the price due on each, paid and balance, paged, newest first',
    query: pageQuerySchema,
    response: ebiddingListSchema,
  }),
  getDefaulterHistory: defineEndpoint({
    id: 'Payment.GetDefaulterHistory',
    method: 'GET',
    path: '/api/Payment/GetDefaulterHistory',
    roles: [...PAYERS, ...SLDC, 'Admin'],
    summary:
      'When a payer became a defaulter and when it was cleared, by the automatic rule (which dues, how overdue) or by the Admin; newest first, paged; a payer reads its own (decision 0078)',
    query: defaulterHistoryQuerySchema,
    response: defaulterHistorySchema,
  }),
} as const;
