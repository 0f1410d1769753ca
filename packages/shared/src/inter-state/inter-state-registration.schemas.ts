import { z } from 'zod';

import { entityTypeSchema, utilityTypeSchema } from '../account/roles';
import { pageQuerySchema } from '../common/pagination';
import { enInterStateRegistration } from '../messages/en.inter-state-registration';
import { WORKFLOW_ACTIONS } from '../registrations/workflow-engine';
import { interStateHistorySchema, interStateText as text } from './inter-state.schemas';
import { INTER_STATE_REGISTRATION_STATUSES } from './inter-state-registration.workflow';

const T = enInterStateRegistration;
const F = T.fields;

/** The regional load despatch centres (NOAR regions) an entity's state belongs to. */
export const INTER_STATE_REGIONS = ['NR', 'WR', 'SR', 'ER', 'NER'] as const;
export type InterStateRegion = (typeof INTER_STATE_REGIONS)[number];
/** The inter-state transactions the entity means to take part in. */
export const INTER_STATE_TRANSACTION_TYPES = ['Bilateral', 'PowerExchange'] as const;
export type InterStateTransactionType = (typeof INTER_STATE_TRANSACTION_TYPES)[number];

/** The documents of an inter-state registration, in form order (each an upload of POST /File/Upload). */
export const INTER_STATE_REGISTRATION_DOCUMENTS = [
  { name: 'noarCertificateFileId', label: F.noarCertificateFileId, required: true },
  { name: 'meterCertificateFileId', label: F.meterCertificateFileId, required: true },
  { name: 'otherDocumentFileId', label: F.otherDocumentFileId, required: false },
] as const;
export type InterStateRegistrationDocumentName = (typeof INTER_STATE_REGISTRATION_DOCUMENTS)[number]['name'];
/** The formName of the uploads (POST /File/Upload?formName=…). */
export const INTER_STATE_REGISTRATION_FORM_NAME = 'InterStateRegistration';

export const interStateRegistrationStatusSchema = z.enum(INTER_STATE_REGISTRATION_STATUSES);
export const interStateRegistrationIdParams = z.object({ id: z.string().uuid('Invalid id') });
export const interStateFileIdParams = z.object({ fileId: z.string().uuid('Invalid id') });

/** NOAR / regional entity identifiers: letters, digits, '/', '-' (their format is the registry's). */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9/-]{2,39}$/;
const identifier = text(40).refine((s) => s === '' || IDENTIFIER.test(s), T.errors.noarPattern);
const fileId = z.string().uuid(T.errors.invalidFile('File'));

/**
 * The form's values. A draft needs only the entity and the utility type; submitting needs every
 * required value (checked here, field by field, so every missing value is reported at once).
 */
export const interStateRegistrationValuesSchema = z.object({
  region: z.enum(INTER_STATE_REGIONS).optional(),
  noarRegistrationNo: identifier.optional(),
  regionalEntityCode: identifier.optional(),
  transactionTypes: z.array(z.enum(INTER_STATE_TRANSACTION_TYPES)).max(2).optional(),
  /** MW, two decimals: at most the registered STOA quantum (server). */
  interStateQuantumMw: z.number().multipleOf(0.01, 'At most two decimals').max(100_000).optional(),
  mainMeterNo: text(40).optional(),
  checkMeterNo: text(40).optional(),
  meteringConfirmed: z.boolean().optional(),
  energyAccountingConfirmed: z.boolean().optional(),
  noarCertificateFileId: fileId.optional(),
  meterCertificateFileId: fileId.optional(),
  otherDocumentFileId: fileId.optional(),
});
export type InterStateRegistrationValues = z.output<typeof interStateRegistrationValuesSchema>;

/** Required on submit: [field, label] — the message names the label. */
const REQUIRED_ON_SUBMIT: [keyof InterStateRegistrationValues, string][] = [
  ['region', F.region],
  ['noarRegistrationNo', F.noarRegistrationNo],
  ['transactionTypes', F.transactionTypes],
  ['interStateQuantumMw', F.interStateQuantumMw],
  ['mainMeterNo', F.mainMeterNo],
  ['noarCertificateFileId', F.noarCertificateFileId],
  ['meterCertificateFileId', F.meterCertificateFileId],
];

/**
 * POST InterState/SubmitRegistration: a new record, or an edit of the caller's draft or returned record
 * (`id`, `version`), saved as a draft (`draft: true`) or submitted.
 */
