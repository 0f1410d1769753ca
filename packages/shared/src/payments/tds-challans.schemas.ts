import { z } from 'zod';

import { isoDateSchema, requiredText } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { chargeHeadSchema } from '../configuration/configuration.schemas';
import { paymentStatusSchema } from './payments.schemas';
import { tdsSectionSchema } from './tds.schemas';

/**
 * TDS challans (DOMAIN.md §6, issue 13, decision 0053): the payer deposits the TDS it deducted in a
 * month with the government and uploads the challan; the SLDC business user approves (reconciles) or
 * reverts it. A month's TDS is due by the 7th of the next month; a later challan carries interest.
 * Amounts in integer paise.
 */
export const TDS_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const tdsMonthSchema = z
  .string({ error: 'TDS Month is required' })
  .trim()
  .min(1, 'TDS Month is required')
  .regex(TDS_MONTH_PATTERN, 'TDS Month must be a month as YYYY-MM');

export const CHALLAN_STATUSES = ['PENDING', 'APPROVED', 'REVERTED'] as const;
export const challanStatusSchema = z.enum(CHALLAN_STATUSES);
export type ChallanStatus = z.infer<typeof challanStatusSchema>;

/**
 * A month of a payer: NOT_DEPOSITED (TDS deducted, no challan), PENDING_APPROVAL (a challan awaits the
 * SLDC), SHORT (approved challans below the TDS deducted), RECONCILED (equal), EXCESS (above).
 */
export const TDS_MONTH_STATUSES = ['NOT_DEPOSITED', 'PENDING_APPROVAL', 'SHORT', 'RECONCILED', 'EXCESS'] as const;
export const tdsMonthStatusSchema = z.enum(TDS_MONTH_STATUSES);
export type TdsMonthStatus = z.infer<typeof tdsMonthStatusSchema>;

/** The upload's formName of a challan file (pdf or image). */
export const TDS_CHALLAN_FORM = 'TdsChallan';

/** 'YYYY-MM' → the date its TDS must be deposited by: the 7th of the next month (decision 0053). */
export function tdsDepositDueDate(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return `${ny}-${String(nm).padStart(2, '0')}-07`;
}

/**
 * Months (calendar months, each part counted as a whole) of interest on a challan of `month` dated
 * `challanDate`: 0 when deposited by the due date, else from the TDS month to the challan's month,
 * both counted (Income-tax Act s. 201(1A): from deduction to deposit, a part of a month as a month).
 */
export function tdsLateMonths(month: string, challanDate: string): number {
  if (challanDate <= tdsDepositDueDate(month)) return 0;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const [cy, cm] = challanDate.split('-').map(Number) as [number, number];
  return (cy - y) * 12 + (cm - m) + 1;
}

/** Interest in paise: late amount × rate (basis points per month) × months, rounded half up. Pure, integer. */
export function tdsInterestPaise(latePaise: number, rateBasisPoints: number, months: number): number {
  if (latePaise <= 0 || rateBasisPoints <= 0 || months <= 0) return 0;
  const x = BigInt(latePaise) * BigInt(rateBasisPoints) * BigInt(months);
  return Number((x + 5_000n) / 10_000n);
}

export const tdsChallanSchema = z.object({
  id: z.string(),
  payerUserId: z.string(),
  payerName: z.string(),
  month: z.string(),
  challanNo: z.string(),
  bsrCode: z.string(),
  challanDate: z.string(),
  /** Paise. */
  amount: z.number().int(),
  /** The months of interest (0 when on time) and its amount in paise, as of the last change. */
  lateMonths: z.number().int(),
  interestAmount: z.number().int(),
  /** The interest due raised on approval of a late challan, if any. */
  interestDueId: z.string().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  status: challanStatusSchema,
  madeBy: z.string(),
  madeAt: z.string(),
  checkedBy: z.string().nullable(),
  checkedAt: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type TdsChallan = z.infer<typeof tdsChallanSchema>;

/** One payer's month: TDS deducted (approved payments), challans, interest, status. */
export const tdsMonthRowSchema = z.object({
  payerUserId: z.string(),
  payerName: z.string(),
  month: z.string(),
  dueBy: z.string(),
  deductedAmount: z.number().int(),
  depositedAmount: z.number().int(),
  pendingAmount: z.number().int(),
  /** Deducted − deposited, never below 0. */
  shortfallAmount: z.number().int(),
  /** Interest of the month's challans not reverted (approved: raised as a due; pending: as it would be). */
  interestAmount: z.number().int(),
  status: tdsMonthStatusSchema,
  challans: z.array(tdsChallanSchema),
});
export type TdsMonth = z.infer<typeof tdsMonthRowSchema>;

export const monthlyTdsQuerySchema = pageQuerySchema.extend({
  month: tdsMonthSchema.optional(),
  status: tdsMonthStatusSchema.optional(),
  /** SLDC roles: one payer; ignored for a payer (always its own). */
  payerUserId: z.string().uuid('Invalid payer').optional(),
});
export type MonthlyTdsQuery = z.input<typeof monthlyTdsQuerySchema>;

export const monthlyTdsListSchema = z.object({ tdsMonthList: z.array(tdsMonthRowSchema), dataCount: z.number().int() });

/** A TDS line: one payment with TDS of an application (or other record). */
export const tdsLineSchema = z.object({
  paymentId: z.string(),
  dueId: z.string(),
  head: chargeHeadSchema,
  description: z.string(),
  payerName: z.string(),
  reference: z.string(),
  paymentDate: z.string(),
  month: z.string(),
  tdsSection: tdsSectionSchema.nullable(),
  /** Paise. */
  tdsAmount: z.number().int(),
  amount: z.number().int(),
  status: paymentStatusSchema,
});
export type TdsLine = z.infer<typeof tdsLineSchema>;
export const tdsDetailsSchema = z.object({ tdsList: z.array(tdsLineSchema), totalTds: z.number().int() });
export type TdsDetails = z.infer<typeof tdsDetailsSchema>;
export const tdsDetailsParams = z.object({ applicationId: z.string().trim().min(1).max(100) });

const paise = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .refine((n) => Number.isSafeInteger(n), `${label} must be a whole number of paise`)
    .refine((n) => n > 0, `${label} must be greater than 0`);

export const makeTdsPaymentInputSchema = z.object({
  month: tdsMonthSchema,
  challanNo: requiredText('Challan Number', 20)
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((s) => /^\d{1,20}$/.test(s), 'Challan Number must be digits only'),
  bsrCode: z
    .string({ error: 'BSR Code is required' })
    .trim()
    .min(1, 'BSR Code is required')
    .regex(/^\d{7}$/, 'BSR Code must be 7 digits'),
  challanDate: z.string({ error: 'Challan Date is required' }).min(1, 'Challan Date is required').pipe(isoDateSchema),
  amountPaise: paise('Challan Amount'),
  fileId: z.string({ error: 'Challan upload is required' }).uuid('Challan upload is required'),
});
export type MakeTdsPaymentInput = z.input<typeof makeTdsPaymentInputSchema>;

export const approveTdsPaymentInputSchema = z.object({
  remarks: z.string().trim().max(500, 'Remarks must be at most 500 characters').nullish(),
});
export const revertTdsPaymentInputSchema = z.object({ remarks: requiredText('Remarks', 500) });
export const tdsPaymentIdParams = z.object({ paymentId: z.string().uuid('Invalid id') });

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** '2026-04' → 'April 2026'. */
export function tdsMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1] ?? month} ${y}`;
}
