import { z } from 'zod';

import { roleSchema } from '../account/roles';
import { pageQuerySchema } from '../common/pagination';
import { isoDateSchema } from '../common/patterns';
import { centiToMw } from '../common/units';
import { centiMwSchema, optionalUnit } from '../common/units.schemas';
import { enInterState } from '../messages/en.inter-state';
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH, normalizeReceiptCode } from '../payments/receipts.schemas';
import { interStateHistorySchema, interStateText as text } from './inter-state.schemas';
import {
  maxValidTo,
  STANDING_CLEARANCE_ACTIONS,
  STANDING_CLEARANCE_DISPLAY_STATUSES,
  STANDING_CLEARANCE_STATUSES,
  STANDING_CLEARANCE_TYPES,
} from './standing-clearance.workflow';

const S = enInterState.standingClearance;
const F = S.fields;

export const standingClearanceTypeSchema = z.enum(STANDING_CLEARANCE_TYPES);
export const standingClearanceStatusSchema = z.enum(STANDING_CLEARANCE_STATUSES);
export const standingClearanceDisplayStatusSchema = z.enum(STANDING_CLEARANCE_DISPLAY_STATUSES);
export const standingClearanceActionSchema = z.enum(STANDING_CLEARANCE_ACTIONS);

// ---- params ----

export const standingClearanceIdParams = z.object({ id: z.string().uuid('Invalid id') });

/** A verification code as typed (the receipts' alphabet and length, decision 0049): normalised, then checked. */
export const standingClearanceCodeParams = z.object({
  code: z
    .string()
    .max(40, 'Verification Code must be at most 40 characters')
    .transform(normalizeReceiptCode)
    .refine((s) => s.length === RECEIPT_CODE_LENGTH && [...s].every((ch) => RECEIPT_CODE_ALPHABET.includes(ch)), {
      message: `Verification Code must be ${RECEIPT_CODE_LENGTH} letters and digits`,
    }),
});

// ---- bodies ----

const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;
/** Both dates valid (an invalid one has its own error already). */
const validDates = (v: { validFrom: unknown; validTo: unknown }): v is { validFrom: string; validTo: string } =>
  isoDateSchema.safeParse(v.validFrom).success && isoDateSchema.safeParse(v.validTo).success;

/** At most this many block ranges with their own caps (decision 0077). */
export const MAX_BLOCK_CAPS = 24;

/** A block number 1–96 as a number or digits. */
const blockNumberSchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: S.rules.blockInvalid(label) })
      .int(S.rules.blockInvalid(label))
      .min(1, S.rules.blockInvalid(label))
      .max(96, S.rules.blockInvalid(label)),
  );

/**
 * One block range with its own caps (decision 0077): blocks fromBlock…toBlock (1 = 00:00–00:15, 96 =
 * 23:45–24:00) may use at most these MW (empty: the overall cap of that side; 0: none in those blocks).
 */
export const standingClearanceBlockCapSchema = z.object({
  fromBlock: blockNumberSchema(F.fromBlock),
  toBlock: blockNumberSchema(F.toBlock),
  maxBuyMw: optionalUnit(centiMwSchema(S.rules.mwInvalid(F.blockBuyMw))),
  maxSellMw: optionalUnit(centiMwSchema(S.rules.mwInvalid(F.blockSellMw))),
});
export type StandingClearanceBlockCapInput = z.input<typeof standingClearanceBlockCapSchema>;

/** The parsed value of a field, or undefined when it did not parse (the rules between fields run on every answer). */
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const block = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 96 ? v : undefined);

/**
 * The rules between block ranges and the overall caps, every one reported on its field: To Block not before
 * From Block, a MW on at least one side, a side only when the clearance caps it and not above its overall cap,
 * and no two ranges sharing a block.
 */
