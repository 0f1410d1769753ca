import { z } from 'zod';

import { centiMwSchema, optionalUnit, tenThousandthsSchema } from '../common/units.schemas';
import { pageQuerySchema } from '../common/pagination';
import { en } from '../messages/en';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from '../applications/time-blocks';
import { enEBidding } from './e-bidding.messages';
import { blankToNull, optionalBlockTime, optionalDate, optionalText, optionalTimeOfDay, uuid } from './e-bidding.schema-parts';
import { EBIDDING_FILTER_STATUSES, EBIDDING_STATUSES, INVITED_APPLICATION_STATUSES } from './e-bidding.workflow';

/** The invitation (Form ST2) and the lists; the proposal (Form ST3), processing and details are in e-bidding.proposal.schemas.ts. */

const F = enEBidding.fields;
const V = enEBidding.validation;
const required = en.common.required;

export const eBiddingStatusSchema = z.enum(EBIDDING_STATUSES);
export const eBiddingStatusObjectSchema = z.object({ status: eBiddingStatusSchema, statusDescription: z.string() });
export const formPermissionSchema = z.enum(['Write', 'ReadOnly', 'NoAccess']);

// ---- Form ST2: the invitation ----

/**
 * POST EBidding/Submit (spec 000 §3 'E-bidding invitation', §5 ST2 steps). isDraft true = Save
 * (formats only), false = Submit (every step's required fields; the invitation goes to Initiated and
 * the invited applicants are told). `id` + `version` update a saved draft. The affected applications
 * are `eBiddedApplications` (a lone `applicationId` counts as a list of one).
 */
export const invitationSubmitSchema = z
  .object({
    id: uuid().nullish(),
    version: z.number().int().nullish(),
    isDraft: z.boolean({ error: required('isDraft') }),
    applicationId: uuid().nullish(),
    eBiddedApplications: z
      .array(z.object({ applicationId: uuid() }))
      .max(500)
      .default([]),
    subStationDetails: optionalText(),
    transmissionSystemDetails: optionalText(),
    nameOfTransmissionSystem: optionalText(300),
    availableMarginSubstation: optionalText(300),
    /** MW as text on the wire (spec 000 §5), centi-MW on the server. */
    availableMargin: optionalUnit(centiMwSchema(V.mwInvalid(F.availableMargin))),
    congestionFromDate: optionalDate,
    congestionToDate: optionalDate,
    congestionFromTime: optionalBlockTime(F.congestionFromTime, FROM_TIME_BLOCKS),
    congestionToTime: optionalBlockTime(F.congestionToTime, TO_TIME_BLOCKS),
    lastDateOfSubmission: z.preprocess((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v), optionalDate),
    deadLine: optionalTimeOfDay(F.deadLine),
    bidOpeningDate: optionalDate,
    bidOpeningTime: optionalTimeOfDay(F.bidOpeningTime),
    /** Rs/kWh as text on the wire (at most 2 decimals, decision 0016), ten-thousandths on the server. */
    floorPrice: optionalUnit(tenThousandthsSchema(V.priceInvalid(F.floorPrice))),
    place: optionalText(200),
    date: optionalDate,
    authorizedPersonName: optionalText(200),
    authorizedPersonDesignation: optionalText(200),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const apps = v.eBiddedApplications.map((a) => a.applicationId);
    if (new Set(apps).size !== apps.length) issue('eBiddedApplications', V.duplicateApplication);
    if (v.congestionFromDate && v.congestionToDate && v.congestionToDate < v.congestionFromDate)
      issue('congestionToDate', V.congestionDates);
    if (v.congestionFromTime && v.congestionToTime && v.congestionToTime <= v.congestionFromTime)
      issue('congestionToTime', V.congestionTimes);
    if (v.isDraft) return;
    // Submit: every step of Form ST2 (spec 000 §5), every missing field reported.
    if (apps.length === 0 && !v.applicationId) issue('eBiddedApplications', V.applicationsRequired);
    if (!v.subStationDetails && !v.transmissionSystemDetails) issue('subStationDetails', V.substationOrTransmission);
    const need: [keyof typeof v, string][] = [
      ['congestionFromDate', F.congestionFromDate],
      ['congestionToDate', F.congestionToDate],
      ['congestionFromTime', F.congestionFromTime],
      ['congestionToTime', F.congestionToTime],
      ['availableMargin', F.availableMargin],
      ['lastDateOfSubmission', F.lastDateOfSubmission],
      ['deadLine', F.deadLine],
      ['bidOpeningDate', F.bidOpeningDate],
      ['bidOpeningTime', F.bidOpeningTime],
      ['nameOfTransmissionSystem', F.nameOfTransmissionSystem],
      ['subStationDetails', F.subStationDetails],
      ['transmissionSystemDetails', F.transmissionSystemDetails],
      ['floorPrice', F.floorPrice],
      ['place', F.place],
      ['authorizedPersonName', F.authorizedPersonName],
      ['authorizedPersonDesignation', F.authorizedPersonDesignation],
    ];
    for (const [key, label] of need) {
      const value = v[key];
      if (value === null || value === undefined || value === '') issue(key, required(label));
    }
  });
