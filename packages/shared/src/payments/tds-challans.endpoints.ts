import { defineEndpoint } from '../common/endpoint';
import {
  approveTdsPaymentInputSchema,
  makeTdsPaymentInputSchema,
  monthlyTdsListSchema,
  monthlyTdsQuerySchema,
  revertTdsPaymentInputSchema,
  tdsChallanSchema,
  tdsDetailsParams,
  tdsDetailsSchema,
  tdsPaymentIdParams,
} from './tds-challans.schemas';

const PAYERS = ['OABusinessUser', 'Trader'] as const;
const SLDC = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const;

/**
 * TDS challans (spec 001 §7 Payment, issue 13, decision 0053): the payer uploads the challan of a
 * month's TDS, the SLDC business user approves or reverts it (maker-checker); approvers read.
 */
export const tdsChallanEndpoints = {
  getMonthlyTdsList: defineEndpoint({
    id: 'Payment.GetMonthlyTDSList',
    method: 'GET',
    path: '/api/Payment/GetMonthlyTDSList',
    roles: [...PAYERS, ...SLDC],
    summary: "TDS deducted per payer and month with its challans, interest and status, paged; a payer sees its own, the SLDC every payer's",
    query: monthlyTdsQuerySchema,
    response: monthlyTdsListSchema,
  }),
  getTdsDetails: defineEndpoint({
    id: 'Payment.GetTDSDetails',
    method: 'GET',
    path: '/api/Payment/GetTDSDetails/:applicationId',
    roles: [...PAYERS, ...SLDC],
    summary: 'The TDS lines of the payments against the dues of one application (or other record)',
    params: tdsDetailsParams,
    response: tdsDetailsSchema,
  }),
  makeTdsPayment: defineEndpoint({
    id: 'Payment.MakeTDSPayment',
    method: 'POST',
    path: '/api/Payment/MakeTDSPayment',
    roles: [...PAYERS],
    summary: 'Upload the challan of TDS deposited for a month (challan number, BSR code, date, amount, file); it awaits the SLDC',
    body: makeTdsPaymentInputSchema,
    response: tdsChallanSchema,
  }),
  approveTdsPayment: defineEndpoint({
    id: 'Payment.ApproveTDSPayment',
    method: 'POST',
    path: '/api/Payment/ApproveTDSPayment/:paymentId',
    roles: ['SLDCBusinessUser'],
    summary: 'Approve a pending TDS challan (paymentId); a late one raises its interest as a due of the payer',
    params: tdsPaymentIdParams,
    body: approveTdsPaymentInputSchema,
    response: tdsChallanSchema,
  }),
  revertTdsPayment: defineEndpoint({
    id: 'Payment.RevertTDSPayment',
    method: 'POST',
    path: '/api/Payment/RevertTDSPayment/:paymentId',
    roles: ['SLDCBusinessUser'],
    summary: 'Revert a pending TDS challan (paymentId) with remarks; an approved challan cannot be reverted',
    params: tdsPaymentIdParams,
    body: revertTdsPaymentInputSchema,
    response: tdsChallanSchema,
  }),
} as const;