export const interStateRegistrationSubmitSchema = interStateRegistrationValuesSchema
  .extend({
    id: z.string().uuid('Invalid id').optional(),
    version: z.number().int().optional(),
    registrationId: z.string({ error: T.errors.required(F.registrationId) }).uuid(T.errors.required(F.registrationId)),
    utilityType: utilityTypeSchema,
    draft: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.draft) return;
    for (const [key, label] of REQUIRED_ON_SUBMIT) {
      const value = v[key];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
        ctx.addIssue({ code: 'custom', path: [key], message: T.errors.required(label) });
    }
    if (v.interStateQuantumMw !== undefined && v.interStateQuantumMw <= 0)
      ctx.addIssue({ code: 'custom', path: ['interStateQuantumMw'], message: T.errors.quantumMin });
    if (v.meteringConfirmed !== true) ctx.addIssue({ code: 'custom', path: ['meteringConfirmed'], message: T.errors.mustConfirm });
    if (v.energyAccountingConfirmed !== true)
      ctx.addIssue({ code: 'custom', path: ['energyAccountingConfirmed'], message: T.errors.mustConfirm });
  });
export type InterStateRegistrationSubmit = z.output<typeof interStateRegistrationSubmitSchema>;
export type InterStateRegistrationSubmitInput = z.input<typeof interStateRegistrationSubmitSchema>;

/** POST InterState/{ApproveAndForward|Approve|SeekClarification|Reject}/{id}: the version seen and the remarks. */
export const interStateRegistrationActionSchema = z.object({
  version: z.number({ error: T.errors.versionRequired }).int(),
  remarks: text(1000).default(''),
});
export type InterStateRegistrationAction = z.output<typeof interStateRegistrationActionSchema>;
export type InterStateRegistrationActionInput = z.input<typeof interStateRegistrationActionSchema>;

export const interStateRegistrationListQuerySchema = pageQuerySchema.extend({
  status: interStateRegistrationStatusSchema.optional(),
  utilityType: utilityTypeSchema.optional(),
  /** Part of the entity's name or of the NOAR, SLDC or inter-state registration number, any case. */
  search: text(100).optional(),
});
export type InterStateRegistrationListQuery = z.output<typeof interStateRegistrationListQuerySchema>;

const statusObject = z.object({ status: interStateRegistrationStatusSchema, statusDescription: z.string() });

export const interStateRegistrationRowSchema = z.object({
  id: z.string(),
  utilityType: utilityTypeSchema,
  interStateRegistrationNo: z.string().nullable(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  noarRegistrationNo: z.string().nullable(),
  utilityName: z.string().nullable(),
  region: z.enum(INTER_STATE_REGIONS).nullable(),
  /** ISO instant. */
  updatedOn: z.string(),
  status: statusObject,
});
export type InterStateRegistrationRow = z.infer<typeof interStateRegistrationRowSchema>;
export const interStateRegistrationListSchema = z.object({
  registrationList: z.array(interStateRegistrationRowSchema),
  dataCount: z.number().int(),
});
export type InterStateRegistrationList = z.infer<typeof interStateRegistrationListSchema>;

export const interStateRegistrationDocumentSchema = z.object({
  fieldName: z.string(),
  label: z.string(),
  fileId: z.string(),
  fileName: z.string(),
});

export const interStateRegistrationDetailSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: statusObject,
  utilityType: utilityTypeSchema,
  utilityId: z.string().nullable(),
  utilityName: z.string().nullable(),
  registrationId: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  interStateRegistrationNo: z.string().nullable(),
  values: interStateRegistrationValuesSchema,
  documents: z.array(interStateRegistrationDocumentSchema),
  history: z.array(interStateHistorySchema),
  allowedActions: z.array(z.enum(WORKFLOW_ACTIONS)),
  formMode: z.enum(['Write', 'ReadOnly']),
  isOwner: z.boolean(),
  /** How many times it was submitted (the comparison download needs one). */
  submissions: z.number().int(),
  submittedOn: z.string().nullable(),
  approvedOn: z.string().nullable(),
  updatedOn: z.string(),
});
export type InterStateRegistrationDetail = z.infer<typeof interStateRegistrationDetailSchema>;

/** An approved registration of the caller that may register for inter-state, with the utilities it names. */
export const interStateEligibleSchema = z.object({
  registrationId: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  utilities: z.array(z.object({ utilityType: utilityTypeSchema, utilityId: z.string(), name: z.string() })),
  /** The registered STOA quantum (MW): the larger of injection and drawal. */
  maxQuantumMw: z.number().nullable(),
  /** An inter-state registration of it is in progress or approved (a new one is refused). */
  openInterStateRegistrationId: z.string().nullable(),
});
export type InterStateEligible = z.infer<typeof interStateEligibleSchema>;
export const interStateEligibleListSchema = z.array(interStateEligibleSchema);
