import { z } from 'zod';

import { isoDateSchema, requiredText } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { chargeHeadSchema } from '../configuration/configuration.schemas';
import { enPayments } from '../messages/en.payments';
import { tdsSectionSchema } from './tds.schemas';

/**
 * Payments against dues (DOMAIN.md §6, issue 13): the payer records a payment with its proof, the
 * SLDC business user approves or reverts it (maker-checker). Amounts are integer paise.
 */
const E = enPayments.payments.errors;

/** Spec 001 §3: payment modes Demand Draft, Bank Deposit, NEFT (the values are the spec's words). */
export const PAYMENT_MODES = ['Demand Draft', 'Bank Deposit', 'NEFT'] as const;
export const paymentModeSchema = z.enum(PAYMENT_MODES, { error: 'Payment Mode is required' });
export type PaymentMode = z.infer<typeof paymentModeSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'REVERTED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Spec 001 §3: Paid filter values true (Paid) and false (Due). */
export const PAID_FILTER_VALUES = ['true', 'false'] as const;

/** The file kinds a payment proof may be (the upload's formName 'Payment'). */
export const PAYMENT_PROOF_FORM = 'Payment';

/** A UTR / DD number as stored and compared: trimmed, upper case, inner spaces removed. */
export const normalizeReference = (s: string) => s.replace(/\s+/g, '').toUpperCase();

export const paymentSchema = z.object({
  id: z.string(),
  dueId: z.string(),
  payerUserId: z.string(),
  payerName: z.string(),
  mode: paymentModeSchema,
  reference: z.string(),
  paymentDate: z.string(),
  bankName: z.string(),
  /** Paise. */
  amount: z.number().int(),
  tdsSection: tdsSectionSchema.nullable(),
  /** Paise; 0 when no TDS was deducted. */
  tdsAmount: z.number().int(),
  /** Paise of this payment beyond the due's balance when approved, kept as a refundable credit (decision 0041). */
  excessAmount: z.number().int(),
  proofFileId: z.string().nullable(),
  proofFileName: z.string().nullable(),
  status: paymentStatusSchema,
  madeBy: z.string(),
  madeAt: z.string(),
  checkedBy: z.string().nullable(),
  checkedAt: z.string().nullable(),
  remarks: z.string().nullable(),
  /** The receipt number once approved (decision 0049); null before. */
  receiptNo: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A due with what has been paid against it (paise). */
export const paymentDueSchema = z.object({
  id: z.string(),
  payerUserId: z.string(),
  payerName: z.string(),
  head: chargeHeadSchema,
  description: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  dueDate: z.string(),
  status: z.enum(['DUE', 'PAID', 'CANCELLED']),
  /** Before GST. */
  grossAmount: z.number().int(),
  gstAmount: z.number().int(),
  totalAmount: z.number().int(),
  /** TDS of approved payments (accepted TDS). */
  tdsAmount: z.number().int(),
  /** Approved payments. */
  paidAmount: z.number().int(),
  /** Payments awaiting approval. */
  pendingAmount: z.number().int(),
  /** total − paid − TDS, never below 0. */
  balanceAmount: z.number().int(),
  /** Approved payments beyond the total, kept as refundable credit. */
  creditAmount: z.number().int(),
  pendingCount: z.number().int(),
  createdAt: z.string(),
});
export type PaymentDue = z.infer<typeof paymentDueSchema>;

export const paymentListQuerySchema = pageQuerySchema.extend({
  /** 'true': settled dues (Paid), 'false': dues with a balance (Due); absent: every due. */
  paid: z.enum(PAID_FILTER_VALUES, { error: 'Paid must be true or false' }).optional(),
  recordType: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{0,50}$/, 'Record Type must be letters only')
    .optional(),
  /** Dues with at least one payment in this status (e.g. PENDING for the SLDC's approval queue). */
  status: paymentStatusSchema.optional(),
  /** 'true': only overdue dues — unpaid (Due) with the due date before today (IST); the dashboard's figure (decision 0084). */
  overdue: z.enum(['true'], { error: 'Overdue must be true' }).optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentListSchema = z.object({
  paymentList: z.array(paymentDueSchema.extend({ payments: z.array(paymentSchema) })),
  dataCount: z.number().int(),
});
export type PaymentListRow = z.infer<typeof paymentListSchema>['paymentList'][number];

export const paymentDetailsSchema = z.object({ due: paymentDueSchema, payments: z.array(paymentSchema) });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

const paiseSchema = (label: string) =>
  z.coerce.number({ error: `${label} is required` }).refine((n) => Number.isSafeInteger(n), `${label} must be a whole number of paise`);

export const makePaymentInputSchema = z
  .object({
    mode: paymentModeSchema,
    reference: requiredText('UTR / DD Number', 30)
      .transform(normalizeReference)
      .refine((s) => /^[A-Z0-9/-]{4,30}$/.test(s), 'UTR / DD Number must be 4 to 30 letters, digits, / or -'),
    paymentDate: z.string({ error: 'Payment Date is required' }).min(1, 'Payment Date is required').pipe(isoDateSchema),
    amountPaise: paiseSchema('Amount').refine((n) => n > 0, 'Amount must be greater than 0'),
    bankName: requiredText('Bank Name', 100),
    proofFileId: z.string({ error: 'Payment Proof is required' }).uuid('Payment Proof is required'),
    tdsSection: tdsSectionSchema.nullish(),
    tdsAmountPaise: paiseSchema('TDS Amount')
      .refine((n) => n >= 0, 'TDS Amount cannot be negative')
      .nullish(),
  })
  // A TDS amount needs its section; checked even when other fields fail, so every field error shows at once.
  .refine((v) => !(Number((v as { tdsAmountPaise?: unknown }).tdsAmountPaise ?? 0) > 0 && !(v as { tdsSection?: unknown }).tdsSection), {
    path: ['tdsSection'],
    message: E.tdsSectionRequired,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type MakePaymentInput = z.input<typeof makePaymentInputSchema>;

export const approvePaymentInputSchema = z.object({
  remarks: z.string().trim().max(500, 'Remarks must be at most 500 characters').nullish(),
});
export const revertPaymentInputSchema = z.object({
  remarks: requiredText('Remarks', 500),
});
