import { z } from 'zod';

import { isoDateSchema } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { CHARGE_HEAD_VALUES, chargeHeadSchema } from '../configuration/configuration.schemas';
import { enPayments } from '../messages/en.payments';

/**
 * TDS (DOMAIN.md §6, issue 13): the applicant declares on which charge heads it deducts TDS and under
 * which section; the Admin sets the interest per month on TDS deposited late. Rates are integers in
 * basis points (1 % = 100), never floats (decision 0040).
 */
export const TDS_SECTIONS = ['194C_INDIVIDUAL', '194C_OTHER', '194J_A', '194J_B'] as const;
export const tdsSectionSchema = z.enum(TDS_SECTIONS, { error: 'TDS Section is required' });
export type TdsSection = z.infer<typeof tdsSectionSchema>;

/** The rate of each section, in basis points (1 % = 100). */
export const TDS_SECTION_RATE_BP: Record<TdsSection, number> = {
  '194C_INDIVIDUAL': 100,
  '194C_OTHER': 200,
  '194J_A': 200,
  '194J_B': 1000,
};

export const BASIS_POINTS_PER_PERCENT = 100;
const BASIS_POINTS_PER_WHOLE = 10_000n;

/**
 * The most TDS a payer may claim on a due (decision 0040): the declared section's rate × the due's
 * taxable amount (before GST), rounded half up to the paisa as `tdsInterestPaise` rounds, less the TDS
 * already claimed on the due by other payments not reverted; never below 0. Integer paise, no float.
 */
export function maxTdsPaise(taxablePaise: number, rateBasisPoints: number, claimedPaise = 0): number {
  if (taxablePaise <= 0 || rateBasisPoints <= 0) return 0;
  const full = (BigInt(taxablePaise) * BigInt(rateBasisPoints) + BASIS_POINTS_PER_WHOLE / 2n) / BASIS_POINTS_PER_WHOLE;
  return Math.max(0, Number(full) - claimedPaise);
}

/** '1.5' → 150: a percentage with at most 2 decimals as basis points, by text (no float). Null when not such a number. */
export function percentToBasisPoints(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * BASIS_POINTS_PER_PERCENT + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 150 → '1.50'. */
export function basisPointsToPercent(bp: number): string {
  return `${Math.trunc(bp / BASIS_POINTS_PER_PERCENT)}.${String(bp % BASIS_POINTS_PER_PERCENT).padStart(2, '0')}`;
}

const effectiveStateSchema = z.enum(['PAST', 'CURRENT', 'FUTURE']);
const effectiveFromSchema = z.string({ error: 'Effective From is required' }).min(1, 'Effective From is required').pipe(isoDateSchema);
const remarksSchema = z.string().trim().max(500, 'Remarks must be at most 500 characters').nullish();

// ---- TDS declarations ------------------------------------------------------------------------

export const tdsConfigSchema = z.object({
  id: z.string(),
  head: chargeHeadSchema,
  headLabel: z.string(),
  section: tdsSectionSchema,
  /** The section's rate when declared, in basis points (1 % = 100). */
  rateBasisPoints: z.number().int(),
  ratePercent: z.string(),
  effectiveFrom: z.string(),
  /** CURRENT: in force today for its head; FUTURE: takes effect later; PAST: superseded. */
  state: effectiveStateSchema,
  remarks: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TdsConfig = z.infer<typeof tdsConfigSchema>;

export const tdsConfigInputSchema = z.object({
  head: z.enum(CHARGE_HEAD_VALUES, { error: 'Charge Head is required' }),
  section: tdsSectionSchema,
  effectiveFrom: effectiveFromSchema,
  remarks: remarksSchema,
});
export type TdsConfigInput = z.input<typeof tdsConfigInputSchema>;

export const tdsListQuerySchema = pageQuerySchema;
export const tdsConfigListSchema = z.object({ tdsList: z.array(tdsConfigSchema), dataCount: z.number().int() });

/** Every charge head with the caller's declaration in force today (configured) or none. */
export const tdsConfiguredChargeSchema = z.object({
  head: chargeHeadSchema,
  label: z.string(),
  kind: z.enum(['FEE', 'CHARGE']),
  configured: z.boolean(),
  section: tdsSectionSchema.nullable(),
  rateBasisPoints: z.number().int().nullable(),
  effectiveFrom: z.string().nullable(),
  /** The next declaration not yet in force, if any. */
  upcomingFrom: z.string().nullable(),
});
export const tdsConfiguredChargeListSchema = z.object({ chargeList: z.array(tdsConfiguredChargeSchema) });

// ---- Interest on late TDS deposit ------------------------------------------------------------

export const tdsInterestSchema = z.object({
  id: z.string(),
  /** Interest per month or part of a month, in basis points (1 % = 100). */
  rateBasisPoints: z.number().int(),
  ratePercent: z.string(),
  effectiveFrom: z.string(),
  state: effectiveStateSchema,
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type TdsInterest = z.infer<typeof tdsInterestSchema>;

export const tdsInterestInputSchema = z.object({
  /** A percentage per month as text ('1.5'), at most 2 decimals; the API stores basis points. */
  ratePercent: z
    .union([z.string(), z.number()], { error: 'Interest per Month (%) is required' })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', 'Interest per Month (%) is required')
    .refine(
      (v) => v === '' || ((bp) => bp !== null && bp >= 1 && bp <= 10_000)(percentToBasisPoints(v)),
      enPayments.tdsInterest.errors.rate,
    ),
  effectiveFrom: effectiveFromSchema,
  remarks: remarksSchema,
});
export type TdsInterestInput = z.input<typeof tdsInterestInputSchema>;

export const tdsInterestListSchema = z.object({ interestList: z.array(tdsInterestSchema), dataCount: z.number().int() });
