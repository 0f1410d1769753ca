import { z } from 'zod';

import { roleSchema } from '../account/roles';
import { isoDateSchema } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { mwToCenti } from '../common/units';
import { enApplications } from '../messages/en.applications';
import { enRevisions } from '../messages/en.revisions';
import { applicationStatusSchema, applicationTypeSchema } from '../applications/applications.schemas';
import { requirementSchema } from '../applications/schedule';
import { isTimeBlock } from '../applications/time-blocks';
import { en } from '../messages/en';
import { isIsoDate } from '../forms/form.values';
import { MAX_REVISION_ROWS } from './revision-rules';
import { REVISION_ACTIONS, REVISION_STATUSES, SCHEDULE_VERSION_SOURCES } from './revisions.workflow';

const F = enRevisions.fields;
const E = enRevisions.errors;
const uuid = (message = 'Invalid id') => z.string().uuid(message);

export const revisionStatusSchema = z.enum(REVISION_STATUSES);
export const revisionActionSchema = z.enum(REVISION_ACTIONS);
export const scheduleVersionSourceSchema = z.enum(SCHEDULE_VERSION_SOURCES);

const date = (label: string) => z.string({ error: `${label} is required` }).refine((v) => isIsoDate(v), en.validation.dateInvalid);
const time = (label: string) =>
  z.string({ error: `${label} is required` }).refine((v) => isTimeBlock(v), enApplications.schedule.timeInvalid);

/** One row of a revision: the revised MW for the blocks [From time, To time) of each date in [From, To]. */
export const revisionRowInputSchema = z
  .object({
    oaFromDate: date(F.oaFromDate),
    oaToDate: date(F.oaToDate),
    fromTimeBlock: time(F.fromTimeBlock),
    toTimeBlock: time(F.toTimeBlock),
    revisedRequirement: requirementSchema,
  })
  // The revised MW read once for the server (decision 0027); the text stays for the rules' messages.
  .transform((row) => ({ ...row, revisedCenti: mwToCenti(row.revisedRequirement) }));
export type RevisionRowInput = z.output<typeof revisionRowInputSchema>;

// ---- params ----

export const revisionIdParams = z.object({ revisionId: uuid() });
export const revisionApplicationParams = z.object({ revisionId: uuid(), applicationId: uuid() });
export const revisableApplicationParams = z.object({ applicationId: uuid() });

// ---- bodies ----

/** POST Revision/Request: a downward revision of an approved application's schedule. */
export const revisionRequestSchema = z.object({
  applicationId: z.string({ error: `${F.applicationId} is required` }).uuid(`${F.applicationId} is required`),
  revisionList: z.array(revisionRowInputSchema).max(MAX_REVISION_ROWS, enRevisions.rules.tooManyRows(MAX_REVISION_ROWS)),
  remarks: z.string().trim().max(1000).optional(),
});
export type RevisionRequest = z.output<typeof revisionRequestSchema>;
/** The body as the web sends it (the revised MW as text). */
export type RevisionRequestInput = z.input<typeof revisionRequestSchema>;

/** POST Revision/Approve/{revisionId} and Revision/Reject/{revisionId}. */
export const revisionDecisionSchema = z.object({
  version: z.number({ error: E.versionRequired }).int(),
  remarks: z.string().trim().max(1000).default(''),
});
export type RevisionDecision = z.output<typeof revisionDecisionSchema>;

// ---- lists ----

const listFilters = {
  status: revisionStatusSchema.optional(),
  /** Part of the revision's or the application's number, any case. */
  revisionNo: z.string().trim().max(50).optional(),
  applicationNo: z.string().trim().max(50).optional(),
  /** Revisions whose effective date is within [fromDate, toDate]. */
  fromDate: isoDateSchema.optional(),
  toDate: isoDateSchema.optional(),
};
/** GET Revision/GetAll (SLDC) and Revision/GetAppliedRevisions (the caller's). */
export const revisionListQuerySchema = pageQuerySchema.extend(listFilters);
export type RevisionListQuery = z.output<typeof revisionListQuerySchema>;

export const revisionStatusObjectSchema = z.object({ status: revisionStatusSchema, statusDescription: z.string() });

export const revisionRowSchema = z.object({
  id: z.string(),
  revisionNo: z.string(),
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  status: revisionStatusObjectSchema,
  sellerName: z.string(),
  buyerName: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** First block the revision changes: date and From time. */
  effectiveDate: z.string(),
  effectiveTime: z.string(),
  /** The schedule version the approval created (null until approved). */
  scheduleVersion: z.number().int().nullable(),
  reducedMwh: z.string(),
  decidedAt: z.string().nullable(),
});
export type RevisionRow = z.infer<typeof revisionRowSchema>;
export const revisionListSchema = z.object({ revisionList: z.array(revisionRowSchema), dataCount: z.number().int() });
export type RevisionList = z.infer<typeof revisionListSchema>;

