import { z } from 'zod';

import { entityTypeSchema, roleSchema } from '../account/roles';
import { isoDateSchema } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { enApplications } from '../messages/en.applications';
import { feeQuoteSchema } from '../registrations/registrations.schemas';
import { APPLICATION_ACTIONS, APPLICATION_MODES, APPLICATION_STATUSES, APPLICATION_TYPES } from './applications.workflow';
import { MAX_SCHEDULE_ROWS, scheduleRowInputSchema } from './schedule';
import { TIME_BLOCKS } from './time-blocks';

const E = enApplications.errors;

export const applicationTypeSchema = z.enum(APPLICATION_TYPES);
export const applicationModeSchema = z.enum(APPLICATION_MODES);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const applicationActionSchema = z.enum(APPLICATION_ACTIONS);
export const timeBlockSchema = z.enum(TIME_BLOCKS as [string, ...string[]]);

const uuid = (message = 'Invalid id') => z.string().uuid(message);

// ---- params ----

export const applicationTypeParams = z.object({ type: applicationTypeSchema });
export const applicationIdParams = z.object({ id: uuid() });
export const applicationTypeIdParams = z.object({ type: applicationTypeSchema, id: uuid() });
export const updateTraderParams = z.object({ applicationId: uuid(), traderId: uuid() });
export const applicationRegistrationIdParams = z.object({ id: uuid() });

// ---- submit ----

/**
 * POST Application/Submit/{type}: a new application, or a Returned one resubmitted (`id` and
 * `version`). An OA applicant may name one of its traders (`traderId`, the trader's registration);
 * a trader applies for an associated applicant, who is the owner of the seller or the buyer
 * (`onBehalfOf` chooses when both are associated applicants; default the seller).
 */
export const applicationSubmitSchema = z.object({
  id: uuid().optional(),
  version: z.number().int().optional(),
  sellerId: z.string({ error: E.sellerRequired }).uuid(E.sellerRequired),
  buyerId: z.string({ error: E.buyerRequired }).uuid(E.buyerRequired),
  traderId: uuid(E.traderNotAssociated).nullish(),
  onBehalfOf: z.enum(['Seller', 'Buyer']).optional(),
  scheduleList: z.array(scheduleRowInputSchema).max(MAX_SCHEDULE_ROWS, enApplications.schedule.tooManyRows(MAX_SCHEDULE_ROWS)),
  remarks: z.string().trim().max(1000).optional(),
});
export type ApplicationSubmit = z.output<typeof applicationSubmitSchema>;
/** The body as the web sends it (the requirement as MW text). */
export type ApplicationSubmitInput = z.input<typeof applicationSubmitSchema>;

/** Body of Approve / Reject / SeekClarification / ApproveTraderRequest / RejectTraderRequest / UpdateTrader. */
export const applicationDecisionSchema = z.object({
  version: z.number({ error: E.versionRequired }).int(),
  remarks: z.string().trim().max(1000).default(''),
});
export type ApplicationDecision = z.output<typeof applicationDecisionSchema>;

// ---- lists ----

export const applicationStatusObjectSchema = z.object({ status: applicationStatusSchema, statusDescription: z.string() });

