import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';

/**
 * The public Open Access Information page (issue 15, decision 0085): what the SLDC publishes to
 * everyone, without sign-in — the decisions on STOA applications by month (approved, partially
 * approved, refused by reason), the intra-state margin available for the next days, and how long each
 * workflow step took over the last 90 days. Aggregates only: no applicant, no application number,
 * no free-text remark (decision 0085).
 */

/** Months of decisions shown: the current month (IST) and the 11 before it. */
export const OPEN_ACCESS_DECISION_MONTHS = 12;
/** Margin dates shown: today (IST) and the 6 days after it. */
export const OPEN_ACCESS_MARGIN_DAYS = 7;
/** Processing times: the steps completed in the last 90 days. */
export const OPEN_ACCESS_PROCESSING_WINDOW_DAYS = 90;

/**
 * Why an application was refused, from where the workflow ended (never the remark typed with it):
 * no margin left at processing, or rejected at SLDC verification, by Approver I, by Approver II, or
 * elsewhere (Other). An applicant turning down its trader's request is its own choice, not a refusal.
 */
export const REFUSAL_REASONS = ['NoMargin', 'SldcVerification', 'ApproverI', 'ApproverII', 'Other'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The workflow steps whose time is published: where the SLDC (or a utility's consent) is awaited. */
export const PROCESSING_STEPS = [
  { process: 'Application', status: 'Submitted' },
  { process: 'Application', status: 'PendingSTOAApproval' },
  { process: 'Application', status: 'STOAApproved' },
  { process: 'Application', status: 'SLDCApproverIApproved' },
  { process: 'Registration', status: 'Submitted' },
  { process: 'Registration', status: 'PendingDISCOMApproval' },
  { process: 'Registration', status: 'PendingTRANSCOApproval' },
  { process: 'Registration', status: 'PendingSTOACheck' },
  { process: 'Registration', status: 'STOAApproved' },
  { process: 'Registration', status: 'SLDCApproverIApproved' },
] as const;
export type ProcessingStepProcess = (typeof PROCESSING_STEPS)[number]['process'];

const count = z.number().int().min(0);
const mw = z.string().regex(/^\d+\.\d{2}$/);

export const openAccessDecisionMonthSchema = z.object({
  /** YYYY-MM (IST) of the decision. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  approved: count,
  partiallyApproved: count,
  refused: count,
  refusedBy: z.object(Object.fromEntries(REFUSAL_REASONS.map((r) => [r, count])) as Record<RefusalReason, typeof count>),
});
export type OpenAccessDecisionMonth = z.infer<typeof openAccessDecisionMonthSchema>;

/** A run of consecutive blocks of one date and element with the same figures (MW with 2 decimals). */
export const openAccessMarginRunSchema = z.object({
  fromBlock: z.number().int().min(1).max(96),
  toBlock: z.number().int().min(1).max(96),
  margin: mw,
  /** Granted to applications (approved or awaiting the approvers) in these blocks. */
  booked: mw,
  available: mw,
});
export type OpenAccessMarginRun = z.infer<typeof openAccessMarginRunSchema>;

export const openAccessMarginSchema = z.object({
  date: z.string(),
  element: z.string(),
  /** The smallest and the largest available MW over the day's 96 blocks. */
  minAvailable: mw,
  maxAvailable: mw,
  runs: z.array(openAccessMarginRunSchema),
});
export type OpenAccessMargin = z.infer<typeof openAccessMarginSchema>;

export const processingStepTimeSchema = z.object({
  process: z.enum(['Application', 'Registration']),
  status: z.string(),
  /** How many times the step was completed in the window. */
  count,
  /** Median and 90th percentile of the time spent in the step, in whole minutes; null when count is 0. */
  medianMinutes: z.number().int().min(0).nullable(),
  p90Minutes: z.number().int().min(0).nullable(),
});
export type ProcessingStepTime = z.infer<typeof processingStepTimeSchema>;

export const openAccessInformationSchema = z.object({
  /** When the figures were read (ISO instant). */
  generatedAt: z.string(),
  decisions: z.object({ months: z.array(openAccessDecisionMonthSchema) }),
  margins: z.object({ fromDate: z.string(), toDate: z.string(), elements: z.array(openAccessMarginSchema) }),
  processingTimes: z.object({ fromDate: z.string(), toDate: z.string(), steps: z.array(processingStepTimeSchema) }),
});
export type OpenAccessInformation = z.infer<typeof openAccessInformationSchema>;

export const openAccessInformationEndpoints = {
  getOpenAccessInformation: defineEndpoint({
    id: 'OpenAccessInformation.Get',
    method: 'GET',
    path: '/api/OpenAccessInformation',
    roles: 'public',
    summary:
      'Public, without sign-in (rate-limited per address): STOA decisions by month (approved, partially approved, refused by reason), the intra-state margin available for today and the next 6 days per element, and the median and 90th-percentile time of each workflow step over the last 90 days; aggregates only',
    response: openAccessInformationSchema,
  }),
} as const;
