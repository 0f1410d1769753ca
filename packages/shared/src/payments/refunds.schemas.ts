import { z } from 'zod';

import { isoDateSchema, requiredText } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';

/**
 * Refunds (issue 13, DOMAIN.md §6, decision 0054): what the SLDC owes a payer back — an over-payment
 * credit (decision 0041), a curtailment refund (decision 0045) or the refund of an approved downward
 * revision (decision 0061), the last two once the transmission charge they refund is paid, or the
 * charges paid on an application later rejected (decision 0064); fees are never refunded. The SLDC business user proposes a refund (maker), an SLDC
 * approver pays it out to the payer's registered bank account or returns it (checker). Paise.
 */
export const REFUND_SOURCES = ['OverPayment', 'Curtailment', 'Revision', 'Rejection'] as const;
export const refundSourceSchema = z.enum(REFUND_SOURCES, { error: 'Refundable For is required' });
export type RefundSource = z.infer<typeof refundSourceSchema>;

export const REFUND_STATUSES = ['PENDING', 'PAID', 'RETURNED'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** A refundable item's state: balance left (REFUNDABLE), a refund awaiting approval (PENDING), all paid out (REFUNDED). */
export const REFUNDABLE_STATES = ['REFUNDABLE', 'PENDING', 'REFUNDED'] as const;
export const refundableStateSchema = z.enum(REFUNDABLE_STATES, { error: 'Status must be REFUNDABLE, PENDING or REFUNDED' });
export type RefundableState = z.infer<typeof refundableStateSchema>;

/** The payer's registered bank account (bank step of its approved registration), copied onto each refund. */
export const bankAccountSchema = z.object({
  accountHolderName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const refundSchema = z.object({
  id: z.string(),
  sourceType: refundSourceSchema,
  sourceId: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  payerUserId: z.string(),
  payerName: z.string(),
  description: z.string(),
  /** Paise. */
  amount: z.number().int(),
  bankAccount: bankAccountSchema,
  remarks: z.string(),
  status: refundStatusSchema,
  madeBy: z.string(),
  madeByName: z.string(),
  madeAt: z.string(),
  checkedBy: z.string().nullable(),
  checkedByName: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkerRemarks: z.string().nullable(),
  payoutReference: z.string().nullable(),
  payoutDate: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** One refundable item with what has been refunded from it (paise). */
export const refundableSchema = z.object({
  sourceType: refundSourceSchema,
  /** The credit's id, or the curtailment's id (with recordId, the application, it names the item). */
  sourceId: z.string(),
  recordType: z.string(),
  /** The record the money is for: the application (a curtailment), or the due's record (a credit). */
  recordId: z.string(),
  /** Who paid the money refunded, and is refunded it: the applicant, or the trader that paid its charge (decision 0078). */
  payerUserId: z.string(),
  payerName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  /** Refunds approved and paid out. */
  refundedAmount: z.number().int(),
  /** Refunds awaiting approval (held: they count against the balance). */
  pendingAmount: z.number().int(),
  /** amount − refunded − pending. */
  balanceAmount: z.number().int(),
  state: refundableStateSchema,
  /** Null when the payer has no approved registration (a refund cannot be made then). */
  bankAccount: bankAccountSchema.nullable(),
  refunds: z.array(refundSchema),
});
export type Refundable = z.infer<typeof refundableSchema>;

export const refundDetailsQuerySchema = pageQuerySchema.extend({
  state: refundableStateSchema.optional(),
  sourceType: z.enum(REFUND_SOURCES, { error: 'Refundable For must be OverPayment, Curtailment, Revision or Rejection' }).optional(),
});
export type RefundDetailsQuery = z.input<typeof refundDetailsQuerySchema>;
/** The export's filter: the list's without paging. */
export const refundDownloadQuerySchema = refundDetailsQuerySchema.omit({ pageNumber: true, pageSize: true });

export const refundDetailsSchema = z.object({ refundList: z.array(refundableSchema), dataCount: z.number().int() });

const paise = (label: string) =>
  z.coerce.number({ error: `${label} is required` }).refine((n) => Number.isSafeInteger(n), `${label} must be a whole number of paise`);

export const makeRefundInputSchema = z.object({
  sourceType: refundSourceSchema,
  sourceId: z.string({ error: 'Refundable item is required' }).uuid('Refundable item is required'),
  recordId: requiredText('Record', 100),
  /**
   * Decision 0078: whose share of the item — who paid the money refunded (the applicant, or the trader
   * that paid for it). Required only when the item has more than one payer.
   */
  payerUserId: z.string().uuid('Payer is not valid').optional(),
  amountPaise: paise('Refund Amount').refine((n) => n > 0, 'Refund Amount must be greater than 0'),
  remarks: requiredText('Remarks', 500),
});
export type MakeRefundInput = z.input<typeof makeRefundInputSchema>;

export const approveRefundInputSchema = z.object({
  payoutReference: requiredText('Payout Reference', 30)
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine((s) => /^[A-Z0-9/-]{4,30}$/.test(s), 'Payout Reference must be 4 to 30 letters, digits, / or -'),
  payoutDate: z.string({ error: 'Payout Date is required' }).min(1, 'Payout Date is required').pipe(isoDateSchema),
  remarks: z.string().trim().max(500, 'Remarks must be at most 500 characters').nullish(),
});
export type ApproveRefundInput = z.input<typeof approveRefundInputSchema>;
export const returnRefundInputSchema = z.object({ remarks: requiredText('Remarks', 500) });

export const refundIdParams = z.object({ refundId: z.string().uuid('Invalid id') });
export const refundHistoryParams = z.object({ applicationId: requiredText('Application', 100) });

export const REFUND_STEPS = ['MADE', 'PAID', 'RETURNED'] as const;
export const refundStepSchema = z.object({
  step: z.enum(REFUND_STEPS),
  byName: z.string(),
  at: z.string(),
  remarks: z.string().nullable(),
});
export const refundHistorySchema = z.object({
  refundHistory: z.array(refundSchema.extend({ steps: z.array(refundStepSchema) })),
});
export type RefundHistory = z.infer<typeof refundHistorySchema>;
