import { z } from 'zod';

import { chargeHeadSchema } from '../configuration/configuration.schemas';
import { paymentDueSchema, paymentStatusSchema } from './payments.schemas';

/**
 * The SLDC's reconciliation (issue 13, decision 0055): totals of dues and payments by month and
 * charge head, and the bank statement matched to the payments pending approval. Amounts in paise.
 */

/** The most data rows one statement may have (the upload is also capped in bytes by the files module). */
export const STATEMENT_MAX_ROWS = 5_000;
/** The most row errors listed in one answer (the count is always exact). */
export const STATEMENT_ERROR_LIST_LIMIT = 200;
/** A workbook unpacking to more than this is refused before it is read (as the ATC upload does). */
export const STATEMENT_MAX_XLSX_UNPACKED_BYTES = 40 * 1_048_576;
export const STATEMENT_FILE_EXTENSIONS = ['csv', 'xlsx'] as const;
/** The upload's formName (files module): csv and Excel only. */
export const STATEMENT_FORM = 'BankStatement';
/** The statement's columns, as the header row names them (any order, any case). */
export const STATEMENT_COLUMNS = ['date', 'utr', 'amount', 'narration'] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

const money = z.number().int();

export const reconciliationTotalsSchema = z.object({
  /** Dues raised (not cancelled), GST included. */
  due: money,
  /** Approved payments (money seen in the SLDC account). */
  received: money,
  /** TDS accepted with approved payments. */
  tds: money,
  /** Payments awaiting the SLDC's approval. */
  pendingApproval: money,
  /** Balance of unsettled dues (total − paid − TDS). */
  outstanding: money,
  /** The part of the outstanding balance past its due date. */
  overdue: money,
  /**
   * Refunds pending. Until the refunds slice lands this is the credit held for payers (approved
   * money beyond the dues, decision 0041), named by `refundsBasis`.
   */
  refundsPending: money,
  refundsBasis: z.enum(['CREDITS_HELD', 'REFUNDS']),
});

export const reconciliationMonthSchema = z.object({
  /** 'YYYY-MM' (IST). */
  month: z.string(),
  due: money,
  received: money,
  pendingApproval: money,
});

export const reconciliationHeadSchema = z.object({
  head: chargeHeadSchema,
  headLabel: z.string(),
  due: money,
  received: money,
  pendingApproval: money,
  outstanding: money,
  overdue: money,
});

export const reconciliationSummarySchema = z.object({
  /** IST date the overdue figures are computed for. */
  asOf: z.string(),
  totals: reconciliationTotalsSchema,
  /** The last 12 months, oldest first, every month present. */
  byMonth: z.array(reconciliationMonthSchema),
  byHead: z.array(reconciliationHeadSchema),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const bankStatementBodySchema = z.object({ fileId: z.string({ error: 'Choose a statement file' }).uuid('Choose a statement file') });
export type BankStatementBody = z.infer<typeof bankStatementBodySchema>;

export const statementLineSchema = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: z.number().int(),
  date: z.string(),
  utr: z.string(),
  amount: money,
  narration: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A pending (or since decided) payment as the matching shows it; `status` is read afresh on every view. */
export const statementPaymentSchema = z.object({
  id: z.string(),
  dueId: z.string(),
  payerName: z.string(),
  description: z.string(),
  reference: z.string(),
  paymentDate: z.string(),
  amount: money,
  madeBy: z.string(),
  status: paymentStatusSchema,
});
export type StatementPayment = z.infer<typeof statementPaymentSchema>;

export const UNMATCHED_LINE_REASONS = ['NO_PAYMENT', 'AMOUNT_MISMATCH', 'DUPLICATE_LINE', 'NOT_PENDING'] as const;
export const unmatchedLineReasonSchema = z.enum(UNMATCHED_LINE_REASONS);
export type UnmatchedLineReason = z.infer<typeof unmatchedLineReasonSchema>;

export const bankStatementSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  lineCount: z.number().int(),
  creditTotal: money,
  dateFrom: z.string(),
  dateTo: z.string(),
  matched: z.array(z.object({ line: statementLineSchema, payment: statementPaymentSchema })),
  unmatchedLines: z.array(
    z.object({ line: statementLineSchema, reason: unmatchedLineReasonSchema, payment: statementPaymentSchema.nullable() }),
  ),
  unmatchedPayments: z.array(statementPaymentSchema),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

/** The last uploaded statement, or null before the first. */
export const lastBankStatementSchema = z.object({ statement: bankStatementSchema.nullable() });

/** A row error of a statement (as the ATC margin upload lists them). */
export interface StatementRowError {
  row: number;
  column: StatementColumn;
  message: string;
}

/** The payment list export: the filters of GetPaymentList without paging. */
export const paymentListExportQuerySchema = z.object({
  paid: z.enum(['true', 'false'], { error: 'Paid must be true or false' }).optional(),
  recordType: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{0,50}$/, 'Record Type must be letters only')
    .optional(),
  status: paymentStatusSchema.optional(),
  /** As GetPaymentList's (decision 0084): only unpaid dues past their due date. */
  overdue: z.enum(['true'], { error: 'Overdue must be true' }).optional(),
});
export type PaymentListExportQuery = z.input<typeof paymentListExportQuerySchema>;

/** One e-bidding allocation of the payer with the price due on it (paise; quantum in MW text). */
export const ebiddingAllocationSchema = z.object({
  id: z.string(),
  invitationId: z.string(),
  bidInvitationNo: z.string(),
  applicationId: z.string(),
  applicationNo: z.string(),
  status: z.enum(['Allocated', 'PartiallyAllocated']),
  /** MW, 2 decimals. */
  allocatedMw: z.string(),
  /** ₹/kWh, 4 decimals. */
  applicablePrice: z.string(),
  due: paymentDueSchema.nullable(),
});
export type EbiddingAllocation = z.infer<typeof ebiddingAllocationSchema>;

export const ebiddingListSchema = z.object({
  allocationList: z.array(ebiddingAllocationSchema),
  dataCount: z.number().int(),
});
export type EbiddingList = z.infer<typeof ebiddingListSchema>;
