import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import {
  approvePaymentInputSchema,
  makePaymentInputSchema,
  paymentDetailsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  revertPaymentInputSchema,
} from './payments.schemas';
import { receiptCodeParams, receiptVerificationSchema } from './receipts.schemas';

export const paymentIdParams = z.object({ id: z.string().uuid('Invalid id') });
const idParams = paymentIdParams;
const PAYERS = ['OABusinessUser', 'Trader'] as const;
const SLDC = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const;

/**
 * Payments against dues (spec 001 §7 Payment, issue 13): the payer (OA applicant or trader) makes a
 * payment, the SLDC business user approves or reverts it (maker-checker); approvers read.
 */
export const paymentEndpoints = {
  getPaymentList: defineEndpoint({
    id: 'Payment.GetPaymentList',
    method: 'GET',
    path: '/api/Payment/GetPaymentList',
    roles: [...PAYERS, ...SLDC],
    summary: "Dues with paid, TDS and balance and their payments, paged; a payer sees its own, the SLDC every payer's",
    query: paymentListQuerySchema,
    response: paymentListSchema,
  }),
  getPaymentDetails: defineEndpoint({
    id: 'Payment.GetPaymentDetails',
    method: 'GET',
    path: '/api/Payment/GetPaymentDetails/:id',
    roles: [...PAYERS, ...SLDC],
    summary: 'One due (id) with gross, GST, TDS, paid and balance, and every payment against it',
    params: idParams,
    response: paymentDetailsSchema,
  }),
  makePayment: defineEndpoint({
    id: 'Payment.MakePayment',
    method: 'POST',
    path: '/api/Payment/MakePayment/:id',
    roles: [...PAYERS],
    summary: 'Record a payment against one of the caller’s dues (id), with its proof; it awaits the SLDC’s approval',
    params: idParams,
    body: makePaymentInputSchema,
    response: paymentSchema,
  }),
  approvePayment: defineEndpoint({
    id: 'Payment.Approve',
    method: 'POST',
    path: '/api/Payment/Approve/:id',
    roles: ['SLDCBusinessUser'],
    summary: 'Approve a pending payment (id); settles the due when paid and TDS reach its total, the excess becomes a credit',
    params: idParams,
    body: approvePaymentInputSchema,
    response: paymentSchema,
  }),
  revertPayment: defineEndpoint({
    id: 'Payment.Revert',
    method: 'POST',
    path: '/api/Payment/Revert/:id',
    roles: ['SLDCBusinessUser'],
    summary: 'Revert a pending payment (id) with remarks; an approved payment cannot be reverted',
    params: idParams,
    body: revertPaymentInputSchema,
    response: paymentSchema,
  }),
  downloadReceipt: defineEndpoint({
    id: 'Payment.Receipt',
    method: 'GET',
    path: '/api/Payment/Receipt/:id',
    roles: [...PAYERS, ...SLDC],
    summary: "The receipt of an approved payment (id) as PDF, with its verification code; the payer sees its own, the SLDC every payer's",
    params: idParams,
    response: z.unknown(),
    binary: true,
  }),
  verifyReceipt: defineEndpoint({
    id: 'Payment.Verify',
    method: 'GET',
    path: '/api/Payment/Verify/:code',
    roles: 'public',
    summary: 'Public check of a receipt by its verification code: receipt number, payer, amount, payment and approval dates',
    params: receiptCodeParams,
    response: receiptVerificationSchema,
  }),
} as const;
