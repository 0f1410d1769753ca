import { z } from 'zod';

import { roleSchema } from '../account/roles';
import { MAX_SCHEDULE_ROWS, scheduleRowInputSchema } from '../applications/schedule';
import { pageQuerySchema } from '../common/pagination';
import { enApplications } from '../messages/en.applications';
import { enInterStateConsent } from '../messages/en.inter-state-consent';
import { interStateHistorySchema, interStateText as text } from './inter-state.schemas';
import {
  INTER_STATE_CONSENT_ACTIONS,
  INTER_STATE_CONSENT_DIRECTIONS,
  INTER_STATE_CONSENT_DISPLAY_STATUSES,
  INTER_STATE_CONSENT_STATUSES,
} from './inter-state-consent.workflow';

const C = enInterStateConsent;
const F = C.fields;

export const interStateConsentDirectionSchema = z.enum(INTER_STATE_CONSENT_DIRECTIONS);
export const interStateConsentStatusSchema = z.enum(INTER_STATE_CONSENT_STATUSES);
/** The stored statuses and Expired (computed from the period, decision 0088). */
export const interStateConsentDisplayStatusSchema = z.enum(INTER_STATE_CONSENT_DISPLAY_STATUSES);
export const interStateConsentActionSchema = z.enum(INTER_STATE_CONSENT_ACTIONS);

const requiredText = (label: string, max: number) =>
  z.string({ error: C.errors.required(label) }).pipe(text(max).refine((s) => s !== '', C.errors.required(label)));

export const interStateConsentIdParams = z.object({ id: z.string().uuid('Invalid id') });

/**
 * POST InterStateConsent/Apply: a new request or an edit of the caller's draft (`id`, `version`),
 * saved as a draft or submitted (`submit`). The rows use the applications' schedule row contract;
 * the server adds the schedule rules (validateSchedule, the registered quantum as the limit), the
 * start not before today, the entity and its connection point, and the defaulter check.
 */
export const interStateConsentApplySchema = z.object({
  id: z.string().uuid('Invalid id').optional(),
  version: z.number().int().optional(),
  registrationId: z.string({ error: C.errors.required(F.registrationId) }).uuid(C.errors.required(F.registrationId)),
  direction: z.enum(INTER_STATE_CONSENT_DIRECTIONS, { error: C.errors.required(F.direction) }),
  counterpartyState: requiredText(F.counterpartyState, 100),
  counterpartyEntity: requiredText(F.counterpartyEntity, 200),
  traderName: text(200).optional(),
  scheduleList: z.array(scheduleRowInputSchema).max(MAX_SCHEDULE_ROWS, enApplications.schedule.tooManyRows(MAX_SCHEDULE_ROWS)),
  remarks: text(1000).optional(),
  submit: z.boolean().default(false),
});
export type InterStateConsentApply = z.output<typeof interStateConsentApplySchema>;
export type InterStateConsentApplyInput = z.input<typeof interStateConsentApplySchema>;

/**
 * POST InterStateConsent/Forward|Consent|Refuse/{id}: the version seen, the remarks (the reason of a
 * refusal), and for Forward (a proposal) or Consent the reduced MW: each span (dates, times) consented
 * for at most its MW; blocks not named keep the requested MW. None: consent in full.
 */
export const interStateConsentDecisionSchema = z.object({
  version: z.number({ error: C.errors.versionRequired }).int(),
  remarks: text(1000).default(''),
  reductions: z.array(scheduleRowInputSchema).max(MAX_SCHEDULE_ROWS).default([]),
});
export type InterStateConsentDecision = z.output<typeof interStateConsentDecisionSchema>;
export type InterStateConsentDecisionInput = z.input<typeof interStateConsentDecisionSchema>;

/** POST InterStateConsent/Revoke/{id} (decision 0077): the version seen and the reason (required). */
export const interStateConsentRevokeSchema = z.object({
  version: z.number({ error: C.errors.versionRequired }).int(),
  remarks: z.string({ error: C.errors.reasonRequired }).pipe(text(1000).refine((s) => s !== '', C.errors.reasonRequired)),
});
export type InterStateConsentRevoke = z.output<typeof interStateConsentRevokeSchema>;

export const interStateConsentListQuerySchema = pageQuerySchema.extend({
  /** Expired: consented (in full or for less) and the period has ended; Consented and PartiallyConsented: still in force. */
  status: interStateConsentDisplayStatusSchema.optional(),
  /** Part of the application or consent number or the entity's name, any case. */
  search: text(100).optional(),
});
export type InterStateConsentListQuery = z.output<typeof interStateConsentListQuerySchema>;

