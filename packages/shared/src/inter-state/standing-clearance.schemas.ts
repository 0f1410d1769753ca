import { z } from 'zod';

import { roleSchema } from '../account/roles';
import { pageQuerySchema } from '../common/pagination';
import { isoDateSchema } from '../common/patterns';
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
  })
  // The rules between fields run even when another field is wrong (`when`), so one answer carries every error.
  .refine((v) => !!v.maxBuyMw || !!v.maxSellMw, { path: ['maxBuyMw'], message: S.rules.mwRequired, when: isObject })
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

export const standingClearanceDetailSchema = standingClearanceRowSchema.extend({
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
});
export type StandingClearanceVerification = z.infer<typeof standingClearanceVerificationSchema>;
