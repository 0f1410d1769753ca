import { z } from 'zod';

import { isoDateSchema } from '../common/patterns';
import { enApplications } from '../messages/en.applications';
import { applicationStatusObjectSchema, applicationStatusSchema, applicationTypeSchema } from './applications.schemas';

/** Processing, pro-rata allocation, downloads and arrivals; the application itself is in applications.schemas.ts. */

const E = enApplications.errors;

const uuid = (message = 'Invalid id') => z.string().uuid(message);

// ---- processing (phase 2) ----

const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');
/** 96 MW strings with 2 decimals, block 1 (00:00–00:15) first. */
const mwBlocks = z.array(z.string());

export const processApplicationsParams = z.object({ type: applicationTypeSchema, date: isoDateSchema });
export const processingResultParams = z.object({ type: applicationTypeSchema, processingDate: isoDateSchema });
export const approveAllParams = z.object({ type: applicationTypeSchema, processingDate: isoDateSchema, month: monthText });
export const openAccessParams = z.object({ applicationId: uuid() });

/** Completed: every application of the batch was processed; Congested: an Advance batch left pending for e-bidding. */
export const PROCESSING_RUN_STATUSES = ['Completed', 'Congested'] as const;
export const processingRunStatusSchema = z.enum(PROCESSING_RUN_STATUSES);
export type ProcessingRunStatus = z.infer<typeof processingRunStatusSchema>;
/** What processing decided for one application of the run (Congested: left pending, Advance). */
export const PROCESSING_OUTCOMES = ['Approved', 'PartiallyApproved', 'NoSTOARejected', 'Congested'] as const;
export const processingOutcomeSchema = z.enum(PROCESSING_OUTCOMES);
export type ProcessingOutcome = z.infer<typeof processingOutcomeSchema>;

export const processingRunSchema = z.object({
  id: z.string(),
  type: applicationTypeSchema,
  /** The date of the run: the start date of the batch (Advance: the first day of its month). */
  processingDate: z.string(),
  status: processingRunStatusSchema,
  startedBy: z.object({ id: z.string(), name: z.string() }),
  startedAt: z.string(),
  finishedAt: z.string(),
  applicationCount: z.number().int(),
  approvedCount: z.number().int(),
  partiallyApprovedCount: z.number().int(),
  rejectedCount: z.number().int(),
  /** Advance: the (element, block, day) triples whose requests exceed the margin. */
  congestedBlockCount: z.number().int(),
  congestedElements: z.array(z.string()),
});
export type ProcessingRun = z.infer<typeof processingRunSchema>;

export const processingItemSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  month: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  submittedAt: z.string().nullable(),
  outcome: processingOutcomeSchema,
  /** The application's status now (approvers move it on). */
  status: applicationStatusObjectSchema,
  requestedMwh: z.string(),
  grantedMwh: z.string(),
});
export const processingResultSchema = z.object({ run: processingRunSchema, applicationList: z.array(processingItemSchema) });
export type ProcessingResult = z.infer<typeof processingResultSchema>;

export const processingDatesQuerySchema = z.object({ type: applicationTypeSchema.optional() });
export const processingDateListSchema = z.array(
  z.object({
    id: z.string(),
    type: applicationTypeSchema,
    processingDate: z.string(),
    status: processingRunStatusSchema,
    finishedAt: z.string(),
    applicationCount: z.number().int(),
  }),
);

export const approveAllResultSchema = z.object({
  approvedCount: z.number().int(),
  /** Applications of the run (and month) that were not at the caller's level. */
  skippedCount: z.number().int(),
  applicationList: z.array(z.object({ applicationId: z.string(), applicationNo: z.string(), status: applicationStatusObjectSchema })),
});
export type ApproveAllResult = z.infer<typeof approveAllResultSchema>;

/** StoaCheck/{id}: the application's requests against the margin left on its path, per day. */
export const stoaCheckSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  status: applicationStatusSchema,
  /** The path: the seller's injection substation and the buyer's drawal substation, and the ATC element each matched (null: none). */
  path: z.array(z.object({ side: z.enum(['Injection', 'Drawal']), substation: z.string().nullable(), element: z.string().nullable() })),
  days: z.array(z.object({ date: z.string(), requested: mwBlocks, available: mwBlocks, shortBlockCount: z.number().int() })),
  /** Blocks (over all days) where the request exceeds the available margin. */
  shortBlockCount: z.number().int(),
});
export type StoaCheck = z.infer<typeof stoaCheckSchema>;

/** GetOpenAccessDetails/{applicationId}: requested and granted MW per day and block. */
export const openAccessDetailsSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  status: applicationStatusSchema,
  statusDescription: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      requested: mwBlocks,
      granted: mwBlocks.nullable(),
      requestedMwh: z.string(),
      grantedMwh: z.string().nullable(),
    }),
  ),
  requestedMwh: z.string(),
  grantedMwh: z.string().nullable(),
});
export type OpenAccessDetails = z.infer<typeof openAccessDetailsSchema>;

// ---- pro-rata allocation, downloads, arrivals (issue 5; decision 0012) ----

/** AllocateProRata: the batch of ProcessApplications/{type}/{date} to allocate pro-rata (a dry run). */
export const allocateProRataSchema = z.object({ type: applicationTypeSchema, date: isoDateSchema });
export type AllocateProRata = z.output<typeof allocateProRataSchema>;

/** One application of a pro-rata allocation: what it asked and what it would get (or got). */
export const allocationItemSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  submittedAt: z.string().nullable(),
  sellerName: z.string(),
  buyerName: z.string(),
  status: applicationStatusObjectSchema,
  requestedMwh: z.string(),
  /** Granted before this allocation (null: not processed yet). */
  previousGrantedMwh: z.string().nullable(),
  grantedMwh: z.string(),
  outcome: z.enum(['Approved', 'PartiallyApproved', 'NoSTOARejected']),
});
export type AllocationItem = z.infer<typeof allocationItemSchema>;

/** AllocateProRata: the pro-rata shares of the pending batch against the margin left now; nothing is saved. */
export const allocationPreviewSchema = z.object({
  type: applicationTypeSchema,
  /** The batch's date (Advance: the first day of its month). */
  processingDate: z.string(),
  days: z.array(z.string()),
  /** (day, element, block) triples where the batch asks more than the margin left. */
  congestedBlockCount: z.number().int(),
  requestedMwh: z.string(),
  grantedMwh: z.string(),
  applicationList: z.array(allocationItemSchema),
});
export type AllocationPreview = z.infer<typeof allocationPreviewSchema>;

export const allocateQuantumParams = z.object({ processingDate: isoDateSchema, type: applicationTypeSchema });

/** AllocateQuantumProRataBasis: the margin left now shared pro-rata among the run's applications still short. */
export const quantumAllocationSchema = z.object({
  /** Applications whose grant or status changed. */
  allocatedCount: z.number().int(),
  /** Energy added by this allocation over all of them. */
  allocatedMwh: z.string(),
  applicationList: z.array(allocationItemSchema),
  result: processingResultSchema,
});
export type QuantumAllocation = z.infer<typeof quantumAllocationSchema>;

/** GetApplications/{type}/{loggedInDateTime}: an ISO 8601 instant with its offset ('2026-11-21T09:30:00Z', '…+05:30'). */
export const applicationsSinceParams = z.object({
  type: applicationTypeSchema,
  loggedInDateTime: z
    .string()
    .refine(
      (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
      E.loggedInDateTimeInvalid,
    ),
});
/** At most this many changed applications are listed by GetApplications (dataCount still counts them all, capped like the lists). */
export const APPLICATIONS_SINCE_LIMIT = 100;
