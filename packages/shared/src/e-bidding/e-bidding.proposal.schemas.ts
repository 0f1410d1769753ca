import { z } from 'zod';

import { PRICE_TEXT, priceToTenThousandths } from '../common/units';
import { en } from '../messages/en';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from '../applications/time-blocks';
import { enEBidding } from './e-bidding.messages';
import { blankToNull, optionalBlockTime, optionalDate, optionalText, uuid } from './e-bidding.schema-parts';
import { eBiddingStatusObjectSchema, formPermissionSchema } from './e-bidding.schemas';

/** The proposal (Form ST3), processing, an applicant's e-bidding details and the candidates of an invitation. */

const F = enEBidding.fields;
const V = enEBidding.validation;
const required = en.common.required;

// ---- Form ST3: the proposal ----

const priceRequired = (label: string) =>
  z
    .union([z.string(), z.number()], { error: required(label) })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', required(label))
    .refine((v) => v === '' || PRICE_TEXT.test(v), V.priceInvalid(label))
    .transform((v) => priceToTenThousandths(v));

/** POST EBidding/SubmitProposal (spec 000 §3 'E-bidding proposal submit payload'). */
export const proposalSubmitSchema = z
  .object({
    applicationId: uuid(),
    eBiddingInvitationId: uuid(),
    eBiddingApplicationId: uuid(),
    quotedBidPrice: priceRequired(F.quotedBidPrice),
    place: optionalText(200),
    authorizedPersonName: optionalText(200),
    authorizedPersonDesignation: optionalText(200),
    isDraft: z.boolean({ error: required('isDraft') }),
  })
  .superRefine((v, ctx) => {
    if (v.isDraft) return;
    const need: [keyof typeof v, string][] = [
      ['place', F.place],
      ['authorizedPersonName', F.authorizedPersonName],
      ['authorizedPersonDesignation', F.authorizedPersonDesignation],
    ];
    for (const [key, label] of need) if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: required(label) });
  });
export type ProposalSubmit = z.output<typeof proposalSubmitSchema>;
/** The body as the web sends it (the quoted price as text). */
export type ProposalSubmitInput = z.input<typeof proposalSubmitSchema>;

/** Proposal form data (spec 000 §3), for a new proposal (proposalId null) or a saved one. */
export const proposalDetailSchema = z.object({
  proposalId: z.string().nullable(),
  applicationId: z.string(),
  eBiddingInvitationId: z.string(),
  bidInvitationId: z.string(),
  bidInvitationNo: z.string(),
  eBiddingApplicationId: z.string(),
  eBiddingApplication: z.object({ id: z.string() }),
  applicationNo: z.string(),
  applicationDate: z.string().nullable(),
  registrationNo: z.string().nullable(),
  registrationValidity: z.string().nullable(),
  applicantName: z.string(),
  applicantType: z.string().nullable(),
  applicantCategory: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  congestionFromDate: z.string().nullable(),
  congestionToDate: z.string().nullable(),
  congestionFromTime: z.string().nullable(),
  congestionToTime: z.string().nullable(),
  availableMargin: z.string().nullable(),
  appliedQuantum: z.string(),
  lastDateOfSubmission: z.string().nullable(),
  deadLine: z.string().nullable(),
  deadlinePassed: z.boolean(),
  floorPrice: z.string().nullable(),
  /** Null for SLDC staff before the deadline (sealed). */
  quotedBidPrice: z.string().nullable(),
  place: z.string().nullable(),
  authorizedPersonName: z.string().nullable(),
  authorizedPersonDesignation: z.string().nullable(),
  isDraft: z.boolean(),
  status: eBiddingStatusObjectSchema,
  submittedAt: z.string().nullable(),
  allocatedQuantum: z.string().nullable(),
  applicablePrice: z.string().nullable(),
  formPermission: formPermissionSchema,
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

export const proposalByIdParams = z.object({ invitationId: uuid(), applicationId: uuid(), id: uuid() });

// ---- processing ----

/** POST EBidding/ProcessEBiddingRequest (spec 000 §3 'Processing payload'). */
export const processingPayloadSchema = z.object({
  bidInvitationId: uuid(),
  congestionFromDate: z.string().nullish(),
  congestionFromTime: z.string().nullish(),
  congestionToDate: z.string().nullish(),
  congestionToTime: z.string().nullish(),
  applicationDetails: z
    .array(
      z.object({
        proposalId: uuid(),
        applicationId: uuid(),
        applicationNo: z.string().nullish(),
        quotedPrice: z.union([z.string(), z.number()]).nullish(),
        appliedQuantum: z.union([z.string(), z.number()]).nullish(),
        allocatedQuantum: z.union([z.string(), z.number()]).nullish(),
        applicablePrice: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .max(1000)
    .default([]),
});
export type ProcessingPayload = z.output<typeof processingPayloadSchema>;

// ---- applicant, details ----

export const applicantParams = z.object({ applicationId: uuid() });

/** GET Application/GetApplicant/{applicationId}: what Form ST3 and the 'Congested Applications' dialog show of an application. */
export const eBiddingApplicantSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationDate: z.string().nullable(),
  registrationNo: z.string().nullable(),
  registrationValidity: z.string().nullable(),
  applicantName: z.string(),
  applicantType: z.string().nullable(),
  applicantCategory: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type EBiddingApplicant = z.infer<typeof eBiddingApplicantSchema>;

/** E-bidding details response (spec 000 §3), per schedule row within the congestion period. */
export const eBiddingDetailRowSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  fromTime: z.string(),
  toTime: z.string(),
  appliedQuantum: z.string(),
  appliedQuantumMwh: z.string(),
  approvedQuantum: z.string(),
  approvedQuantumMwh: z.string(),
  quotedPrice: z.string().nullable(),
  applicableSTUPrice: z.string().nullable(),
  /** Rupees with 2 decimals. */
  totalApplicableSTUPrice: z.string(),
});
export const eBiddingDetailsSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  bidInvitationNo: z.string(),
  ebiddingDetails: z.array(eBiddingDetailRowSchema),
  /** Rupees with 2 decimals. */
  totalPrice: z.string(),
  /** MWh. */
  totalAppliedQuantum: z.string(),
  totalApprovedQuantum: z.string(),
});
export type EBiddingDetails = z.infer<typeof eBiddingDetailsSchema>;
export const eBiddingDetailsParams = z.object({ id: uuid() });

// ---- candidates for an invitation ----

/**
 * GET EBidding/GetCongestedApplications: the applications an invitation may name (Advance, pending
 * STOA check, recorded Congested by a processing run, decision 0011), optionally of one month, with
 * the applied quantum in a congestion period when one is given.
 */
export const congestedApplicationsQuerySchema = z.object({
  month: z
    .preprocess(
      blankToNull,
      z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
        .nullable(),
    )
    .optional(),
  congestionFromDate: optionalDate,
  congestionToDate: optionalDate,
  congestionFromTime: optionalBlockTime(F.congestionFromTime, FROM_TIME_BLOCKS),
  congestionToTime: optionalBlockTime(F.congestionToTime, TO_TIME_BLOCKS),
});
export type CongestedApplicationsQuery = z.output<typeof congestedApplicationsQuerySchema>;
export const congestedApplicationSchema = eBiddingApplicantSchema.extend({
  /** The most MW asked in one block of the given period; null without a period. */
  appliedQuantum: z.string().nullable(),
  /** The live (Initiated/Submitted) invitation already naming it, if any. */
  invitedIn: z.string().nullable(),
});
export const congestedApplicationListSchema = z.object({ applicationList: z.array(congestedApplicationSchema), dataCount: z.number() });