function checkBlockCaps(v: Record<string, unknown>, issue: (path: (string | number)[], message: string) => void) {
  if (!Array.isArray(v.blockCaps)) return;
  const overall = { maxBuyMw: num(v.maxBuyMw) || undefined, maxSellMw: num(v.maxSellMw) || undefined };
  const ranges: { row: number; from: number; to: number }[] = [];
  v.blockCaps.forEach((raw: unknown, i: number) => {
    if (typeof raw !== 'object' || raw === null) return;
    const r = raw as Record<string, unknown>;
    const from = block(r.fromBlock);
    const to = block(r.toBlock);
    if (from !== undefined && to !== undefined) {
      if (to < from) issue(['blockCaps', i, 'toBlock'], S.rules.blockOrder);
      else {
        const clash = ranges.find((o) => from <= o.to && o.from <= to);
        if (clash) issue(['blockCaps', i, 'fromBlock'], S.rules.blockOverlap(clash.row, clash.from, clash.to));
        ranges.push({ row: i + 1, from, to });
      }
    }
    const sides = [
      ['maxBuyMw', F.maxBuyMw],
      ['maxSellMw', F.maxSellMw],
    ] as const;
    if ((r.maxBuyMw === null || r.maxBuyMw === undefined) && (r.maxSellMw === null || r.maxSellMw === undefined))
      issue(['blockCaps', i, 'maxBuyMw'], S.rules.blockMwRequired);
    for (const [side, label] of sides) {
      const cap = num(r[side]);
      if (cap === undefined) continue;
      const limit = overall[side];
      if (limit === undefined) {
        // The overall field has its own error when it is malformed; say nothing more then.
        if (v[side] === null || v[side] === undefined || v[side] === 0) issue(['blockCaps', i, side], S.rules.blockSideNotCleared(label));
      } else if (cap > limit) issue(['blockCaps', i, side], S.rules.blockAboveOverall(label, centiToMw(limit)));
    }
  });
}

/**
 * POST StandingClearance/Apply. Every field is checked at once (each error on its field), the rules
 * between fields too (a MW on at least one side, Valid To within 11 months). The server adds what needs
 * the clock and the database (Valid From not in the past, the entity's registration and quantum,
 * overlapping clearances).
 */
export const standingClearanceApplySchema = z
  .object({
    registrationId: z.string({ error: `${F.registrationId} is required` }).uuid(`${F.registrationId} is required`),
    transactionType: z.enum(STANDING_CLEARANCE_TYPES, { error: `${F.transactionType} is required` }),
    maxBuyMw: optionalUnit(centiMwSchema(S.rules.mwInvalid(F.maxBuyMw))),
    maxSellMw: optionalUnit(centiMwSchema(S.rules.mwInvalid(F.maxSellMw))),
    validFrom: z.string({ error: `${F.validFrom} is required` }).pipe(isoDateSchema),
    validTo: z.string({ error: `${F.validTo} is required` }).pipe(isoDateSchema),
    declaration: z.literal(true, { error: S.rules.declarationRequired }),
    remarks: text(1000).optional(),
    /** Optional caps per block range (decision 0077). */
    blockCaps: z.array(standingClearanceBlockCapSchema).max(MAX_BLOCK_CAPS, S.rules.tooManyBlockCaps(MAX_BLOCK_CAPS)).default([]),
  })
  // The rules between fields run even when another field is wrong (`when`), so one answer carries every error.
  .refine((v) => !!v.maxBuyMw || !!v.maxSellMw, { path: ['maxBuyMw'], message: S.rules.mwRequired, when: isObject })
  .superRefine((v, ctx) => checkBlockCaps(v, (path, message) => ctx.addIssue({ code: 'custom', path, message })), { when: isObject })
  .refine((v) => !validDates(v) || v.validTo >= v.validFrom, { path: ['validTo'], message: S.rules.toBeforeFrom, when: isObject })
  .refine((v) => !validDates(v) || v.validTo < v.validFrom || v.validTo <= maxValidTo(v.validFrom), {
    path: ['validTo'],
    error: (issue) => S.rules.tooLong(maxValidTo((issue.input as { validFrom: string }).validFrom)),
    when: isObject,
  });
export type StandingClearanceApply = z.output<typeof standingClearanceApplySchema>;
/** The body as the web sends it (MW as text). */
export type StandingClearanceApplyInput = z.input<typeof standingClearanceApplySchema>;

/** POST StandingClearance/Forward|Issue|Refuse|Revoke/{id}: the version seen and the remarks (the reason of a refusal or revocation). */
export const standingClearanceDecisionSchema = z.object({
  version: z.number({ error: S.errors.versionRequired }).int(),
  remarks: text(1000).default(''),
});
export type StandingClearanceDecision = z.output<typeof standingClearanceDecisionSchema>;

// ---- lists ----

/** GET StandingClearance/GetAll: the SLDC's every clearance, an applicant's or trader's own. */
export const standingClearanceListQuerySchema = pageQuerySchema.extend({
  transactionType: standingClearanceTypeSchema.optional(),
  status: standingClearanceDisplayStatusSchema.optional(),
  /** Part of the application or certificate number or the entity's name, any case. */
  search: text(100).optional(),
});
export type StandingClearanceListQuery = z.output<typeof standingClearanceListQuerySchema>;