export const interStateConsentRowSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  certificateNo: z.string().nullable(),
  registrationId: z.string(),
  entityName: z.string(),
  direction: interStateConsentDirectionSchema,
  counterpartyState: z.string(),
  counterpartyEntity: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** The largest requested and consented block, MW as text (consented: null until decided). */
  maxRequestedMw: z.string(),
  maxGrantedMw: z.string().nullable(),
  /** Expired once a consent's period has ended (IST), whatever it was consented as (decision 0088). */
  status: interStateConsentDisplayStatusSchema,
  statusDescription: z.string(),
  deemed: z.boolean(),
  submittedOn: z.string().nullable(),
  version: z.number().int(),
});
export type InterStateConsentRow = z.infer<typeof interStateConsentRowSchema>;
export const interStateConsentListSchema = z.object({
  consentList: z.array(interStateConsentRowSchema),
  dataCount: z.number().int(),
});
export type InterStateConsentList = z.infer<typeof interStateConsentListSchema>;

const scheduleRowOutSchema = z.object({
  oaFromDate: z.string(),
  oaToDate: z.string(),
  fromTimeBlock: z.string(),
  toTimeBlock: z.string(),
  oaRequirement: z.string(),
});
export type InterStateConsentScheduleRow = z.infer<typeof scheduleRowOutSchema>;

/** The SLDC's check of one day: the largest request, the least margin left over the requested blocks and the blocks short of margin. */
export const interStateConsentDayCheckSchema = z.object({
  date: z.string(),
  maxRequestedMw: z.string(),
  /** Null: no inter-state margin uploaded for the point on that day. */
  minRemainingMw: z.string().nullable(),
  shortBlocks: z.array(z.number().int()),
  maxGrantedMw: z.string().nullable(),
});

export const interStateConsentDetailSchema = interStateConsentRowSchema.extend({
  traderName: z.string().nullable(),
  remarks: z.string().nullable(),
  registrationNo: z.string().nullable(),
  /** The connection point (ATC element) whose inter-state margin the request uses. */
  point: z.string(),
  appliedByName: z.string(),
  scheduleList: z.array(scheduleRowOutSchema),
  /** What was consented, as rows of equal MW per day (empty until consented). */
  grantedList: z.array(scheduleRowOutSchema),
  /** The business user's proposed reductions (Forward), prefilled for the approver. */
  proposedReductions: z.array(scheduleRowOutSchema),
  checks: z.array(interStateConsentDayCheckSchema),
  /** The entity's dues: defaulter flag and the unpaid total in paise. */
  defaulter: z.boolean(),
  unpaidDuesPaise: z.number().int(),
  decisionReason: z.string().nullable(),
  decidedOn: z.string().nullable(),
  /** The revocation (decision 0077): when and why; null while not revoked. */
  revokedOn: z.string().nullable(),
  revocationReason: z.string().nullable(),
  /** Consented and the period's last day (IST) has passed: of no further effect. */
  expired: z.boolean(),
  actions: z.array(interStateConsentActionSchema),
  /** The caller may edit and submit this draft. */
  editable: z.boolean(),
  history: z.array(interStateHistorySchema),
  viewerRole: roleSchema,
});
export type InterStateConsentDetail = z.infer<typeof interStateConsentDetailSchema>;

/** GET InterStateConsent/Verify/{code}: the public check of a consent certificate (decision 0068), nothing more. */
export const interStateConsentVerificationSchema = z.object({
  /** What the code belongs to, so the /verify page can say so. */
  type: z.literal('InterStateConsent'),
  certificateNo: z.string(),
  entityName: z.string(),
  direction: interStateConsentDirectionSchema,
  counterpartyState: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /**
   * Consented: the SLDC consented (in full or for less); Deemed: no decision within the working days;
   * Revoked: revoked by the SLDC; Expired: the period's last day (IST) has passed (decision 0077).
   */
  status: z.enum(['Consented', 'Deemed', 'Revoked', 'Expired']),
  partial: z.boolean(),
  /** Consented as deemed (kept when revoked or expired). */
  deemed: z.boolean(),
  consentedOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
});
export type InterStateConsentVerification = z.infer<typeof interStateConsentVerificationSchema>;