export type InvitationSubmit = z.output<typeof invitationSubmitSchema>;
/** The body as the web sends it (the wire text of the quantities). */
export type InvitationSubmitInput = z.input<typeof invitationSubmitSchema>;

/** One affected application of an invitation ('Congested Applications' dialog, spec 000 §2). */
export const invitedApplicationSchema = z.object({
  /** The e-bidding application id (eBiddingApplicationId of a proposal). */
  id: z.string(),
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationDate: z.string().nullable(),
  registrationNo: z.string().nullable(),
  registrationValidity: z.string().nullable(),
  applicantName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** The most MW the application asks for in a block of the congestion period. */
  appliedQuantum: z.string(),
  status: z.enum(INVITED_APPLICATION_STATUSES),
  allocatedQuantum: z.string().nullable(),
  applicablePrice: z.string().nullable(),
  /**
   * The proposal of the application as the caller may know it (issue 11 items 10, 11): its id and
   * status — None before any, Expired once deemed withdrawn; staff are not told of a bidder's draft.
   */
  proposalId: z.string().nullable().optional(),
  proposalStatus: eBiddingStatusSchema.optional(),
});

export const invitationDetailSchema = z.object({
  id: z.string(),
  bidInvitationNo: z.string(),
  dateOfInvitation: z.string().nullable(),
  applicationId: z.string().nullable(),
  version: z.number(),
  subStationDetails: z.string().nullable(),
  transmissionSystemDetails: z.string().nullable(),
  nameOfTransmissionSystem: z.string().nullable(),
  availableMarginSubstation: z.string().nullable(),
  availableMargin: z.string().nullable(),
  allApplicationsAppliedQuantum: z.string(),
  congestionFromDate: z.string().nullable(),
  congestionToDate: z.string().nullable(),
  congestionFromTime: z.string().nullable(),
  congestionToTime: z.string().nullable(),
  fromTimeSpan: z.string().nullable(),
  toTimeSpan: z.string().nullable(),
  lastDateOfSubmission: z.string().nullable(),
  deadLine: z.string().nullable(),
  /** lastDateOfSubmission + deadLine (IST) as an instant. */
  deadlineAt: z.string().nullable(),
  /** Judged on the database clock. */
  deadlinePassed: z.boolean(),
  bidOpeningDate: z.string().nullable(),
  bidOpeningTime: z.string().nullable(),
  floorPrice: z.string().nullable(),
  place: z.string().nullable(),
  date: z.string().nullable(),
  authorizedPersonName: z.string().nullable(),
  authorizedPersonDesignation: z.string().nullable(),
  isDraft: z.boolean(),
  status: eBiddingStatusObjectSchema,
  formPermission: formPermissionSchema,
  eBiddedApplications: z.array(invitedApplicationSchema),
  /**
   * The available margin the ATC uploads allow (issue 11 item 14, decision 0016): per congested
   * element the least uploaded margin over the congestion period's blocks, and the least of those
   * (`availableMargin`, MW; null while a margin is missing). Null without a period or applications.
   */
  atcMargin: z
    .object({
      availableMargin: z.string().nullable(),
      elements: z.array(z.object({ element: z.string(), availableMargin: z.string().nullable(), missingDates: z.array(z.string()) })),
    })
    .nullable(),
});
export type InvitationDetail = z.infer<typeof invitationDetailSchema>;
export type AtcMarginLimit = NonNullable<InvitationDetail['atcMargin']>;

export const invitationIdQuery = z.object({ Id: uuid() });
export const invitationIdParams = z.object({ id: uuid() });

// ---- lists ----

export const INVITATION_DEADLINE_FILTERS = ['Closing', 'ReadyToProcess'] as const;
export type InvitationDeadlineFilter = (typeof INVITATION_DEADLINE_FILTERS)[number];
/** How far ahead `Closing` looks (hours). */
export const INVITATION_CLOSING_WITHIN_HOURS = 24;