/** A row of the SLDC and OA lists. */
export const applicationRowSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  applicationMode: applicationModeSchema,
  status: applicationStatusObjectSchema,
  sellerName: z.string(),
  buyerName: z.string(),
  applicantName: z.string(),
  traderName: z.string().nullable(),
  /** First and last scheduled date (YYYY-MM-DD) and the month (YYYY-MM). */
  fromDate: z.string(),
  toDate: z.string(),
  month: z.string(),
  /** ISO instant of the last submission to the SLDC (null while pending the applicant). */
  submittedAt: z.string().nullable(),
  updatedOn: z.string(),
  /** The application fee due raised for it is not paid yet (the "Fee unpaid" flag, decision 0044). */
  feeUnpaid: z.boolean(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

const listFilters = {
  status: applicationStatusSchema.optional(),
  applicationNo: z.string().trim().max(50).optional(),
  /** Part of the seller's or the buyer's name, any case. */
  entityName: z.string().trim().max(200).optional(),
  /** Applications whose schedule touches [fromDate, toDate]. */
  fromDate: isoDateSchema.optional(),
  toDate: isoDateSchema.optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
};

/** GET Application/GetAll/{type}?{q} (SLDC lists per type). */
export const applicationListQuerySchema = pageQuerySchema.extend(listFilters);
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;
/**
 * A list of statuses in a query string: comma-separated (`STOAApproved,SLDCApproverIApproved`, as
 * the web client writes an array) or the key repeated; blanks and repeats are dropped.
 */
export const applicationStatusListSchema = z
  .preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((x) =>
      typeof x === 'string' ? x.split(',').map((p) => p.trim()) : [x],
    );
    return [...new Set(parts.filter((x) => x !== ''))];
  }, z.array(applicationStatusSchema).max(APPLICATION_STATUSES.length))
  .optional();

/**
 * GET Application/GetAppliedApplications?{q} (the applicant's or trader's own). `statuses` (any of
 * them) lets one filter entry cover the statuses that share a label (`statusesLabelledAs`), e.g.
 * 'Pending SLDC approval' = STOAApproved or SLDCApproverIApproved; `status` (one) is kept as it was.
 */
export const appliedApplicationsQuerySchema = pageQuerySchema.extend({
  ...listFilters,
  statuses: applicationStatusListSchema,
  applicationType: applicationTypeSchema.optional(),
});
export type AppliedApplicationsQuery = z.output<typeof appliedApplicationsQuerySchema>;
/**
 * The lists count at most APPLICATION_LIST_COUNT_CAP matching applications (decision 0012): beyond
 * that `dataCount` is the cap and `dataCountCapped` is true ("more than {cap}"; narrow the filters).
 */
export const APPLICATION_LIST_COUNT_CAP = 10_000;
export const applicationListSchema = z.object({
  applicationList: z.array(applicationRowSchema),
  dataCount: z.number().int(),
  dataCountCapped: z.boolean().optional(),
});
export type ApplicationList = z.infer<typeof applicationListSchema>;

// ---- detail ----

