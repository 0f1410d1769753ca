import { z } from 'zod';

import { applicationTypeSchema } from '../applications/applications.schemas';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS, firstBlockOf, lastBlockOf } from '../applications/time-blocks';
import { pageQuerySchema } from '../common/pagination';
import { MW_TEXT, mwToCenti } from '../common/units';
import { isoDateSchema, requiredText } from '../common/patterns';
import { enCurtailment } from '../messages/en.curtailment';
import { CURTAILMENT_ORDERS } from './curtailment.cuts';

const E = enCurtailment.errors;
const F = enCurtailment.fields;

export const CURTAILMENT_BASES = ['Reduction', 'NewCapacity'] as const;
export const curtailmentBasisSchema = z.enum(CURTAILMENT_BASES);
export const CURTAILMENT_CAUSES = ['TransmissionConstraint', 'Other'] as const;
export const curtailmentCauseSchema = z.enum(CURTAILMENT_CAUSES);
export type CurtailmentCause = z.infer<typeof curtailmentCauseSchema>;
export const curtailmentOrderSchema = z.enum(CURTAILMENT_ORDERS);

/** POST Curtailment/Preview and Curtailment/Create: what the SLDC business user enters. */
export const curtailmentInputSchema = z
  .object({
    element: requiredText(F.element, 200),
    curtailmentDate: z.string({ error: `${F.curtailmentDate} is required` }).pipe(isoDateSchema),
    fromTimeBlock: z.enum(FROM_TIME_BLOCKS as [string, ...string[]], { error: `${F.fromTimeBlock} is required` }),
    toTimeBlock: z.enum(TO_TIME_BLOCKS as [string, ...string[]], { error: `${F.toTimeBlock} is required` }),
    basis: curtailmentBasisSchema,
    quantum: z
      .union([z.string(), z.number()], { error: `${F.quantum} is required` })
      .transform((v) => String(v).trim())
      .refine((v) => v !== '', `${F.quantum} is required`)
      .refine((v) => v === '' || MW_TEXT.test(v), 'MW must be a number with at most 2 decimals')
      // MW as text on the wire, centi-MW on the server (decision 0027).
      .transform((v) => mwToCenti(v)),
    cause: curtailmentCauseSchema,
    remarks: requiredText(F.remarks, 500),
    /**
     * Create only: the `marginVersion` of the preview confirmed. A curtailment lowers the element's
     * margin (a new version), so a second submission of the same confirmation answers 409 instead
     * of cutting twice.
     */
    marginVersion: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (firstBlockOf(v.fromTimeBlock) > lastBlockOf(v.toTimeBlock))
      ctx.addIssue({ code: 'custom', path: ['toTimeBlock'], message: E.blocksOrder });
    if (v.basis === 'Reduction' && typeof v.quantum === 'number' && v.quantum <= 0)
      ctx.addIssue({ code: 'custom', path: ['quantum'], message: E.quantumPositive });
  });
export type CurtailmentInput = z.input<typeof curtailmentInputSchema>;
export type CurtailmentInputValues = z.output<typeof curtailmentInputSchema>;

/** One block of an affected schedule: MW held before, after, and cut (strings with 2 decimals). */
export const curtailmentBlockSchema = z.object({
  block: z.number().int(),
  fromTime: z.string(),
  toTime: z.string(),
  beforeMw: z.string(),
  afterMw: z.string(),
  cutMw: z.string(),
});
export type CurtailmentBlock = z.infer<typeof curtailmentBlockSchema>;

/** One affected application (on the curtailment date). */
export const curtailmentItemSchema = z.object({
  applicationId: z.string(),
  applicationNo: z.string(),
  applicationType: applicationTypeSchema,
  applicantName: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  blockList: z.array(curtailmentBlockSchema),
  curtailedMwh: z.string(),
  /** Refund due in paise (with GST), null when none is due or it cannot be computed. */
  refundAmount: z.number().int().nullable(),
});
export type CurtailmentItem = z.infer<typeof curtailmentItemSchema>;

const summary = {
  element: z.string(),
  curtailmentDate: z.string(),
  fromTimeBlock: z.string(),
  toTimeBlock: z.string(),
  basis: curtailmentBasisSchema,
  quantum: z.string(),
  cause: curtailmentCauseSchema,
  order: curtailmentOrderSchema,
  /** Σ over the items shown. */
  curtailedMwh: z.string(),
  refundAmount: z.number().int().nullable(),
  /** How the refund was (or could not be) computed. */
  refundNote: z.string(),
};

/** The effect a curtailment would have, nothing saved. */
export const curtailmentPreviewSchema = z.object({ ...summary, marginVersion: z.number().int(), itemList: z.array(curtailmentItemSchema) });
export type CurtailmentPreview = z.infer<typeof curtailmentPreviewSchema>;

export const curtailmentDetailSchema = z.object({
  ...summary,
  id: z.string(),
  curtailmentNo: z.string(),
  remarks: z.string(),
  createdByName: z.string().nullable(),
  createdOn: z.string(),
  itemList: z.array(curtailmentItemSchema),
});
export type CurtailmentDetail = z.infer<typeof curtailmentDetailSchema>;

export const curtailmentRowSchema = z.object({
  id: z.string(),
  curtailmentNo: z.string(),
  element: z.string(),
  curtailmentDate: z.string(),
  fromTimeBlock: z.string(),
  toTimeBlock: z.string(),
  basis: curtailmentBasisSchema,
  quantum: z.string(),
  cause: curtailmentCauseSchema,
  /** Over the applications the caller may see. */
  applicationCount: z.number().int(),
  curtailedMwh: z.string(),
  refundAmount: z.number().int().nullable(),
  createdOn: z.string(),
});
export type CurtailmentRow = z.infer<typeof curtailmentRowSchema>;

/** GET Curtailment/GetAll?{q}: filters and paging. */
export const curtailmentListQuerySchema = pageQuerySchema.extend({
  fromDate: isoDateSchema.optional(),
  toDate: isoDateSchema.optional(),
  element: z.string().trim().max(200).optional(),
  cause: curtailmentCauseSchema.optional(),
  applicationNo: z.string().trim().max(60).optional(),
});
export type CurtailmentListQuery = z.output<typeof curtailmentListQuerySchema>;
export const curtailmentListSchema = z.object({ curtailmentList: z.array(curtailmentRowSchema), dataCount: z.number().int() });
export type CurtailmentList = z.infer<typeof curtailmentListSchema>;

export const curtailmentIdParams = z.object({ curtailmentId: z.string().uuid('Invalid id') });

/** GET Curtailment/GetElements?date=: the intra-state ATC elements with margins on the date. */
export const curtailmentElementsQuerySchema = z.object({ date: isoDateSchema });
export const curtailmentElementListSchema = z.object({
  elementList: z.array(z.object({ element: z.string() })),
  order: curtailmentOrderSchema,
});
