import { z } from 'zod';

import { ifscSchema, isoDateSchema, requiredText } from '../common/patterns';
import { en } from '../messages/en';

/**
 * Charge heads (DOMAIN.md §6). Fees are flat amounts; charges are rates. Every value is
 * effective-dated: a new value applies from its date and never rewrites what was charged before.
 */
export const FEE_HEADS = ['APPLICATION_FEE', 'REGISTRATION_FEE', 'RENEWAL_FEE', 'STANDING_CLEARANCE_FEE'] as const;
export const CHARGE_HEADS = ['STU_TRANSMISSION_CHARGE', 'SLDC_OPERATING_CHARGE', 'LATE_PAYMENT_INTEREST', 'EBIDDING_FLOOR_PRICE'] as const;
export const CHARGE_HEAD_VALUES = [...FEE_HEADS, ...CHARGE_HEADS] as const;
export const chargeHeadSchema = z.enum(CHARGE_HEAD_VALUES);
export type ChargeHead = z.infer<typeof chargeHeadSchema>;

export const CHARGE_UNITS = ['INR', 'INR_PER_KWH', 'INR_PER_MW_DAY', 'INR_PER_DAY', 'PERCENT_PER_DAY'] as const;
export const chargeUnitSchema = z.enum(CHARGE_UNITS);
export type ChargeUnit = z.infer<typeof chargeUnitSchema>;

export const CHARGE_HEAD_INFO: Record<ChargeHead, { label: string; kind: 'FEE' | 'CHARGE'; units: ChargeUnit[] }> = {
  APPLICATION_FEE: { label: 'Application fee', kind: 'FEE', units: ['INR'] },
  REGISTRATION_FEE: { label: 'Registration fee', kind: 'FEE', units: ['INR'] },
  RENEWAL_FEE: { label: 'Renewal fee', kind: 'FEE', units: ['INR'] },
  STANDING_CLEARANCE_FEE: { label: 'Standing clearance fee', kind: 'FEE', units: ['INR'] },
  STU_TRANSMISSION_CHARGE: { label: 'STU transmission charge', kind: 'CHARGE', units: ['INR_PER_KWH', 'INR_PER_MW_DAY'] },
  SLDC_OPERATING_CHARGE: { label: 'SLDC operating charge', kind: 'CHARGE', units: ['INR_PER_DAY'] },
  LATE_PAYMENT_INTEREST: { label: 'Late-payment interest', kind: 'CHARGE', units: ['PERCENT_PER_DAY'] },
  EBIDDING_FLOOR_PRICE: { label: 'E-bidding floor price', kind: 'CHARGE', units: ['INR_PER_KWH'] },
};

export const UNIT_LABELS: Record<ChargeUnit, string> = {
  INR: 'Rs',
  INR_PER_KWH: 'Rs/kWh',
  INR_PER_MW_DAY: 'Rs/MW/day',
  INR_PER_DAY: 'Rs per day per transaction',
  PERCENT_PER_DAY: '% per day',
};

/** A decimal amount as a string with at most 4 decimals (never a binary float on the wire). */
export const decimalString = (label: string) =>
  z
    .union([z.string(), z.number()], { error: en.common.required(label) })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', en.common.required(label))
    .refine((v) => v === '' || /^\d{1,10}(\.\d{1,4})?$/.test(v), `${label} must be a non-negative number with at most 4 decimals`);

export const chargeRateSchema = z.object({
  id: z.string(),
  head: chargeHeadSchema,
  kind: z.enum(['FEE', 'CHARGE']),
  unit: chargeUnitSchema,
  amount: z.string(),
  gstRatePercent: z.string(),
  effectiveFrom: z.string(),
  /** CURRENT: in force today; FUTURE: takes effect later; PAST: superseded. */
  state: z.enum(['PAST', 'CURRENT', 'FUTURE']),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type ChargeRate = z.infer<typeof chargeRateSchema>;

export const chargeRateInputSchema = z
  .object({
    head: chargeHeadSchema,
    unit: chargeUnitSchema,
    amount: decimalString('Amount'),
    gstRatePercent: decimalString('GST rate (%)').refine((v) => Number(v) <= 100, 'GST rate (%) cannot be more than 100'),
    effectiveFrom: isoDateSchema,
    remarks: z.string().trim().max(500).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!CHARGE_HEAD_INFO[v.head].units.includes(v.unit)) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: `Unit must be one of ${CHARGE_HEAD_INFO[v.head].units.map((u) => UNIT_LABELS[u]).join(', ')}`,
      });
    }
  });
export type ChargeRateInput = z.input<typeof chargeRateInputSchema>;

export const chargeRateListQuerySchema = z.object({ kind: z.enum(['FEE', 'CHARGE']).optional(), head: chargeHeadSchema.optional() });
export const chargeRateListSchema = z.object({ chargeList: z.array(chargeRateSchema) });

// ---- Holidays --------------------------------------------------------------------------------

export const holidaySchema = z.object({ id: z.string(), date: z.string(), description: z.string() });
export const holidayInputSchema = z.object({ date: isoDateSchema, description: requiredText('Description', 200) });
export const holidayListQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const holidayListSchema = z.object({ holidayList: z.array(holidaySchema) });

