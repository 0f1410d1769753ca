import { z } from 'zod';

import { entityTypeSchema, roleSchema } from '../account/roles';
import { pageQuerySchema } from '../common/pagination';
import { chargeRateSchema } from '../configuration/configuration.schemas';
import { transcoDiscomItemSchema } from '../users/users.schemas';
import { REGISTRATION_STATUSES, WORKFLOW_ACTIONS } from './registrations.workflow';

export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export const workflowActionSchema = z.enum(WORKFLOW_ACTIONS);

/** `status` of a list row (spec 001 §3): the value and its label. */
export const statusObjectSchema = z.object({ status: registrationStatusSchema, statusDescription: z.string() });

/** Registration row of the lists (spec 001 §3) plus what the web needs to offer its actions. */
export const registrationRowSchema = z.object({
  id: z.string(),
  entityType: entityTypeSchema,
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  issuingAuthority: z.string().nullable(),
  tradingLicenceNo: z.string().nullable(),
  /** ISO instant. */
  updatedOn: z.string(),
  /** Last day of validity (YYYY-MM-DD) once approved. */
  expiredOn: z.string().nullable(),
  status: statusObjectSchema,
  isRenewal: z.boolean(),
  previousRegistrationId: z.string().nullable(),
  /** The signed-in owner may renew it (status Approved or Expired and no renewal in progress). */
  canRenew: z.boolean(),
  // The entity grid of spec 001 §2 (null where the entity type or the record has no value; decision 0019a).
  /** Drawee and Both: the DISCOM consumer number. */
  consumerNumber: z.string().nullable(),
  /** The first day of open access: the record's validity start (YYYY-MM-DD) once approved. */
  dateOfOpenAccessStart: z.string().nullable(),
  /** MW (Injecting and Both). */
  stoaInjectionQuantum: z.number().nullable(),
  /** MW (Drawee and Both). */
  stoaDrawlQuantum: z.number().nullable(),
  /** The connection point(s): substation and voltage, injection first. */
  connectivity: z.string().nullable(),
  /** The zone of the TRANSCO the entity injects into. */
  transmissionZone: z.string().nullable(),
  /** The zones of the drawal step's zone rows, else the DISCOM's zone. */
  distributionZone: z.string().nullable(),
});
export type RegistrationRow = z.infer<typeof registrationRowSchema>;

export const registrationListQuerySchema = pageQuerySchema.extend({
  status: registrationStatusSchema.optional(),
  entityName: z.string().trim().max(200).optional(),
  registrationNo: z.string().trim().max(50).optional(),
  entityType: entityTypeSchema.optional(),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;
export const registrationListSchema = z.object({ registrationList: z.array(registrationRowSchema), dataCount: z.number().int() });
export type RegistrationList = z.infer<typeof registrationListSchema>;

export const registrationHistoryItemSchema = z.object({
  action: z.string(),
  fromStatus: registrationStatusSchema.nullable(),
  toStatus: registrationStatusSchema,
  /** Null for the system (deemed consent, expiry). */
  actorName: z.string().nullable(),
  role: roleSchema.nullable(),
  remarks: z.string().nullable(),
  at: z.string(),
});

export const fileValidationSchema = z.object({
  fieldName: z.string(),
  documentLabel: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  validUpto: z.string().nullable(),
  isValid: z.boolean().nullable(),
  comments: z.string().nullable(),
});
export type FileValidation = z.infer<typeof fileValidationSchema>;
export const fileValidationListSchema = z.object({ fileList: z.array(fileValidationSchema) });

export const registrationDetailSchema = z.object({
  id: z.string(),
  entityType: entityTypeSchema,
  status: registrationStatusSchema,
  statusDescription: z.string(),
  registrationNo: z.string().nullable(),
  /** Optimistic concurrency: send it back with every action. */
  version: z.number().int(),
  /** The form values (normalized by the entity type's form definition). */
  data: z.record(z.string(), z.unknown()),
  validFrom: z.string().nullable(),
  expiredOn: z.string().nullable(),
  isRenewal: z.boolean(),
  previousRegistrationId: z.string().nullable(),
  submittedOn: z.string().nullable(),
  updatedOn: z.string(),
  ownerName: z.string(),
  discom: transcoDiscomItemSchema.nullable(),
  transco: transcoDiscomItemSchema.nullable(),
  /** Workflow actions the signed-in user may take now. */
  allowedActions: z.array(workflowActionSchema),
  formMode: z.enum(['Write', 'ReadOnly']),
  canRenew: z.boolean(),
  canEditTraderDetails: z.boolean(),
  history: z.array(registrationHistoryItemSchema),
  fileList: z.array(fileValidationSchema),
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;

const formData = z.record(z.string(), z.unknown());

/** Submit{EntityType}Registration: a new record, a saved draft or a returned record being resubmitted. */
export const registrationSubmitSchema = z.object({
  id: z.string().uuid().optional(),
  version: z.number().int().optional(),
  /** Save without submitting (status Draft, validated only on submit). */
  isDraft: z.boolean().default(false),
  data: formData,
});
export type RegistrationSubmit = z.infer<typeof registrationSubmitSchema>;

/** Renew{EntityType}Registration: a renewal of an Approved or Expired registration. */
export const registrationRenewSchema = registrationSubmitSchema.extend({
  previousRegistrationId: z.string().uuid(),
});
export type RegistrationRenew = z.infer<typeof registrationRenewSchema>;

export const fileValidationInputSchema = z.object({
  fileId: z.string().uuid(),
  isValid: z.boolean(),
  comments: z.string().trim().max(500).optional(),
});

/** Body of ApproveAndForward / Approve / Reject / SeekClarification. */
export const registrationActionSchema = z.object({
  version: z.number().int(),
  remarks: z.string().trim().max(1000).default(''),
  /** The SLDC's verdict on each document (verification step). */
  fileValidations: z.array(fileValidationInputSchema).max(50).optional(),
});
export type RegistrationActionInput = z.infer<typeof registrationActionSchema>;

export const editTraderDetailsSchema = z.object({ version: z.number().int(), data: formData });

export const mandatoryCheckSchema = z.object({ key: z.string(), label: z.string(), passed: z.boolean(), detail: z.string() });
export const mandatoryCheckListSchema = z.object({ checkList: z.array(mandatoryCheckSchema) });

/** A fee in force today (GetRegistrationFee / GetRenewalFee), amounts in paise. */
export const feeQuoteSchema = z.object({
  head: z.string(),
  baseAmount: z.number().int(),
  gstRatePercent: z.string(),
  gstAmount: z.number().int(),
  totalAmount: z.number().int(),
  effectiveFrom: z.string(),
});
export const chargeListSchema = z.object({ chargeList: z.array(chargeRateSchema) });
export const utilityListSchema = z.array(transcoDiscomItemSchema);

export const registrationIdParams = z.object({ id: z.string().uuid('Invalid id') });
export const registrationActionParams = z.object({ id: z.string().uuid('Invalid id'), type: entityTypeSchema });