/** Filters of the e-bidding lists (spec 000 §2): month of invitation, last date of submission, invitation number, status. */
export const invitationListQuerySchema = pageQuerySchema.extend({
  monthOfInvitation: z
    .preprocess(
      blankToNull,
      z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month of invitation must be YYYY-MM')
        .nullable(),
    )
    .optional(),
  lastDateOfSubmission: optionalDate,
  invitationNo: z.preprocess(blankToNull, z.string().trim().max(50).nullable()).optional(),
  status: z.preprocess(blankToNull, z.enum([...EBIDDING_STATUSES]).nullable()).optional(),
  /**
   * The deadline window (decision 0084, the dashboard's figures), on the database clock: `Closing` — sent
   * (Initiated or Submitted) with the last date and time of submission within the next 24 hours;
   * `ReadyToProcess` — Submitted, the deadline passed and the bids opened, the congestion not yet started.
   */
  deadline: z.preprocess(blankToNull, z.enum(INVITATION_DEADLINE_FILTERS).nullable()).optional(),
});
export type InvitationListQuery = z.output<typeof invitationListQuerySchema>;
export const eBiddingFilterStatusOptions = EBIDDING_FILTER_STATUSES;

/** A row of the invitation grid (spec 000 §2 columns); bidders get one row per invited application of theirs. */
export const invitationListItemSchema = z.object({
  id: z.string(),
  bidInvitationNo: z.string(),
  dateOfInvitation: z.string().nullable(),
  applicationId: z.string().nullable(),
  applicationNo: z.string().nullable(),
  eBiddingApplicationId: z.string().nullable(),
  availableMargin: z.string().nullable(),
  appliedQuantum: z.string(),
  allApplicationsAppliedQuantum: z.string(),
  congestionFromDate: z.string().nullable(),
  congestionToDate: z.string().nullable(),
  fromTimeSpan: z.string().nullable(),
  toTimeSpan: z.string().nullable(),
  lastDateOfSubmission: z.string().nullable(),
  deadLine: z.string().nullable(),
  floorPrice: z.string().nullable(),
  status: eBiddingStatusObjectSchema,
  isExpired: z.boolean(),
  proposalId: z.string().nullable(),
  proposalStatus: eBiddingStatusSchema.nullable(),
  action: z.enum(['Invite', 'Initiated', 'Process', 'Result', 'Apply', 'View', 'Invitation Expired']).nullable(),
});
export const invitationListSchema = z.object({ invitationList: z.array(invitationListItemSchema), dataCount: z.number() });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** Bid proposal (list), spec 000 §3. quotedPrice is null for SLDC staff until the deadline has passed (sealed bids). */
export const bidProposalSchema = z.object({
  proposalId: z.string(),
  bidInvitationId: z.string(),
  bidInvitationNo: z.string(),
  eBiddingApplicationId: z.string(),
  applicationId: z.string(),
  applicationNo: z.string(),
  applicantName: z.string(),
  availableQuantum: z.string().nullable(),
  appliedQuantum: z.string(),
  quotedPrice: z.string().nullable(),
  floorPrice: z.string().nullable(),
  allocatedQuantum: z.string().nullable(),
  applicablePrice: z.string().nullable(),
  submittedAt: z.string().nullable(),
  status: eBiddingStatusObjectSchema,
});
export type BidProposal = z.infer<typeof bidProposalSchema>;
export const proposalListSchema = z.object({ proposalList: z.array(bidProposalSchema), dataCount: z.number() });

/**
 * GET EBidding/GetProposals/{id}: what the process page shows (spec 000 §2): the congestion details
 * and the submitted proposals; after the deadline, the allocation `allocateBids` would make
 * (`allocatedQuantum`, `applicablePrice`) until processed, the recorded result afterwards.
 */
export const invitationProposalsSchema = z.object({
  bidInvitationId: z.string(),
  bidInvitationNo: z.string(),
  status: eBiddingStatusObjectSchema,
  congestionFromDate: z.string().nullable(),
  congestionFromTime: z.string().nullable(),
  congestionToDate: z.string().nullable(),
  congestionToTime: z.string().nullable(),
  lastDateOfSubmission: z.string().nullable(),
  deadLine: z.string().nullable(),
  deadlinePassed: z.boolean(),
  bidOpeningDate: z.string().nullable(),
  bidOpeningTime: z.string().nullable(),
  allApplicationsAppliedQuantum: z.string(),
  availableMargin: z.string().nullable(),
  floorPrice: z.string().nullable(),
  /** True while quoted prices are hidden from the caller. */
  sealed: z.boolean(),
  /** Approve is available (spec 000 §4 as read by decision 0015). */
  canProcess: z.boolean(),
  proposalList: z.array(bidProposalSchema),
  dataCount: z.number(),
});
export type InvitationProposals = z.infer<typeof invitationProposalsSchema>;