/** An approved application the caller may revise (GetRevisableApplications). */
export const revisableApplicationSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  status: applicationStatusSchema,
  sellerName: z.string(),
  buyerName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
});
export const revisableApplicationListSchema = z.object({
  applicationList: z.array(revisableApplicationSchema),
  dataCount: z.number().int(),
});
export type RevisableApplicationList = z.infer<typeof revisableApplicationListSchema>;

/** 96 MW strings with 2 decimals, block 1 (00:00–00:15) first. */
const mwBlocks = z.array(z.string());
const effectiveSchema = z.object({ date: z.string(), block: z.number().int(), time: z.string() });

/** GET Revision/GetCurrentSchedule/{applicationId}: the granted schedule now and where a revision requested now would start. */
export const currentScheduleSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  status: applicationStatusSchema,
  sellerName: z.string(),
  buyerName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** The current version number (0 = as approved). */
  currentVersion: z.number().int(),
  /** `revisionLeadBlocks`: the effective block counting the request's block as the 1st. */
  leadBlocks: z.number().int(),
  effective: effectiveSchema,
  /** Whether some block at or after the effective block still has a granted value. */
  revisable: z.boolean(),
  days: z.array(z.object({ date: z.string(), granted: mwBlocks })),
});
export type CurrentSchedule = z.infer<typeof currentScheduleSchema>;

export const revisionRequestRowSchema = z.object({
  rowNo: z.number().int(),
  oaFromDate: z.string(),
  oaToDate: z.string(),
  fromTimeBlock: z.string(),
  toTimeBlock: z.string(),
  revisedRequirement: z.string(),
});

/** A version of the schedule: v0 as approved, v1… after each approved revision or curtailment. */
export const scheduleVersionSchema = z.object({
  versionNo: z.number().int(),
  /** What made it: 'Approval' (v0), 'Revision' or 'Curtailment'. */
  source: scheduleVersionSourceSchema,
  /** The revision that made it (null unless the source is 'Revision'). */
  revisionId: z.string().nullable(),
  revisionNo: z.string().nullable(),
  /** The curtailment that made it (null unless the source is 'Curtailment'). */
  curtailmentId: z.string().nullable(),
  curtailmentNo: z.string().nullable(),
  createdAt: z.string(),
  totalMwh: z.string(),
  days: z.array(z.object({ date: z.string(), granted: mwBlocks })),
});
export type ScheduleVersion = z.infer<typeof scheduleVersionSchema>;

export const revisionHistoryItemSchema = z.object({
  action: revisionActionSchema,
  toStatus: revisionStatusSchema,
  actorName: z.string().nullable(),
  role: roleSchema.nullable(),
  remarks: z.string().nullable(),
  at: z.string(),
});

/** GET Revision/Get/{revisionId}/{applicationId}. */
export const revisionDetailSchema = z.object({
  id: z.string(),
  revisionNo: z.string(),
  status: revisionStatusSchema,
  statusDescription: z.string(),
  /** Optimistic concurrency: send it back with Approve / Reject. */
  version: z.number().int(),
  application: z.object({
    id: z.string(),
    applicationNo: z.string(),
    applicationType: applicationTypeSchema,
    status: applicationStatusSchema,
    sellerName: z.string(),
    buyerName: z.string(),
    fromDate: z.string(),
    toDate: z.string(),
  }),
  requestedBy: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
  requestedAt: z.string(),
  effective: effectiveSchema,
  revisionList: z.array(revisionRequestRowSchema),
  remarks: z.string().nullable(),
  /** The schedule version this revision made (approved) or would make (requested: the current version + 1). */
  scheduleVersion: z.number().int().nullable(),
  /** Figures of the charge effect (DOMAIN.md §3; MWh), fixed at approval, estimated while requested. */
  reducedMwh: z.string(),
  retainedMwh: z.string(),
  releasedMwh: z.string(),
  /** Every version of the application's schedule, oldest first. */
  versions: z.array(scheduleVersionSchema),
  /** Requested: the schedule the revision would make from the current version (null once decided). */
  proposed: z.array(z.object({ date: z.string(), granted: mwBlocks })).nullable(),
  allowedActions: z.array(revisionActionSchema),
  history: z.array(revisionHistoryItemSchema),
});
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;