// ---- SLDC bank details -----------------------------------------------------------------------

export const bankDetailSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  branch: z.string(),
  effectiveFrom: z.string(),
  state: z.enum(['PAST', 'CURRENT', 'FUTURE']),
});
export type BankDetail = z.infer<typeof bankDetailSchema>;
export const bankDetailInputSchema = z.object({
  bankName: requiredText('Bank Name', 200),
  accountName: requiredText('Account Name', 200),
  accountNumber: requiredText('Account Number', 34).regex(/^[0-9]{9,18}$/, 'Account Number must be 9 to 18 digits'),
  ifsc: requiredText('IFSC', 11).pipe(ifscSchema),
  branch: requiredText('Branch', 200),
  effectiveFrom: isoDateSchema,
});
export const bankDetailListSchema = z.object({ bankDetailList: z.array(bankDetailSchema) });

// ---- Operating rules (windows, cut-offs, consent days, bid tick) -----------------------------

/** Settings that drive deadlines and allocation; effective-dated like rates (DOMAIN-REFERENCE §10). */
export const SETTING_KEYS = {
  advanceCutoffDayMonth1: { label: 'Advance: cut-off day (in month M) for month M+1', default: '20' },
  advanceCutoffDayMonth2: { label: 'Advance: cut-off day (in month M) for month M+2', default: '25' },
  advanceCutoffDayMonth3: { label: 'Advance: cut-off day (in month M) for month M+3 (0 = last day)', default: '0' },
  fcfsMinLeadDays: { label: 'FCFS: days before start', default: '4' },
  dayAheadWindowOpenDays: { label: 'Day-ahead: window opens (days before)', default: '3' },
  dayAheadCutoffTime: { label: 'Day-ahead: cut-off time on D-1 (HH:mm IST)', default: '15:00' },
  contingencyLeadBlocks: { label: 'Contingency same day: schedule starts from block (counting the current block as 1st)', default: '4' },
  curtailmentOrder: {
    label: 'Curtailment: order of cutting STOA schedules (pro-rata, reverse category order or reverse timestamp)',
    default: 'ProRata',
  },
  revisionLeadBlocks: { label: 'Revision: effective from block (counting the request block as 1st)', default: '4' },
  consentWorkingDays: { label: 'DISCOM/TRANSCO consent: working days before deemed consent', default: '3' },
  registrationValidityMonths: { label: 'Registration validity (months)', default: '12' },
  paymentDueWorkingDays: { label: 'Payment due (working days after approval)', default: '3' },
  defaulterAfterDays: { label: 'Defaulter: days a due may stay unpaid after its due date (0 = never marked)', default: '90' },
  bidTick: { label: 'E-bidding bid tick (Rs/kWh)', default: '0.01' },
  minContractDemandMw: { label: 'Minimum contract demand (MW)', default: '1' },
  secondFourthSaturdayOff: { label: 'Second and fourth Saturdays are holidays (true/false)', default: 'true' },
  feeBeforeScrutiny: { label: 'Application fee must be paid before the SLDC accepts an application (true/false)', default: 'true' },
  standingClearancePxWorkingDays: {
    label: 'Standing clearance (power exchange): working days before deemed issue',
    default: '3',
  },
  standingClearanceBilateralWorkingDays: {
    label: 'Standing clearance (bilateral): working days before deemed issue',
    default: '7',
  },
  interStateConsentWorkingDays: {
    label: 'Consent for inter-state STOA: working days before deemed consent',
    default: '3',
  },
  standingClearanceConsentRequired: {
    label: 'Standing clearance: DISCOM/TRANSCO consent required after SLDC verification (true/false)',
    default: 'false',
  },
} as const;
export type SettingKey = keyof typeof SETTING_KEYS;
export const settingKeySchema = z.enum(Object.keys(SETTING_KEYS) as [SettingKey, ...SettingKey[]]);

export const settingSchema = z.object({
  id: z.string(),
  key: settingKeySchema,
  label: z.string(),
  value: z.string(),
  effectiveFrom: z.string(),
  state: z.enum(['PAST', 'CURRENT', 'FUTURE']),
});
export const settingInputSchema = z.object({
  key: settingKeySchema,
  value: requiredText('Value', 50),
  effectiveFrom: isoDateSchema,
});
export const settingListSchema = z.object({ settingList: z.array(settingSchema) });

// ---- Dues ledger -----------------------------------------------------------------------------

export const dueSchema = z.object({
  id: z.string(),
  head: chargeHeadSchema,
  description: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  quantity: z.string(),
  rate: z.string(),
  unit: chargeUnitSchema,
  /** Amounts in paise (integers). */
  baseAmount: z.number(),
  gstRatePercent: z.string(),
  gstAmount: z.number(),
  totalAmount: z.number(),
  dueDate: z.string(),
  status: z.enum(['DUE', 'PAID', 'CANCELLED']),
  createdAt: z.string(),
});
export type Due = z.infer<typeof dueSchema>;
export const dueListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 50, 100].includes(n), 'Page size must be 10, 50 or 100')
    .default(10),
  status: z.enum(['DUE', 'PAID', 'CANCELLED']).optional(),
});
export const dueListSchema = z.object({ dueList: z.array(dueSchema), dataCount: z.number() });