export const standingClearanceRowSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  certificateNo: z.string().nullable(),
  transactionType: standingClearanceTypeSchema,
  registrationId: z.string(),
  entityName: z.string(),
  registrationNo: z.string().nullable(),
  /** MW as text, null when the clearance has no such side. */
  maxBuyMw: z.string().nullable(),
  maxSellMw: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  status: standingClearanceDisplayStatusSchema,
  statusDescription: z.string(),
  appliedOn: z.string(),
  issuedOn: z.string().nullable(),
  /** The fee due raised on application is still unpaid. */
  feeUnpaid: z.boolean(),
  version: z.number().int(),
});
export type StandingClearanceRow = z.infer<typeof standingClearanceRowSchema>;
export const standingClearanceListSchema = z.object({
  standingClearanceList: z.array(standingClearanceRowSchema),
  dataCount: z.number().int(),
});
export type StandingClearanceList = z.infer<typeof standingClearanceListSchema>;

export const standingClearanceHistorySchema = interStateHistorySchema;

/** A block range's caps as the detail shows them (MW as text; null: the overall cap of that side). */
export const standingClearanceBlockCapOutSchema = z.object({
  fromBlock: z.number().int(),
  toBlock: z.number().int(),
  /** The range as times, 'HH:MM' (toTime of block 96: '24:00'). */
  fromTime: z.string(),
  toTime: z.string(),
  maxBuyMw: z.string().nullable(),
  maxSellMw: z.string().nullable(),
});
export type StandingClearanceBlockCap = z.infer<typeof standingClearanceBlockCapOutSchema>;

export const standingClearanceDetailSchema = standingClearanceRowSchema.extend({
  /** The caps per block range, by From Block (decision 0077); empty: the overall caps in every block. */
  blockCaps: z.array(standingClearanceBlockCapOutSchema),
  remarks: z.string().nullable(),
  declaration: z.boolean(),
  appliedByName: z.string(),
  entityType: z.string(),
  injectionPoint: z.string().nullable(),
  drawalPoint: z.string().nullable(),
  /** The fee due: paise with GST, and its ledger status. */
  feeDueId: z.string().nullable(),
  feeAmount: z.number().int().nullable(),
  feeStatus: z.string().nullable(),
  /** The reason of the refusal or revocation. */
  decisionReason: z.string().nullable(),
  decidedOn: z.string().nullable(),
  /** The certificate's verification code (issued clearances only). */
  verificationCode: z.string().nullable(),
  /** Issued by the deemed-issue job: no decision within the configured working days (decision 0062). */
  deemed: z.boolean(),
  /** The DISCOM/TRANSCO whose consent was asked (null: not required), and when it consented. */
  consentUtility: z.string().nullable(),
  consentedOn: z.string().nullable(),
  /** What the caller may do now. */
  actions: z.array(standingClearanceActionSchema),
  history: z.array(standingClearanceHistorySchema),
  viewerRole: roleSchema,
});
export type StandingClearanceDetail = z.infer<typeof standingClearanceDetailSchema>;

/** GET StandingClearance/GetFee: the fee in force today. */
export const standingClearanceFeeSchema = z.object({
  baseAmount: z.number().int(),
  gstRatePercent: z.string(),
  gstAmount: z.number().int(),
  totalAmount: z.number().int(),
  effectiveFrom: z.string(),
});

/** GET StandingClearance/Verify/{code}: the public check, enough to rely on the certificate and nothing more. */
export const standingClearanceVerificationSchema = z.object({
  certificateNo: z.string(),
  entityName: z.string(),
  registrationNo: z.string().nullable(),
  transactionType: standingClearanceTypeSchema,
  maxBuyMw: z.string().nullable(),
  maxSellMw: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Valid: in force today; NotYetValid: issued, its period ahead; Revoked; Expired. */
  status: z.enum(['Valid', 'NotYetValid', 'Revoked', 'Expired']),
  issuedOn: z.string(),
  revokedOn: z.string().nullable(),
  /** Issued as deemed: the SLDC did not decide within the configured working days. */
  deemed: z.boolean(),
  /** The caps per block range as the certificate prints them (decisions 0077, 0088); empty: the overall caps in every block. */
  blockCaps: z.array(standingClearanceBlockCapOutSchema),
});
export type StandingClearanceVerification = z.infer<typeof standingClearanceVerificationSchema>;