/** A stored schedule row (spec 001 §3) with its computed MWh; MW as strings with 2 decimals. */
export const scheduleRowSchema = z.object({
  rowNo: z.number().int(),
  oaFromDate: z.string(),
  oaToDate: z.string(),
  fromTimeBlock: z.string(),
  toTimeBlock: z.string(),
  oaRequirement: z.string(),
  mwh: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const applicationPartySummarySchema = z.object({
  id: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
});

export const applicationHistoryItemSchema = z.object({
  action: z.string(),
  fromStatus: applicationStatusSchema.nullable(),
  toStatus: applicationStatusSchema,
  actorName: z.string().nullable(),
  role: roleSchema.nullable(),
  remarks: z.string().nullable(),
  at: z.string(),
  /** The step in words: who acted and what comes next (applicationStepText). */
  description: z.string(),
});

export const applicationDetailSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  applicationMode: applicationModeSchema,
  status: applicationStatusSchema,
  statusDescription: z.string(),
  /** Optimistic concurrency: send it back with every action. */
  version: z.number().int(),
  month: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  applicant: z.object({ id: z.string(), name: z.string() }),
  createdBy: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
  seller: applicationPartySummarySchema,
  buyer: applicationPartySummarySchema,
  trader: z.object({ id: z.string(), name: z.string(), registrationNo: z.string().nullable() }).nullable(),
  scheduleList: z.array(scheduleRowSchema),
  totalMwh: z.string(),
  remarks: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
  /** The application fee due raised for it (paise), once it reached the SLDC. */
  feeDueId: z.string().nullable(),
  /** The application fee due is raised and not paid yet (decision 0044: the SLDC cannot Accept it while the rule is on). */
  feeUnpaid: z.boolean(),
  /** Workflow actions the signed-in user may take now (Forward is shown as 'Accept'). */
  allowedActions: z.array(applicationActionSchema),
  formMode: z.enum(['Write', 'ReadOnly']),
  /** The applicant may name or change the trader now (UpdateTrader). */
  canUpdateTrader: z.boolean(),
  history: z.array(applicationHistoryItemSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

// ---- parties (sellers, buyers, traders) ----

/**
 * A registration that can be a party of an application (GetSellers, GetBuyers, the trader
 * variants, GetAvailableRegistrations). `quantum` is the STOA injection quantum for a seller, the
 * drawal quantum for a buyer (MW, 2 decimals); `isOwn` says whether the caller may apply on its
 * behalf (own registration, or for a trader an associated applicant's).
 */
export const applicationPartySchema = z.object({
  id: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  quantum: z.string(),
  isOwn: z.boolean(),
});
export type ApplicationParty = z.infer<typeof applicationPartySchema>;
export const applicationPartyListSchema = z.array(applicationPartySchema);
export const partiesForTraderQuerySchema = z.object({ entityType: entityTypeSchema.optional() });

/** GetUserBasedTraders: the applicant's traders with an approved registration (id = the trader's registration). */
export const userBasedTraderListSchema = z.array(z.object({ id: z.string(), description: z.string() }));

/** GetAvailableRegistrations: the caller's (or its associated applicants') approved registrations that can apply. */
export const availableRegistrationSchema = z.object({
  id: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  canSell: z.boolean(),
  canBuy: z.boolean(),
  stoaInjectionQuantum: z.string().nullable(),
  stoaDrawlQuantum: z.string().nullable(),
  expiredOn: z.string().nullable(),
});
export const availableRegistrationListSchema = z.array(availableRegistrationSchema);

/** GetRegistrationDetail/{id}: what an application form shows of a party. */
export const applicationRegistrationDetailSchema = availableRegistrationSchema.extend({
  ownerName: z.string(),
  injectionSubstation: z.string().nullable(),
  drawalSubstation: z.string().nullable(),
  transcoName: z.string().nullable(),
  discomName: z.string().nullable(),
  validFrom: z.string().nullable(),
});

/** GetInjectingEntityDetails/{id}: the seller side of a registration. */
export const injectingEntityDetailsSchema = z.object({
  id: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  stoaInjectionQuantum: z.string(),
  installedCapacity: z.string().nullable(),
  injectionSubstation: z.string().nullable(),
  injectionVoltage: z.string().nullable(),
  generatorType: z.string().nullable(),
  isRe: z.string().nullable(),
  transcoName: z.string().nullable(),
});

/** GetDraweeEntityDetails/{id}: the buyer side of a registration. */
export const draweeEntityDetailsSchema = z.object({
  id: z.string(),
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  entityType: entityTypeSchema,
  stoaDrawlQuantum: z.string(),
  contractDemand: z.string().nullable(),
  consumerNumber: z.string().nullable(),
  drawalSubstation: z.string().nullable(),
  drawalVoltage: z.string().nullable(),
  discomName: z.string().nullable(),
});

// ---- remaining quantum, fee, defaulter ----

/** GET Application/GetRemainingQuatumDetails (parameter names as the specification writes them). */
export const remainingQuantumQuerySchema = z.object({
  SellerId: uuid(E.sellerRequired),
  BuyerId: uuid(E.buyerRequired),
  FromTimeBlock: timeBlockSchema,
  ToTimeBlock: timeBlockSchema,
  OAFromDate: isoDateSchema,
  OAToDate: isoDateSchema,
});
/** Remaining quantum (MW, 2 decimals) of the buyer and the seller over the dates and blocks (spec spelling 'Quatum'). */
export const remainingQuantumSchema = z.object({ remainingQuatumBuyer: z.string(), remainingQuatumSeller: z.string() });

export const applicationFeeSchema = feeQuoteSchema;
export const isDefaulterSchema = z.boolean();
