import type { ColumnField, FormDefinition, FormStep, FormValues, Option } from '../forms/form.types';
import { enApplications } from '../messages/en.applications';
import type { ApplicationDetail, ApplicationSubmitInput } from './applications.schemas';
import { applicationSubmitSchema } from './applications.schemas';
import type { ApplicationType } from './applications.workflow';
import { MAX_SCHEDULE_ROWS, type ScheduleContext, scheduleRowMwh, validateSchedule } from './schedule';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from './time-blocks';

/**
 * STOA application forms (spec 001 §2 multi-step forms, §3 OA schedule row, §5 schedule rows) as
 * data for the one renderer: the parties (seller, buyer; the applicant's trader or, for a trader,
 * on whose behalf), the schedule rows, and remarks. The rows are checked by the schedule rules of
 * schedule.ts (`applicationScheduleIssues`, the renderer's `extraIssues`), the same the API runs on
 * Submit; the payload is `applicationSubmitPayload` (exactly `applicationSubmitSchema`).
 *
 * The application types share one form (Advance, Day-Ahead, FCFS and both contingencies differ in
 * their windows only, which the schedule rules read from the permitted range).
 */
const F = enApplications.fields;

export const APPLICATION_FORM_TEXTS = {
  stepParties: 'Parties',
  stepSchedule: 'Schedule',
  stepReview: 'Remarks and Submit',
  traderId: 'Trader (optional)',
  traderHelp: 'One of your traders with an approved registration, if a trader handles this application.',
  onBehalfOf: 'On behalf of',
  onBehalfOfHelp: 'When both the seller and the buyer are your associated applicants: whose application this is (default the seller).',
  scheduleHelp: 'Each row applies its From–To times on every date from its From date to its To date. All fields of a row are required.',
  addRow: 'Add schedule row',
  remarks: 'Remarks',
  formTitle: (typeLabel: string) => `${typeLabel} Application`,
} as const;
const T = APPLICATION_FORM_TEXTS;

const timeOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/**
 * Columns of a schedule row (spec 001 §3). From times '00:00'…'23:45', To times '00:15'…'24:00'
 * (24:00 only as an end); the requirement in MW (keys e and minus blocked, 2 decimals); MWh is
 * computed and read-only. Not marked required: the schedule rules report a missing value with the
 * specification's messages (the renderer would otherwise add its own).
 */
export const SCHEDULE_COLUMNS: readonly ColumnField[] = [
  { kind: 'date', name: 'oaFromDate', label: F.oaFromDate },
  { kind: 'date', name: 'oaToDate', label: F.oaToDate },
  { kind: 'combo', name: 'fromTimeBlock', label: F.fromTimeBlock, options: timeOptions(FROM_TIME_BLOCKS) },
  { kind: 'combo', name: 'toTimeBlock', label: F.toTimeBlock, options: timeOptions(TO_TIME_BLOCKS) },
  { kind: 'text', name: 'oaRequirement', label: F.oaRequirement, inputType: 'number', decimals: 2, min: 0, unit: 'MW' },
  { kind: 'text', name: 'mwh', label: F.mwh, readOnly: true },
];

/** Who fills the form: an OA applicant (may name a trader) or a trader (applies for an associated applicant). */
export interface ApplicationFormOptions {
  asTrader: boolean;
}

/** The form of an application of `type` for an applicant or a trader. */
export function applicationFormDefinition(type: ApplicationType, { asTrader }: ApplicationFormOptions): FormDefinition {
  const parties: FormStep = {
    id: 'parties',
    title: T.stepParties,
    fields: [
      { kind: 'combo', name: 'sellerId', label: F.sellerId, required: true, optionSource: 'sellers' },
      { kind: 'combo', name: 'buyerId', label: F.buyerId, required: true, optionSource: 'buyers' },
      asTrader
        ? {
            kind: 'radio',
            name: 'onBehalfOf',
            label: T.onBehalfOf,
            options: [
              { value: 'Seller', label: F.sellerId },
              { value: 'Buyer', label: F.buyerId },
            ],
            helperText: T.onBehalfOfHelp,
            width: 'full',
          }
        : { kind: 'combo', name: 'traderId', label: T.traderId, optionSource: 'userBasedTraders', helperText: T.traderHelp },
    ],
  };
  const schedule: FormStep = {
    id: 'schedule',
    title: T.stepSchedule,
    fields: [
      {
        kind: 'tableInput',
        name: 'scheduleList',
        label: F.scheduleList,
        columns: SCHEDULE_COLUMNS,
        maxRows: MAX_SCHEDULE_ROWS,
        addLabel: T.addRow,
        helperText: T.scheduleHelp,
        width: 'full',
      },
    ],
  };
  const review: FormStep = {
    id: 'review',
    title: T.stepReview,
    fields: [{ kind: 'text', name: 'remarks', label: T.remarks, inputType: 'textarea', maxLength: 1000, width: 'full' }],
  };
  return {
    id: `application-${type}${asTrader ? '-trader' : ''}`,
    title: T.formTitle(enApplications.typeLabels[type]),
    steps: [parties, schedule, review],
  };
}

/** An empty schedule row as the form holds it. */
export function emptyScheduleRow(): Record<string, unknown> {
  return { oaFromDate: '', oaToDate: '', fromTimeBlock: '', toTimeBlock: '', oaRequirement: null, mwh: '' };
}

/** Starting values of a new application: one empty row. */
export function newApplicationValues(): FormValues {
  return { sellerId: '', buyerId: '', traderId: '', scheduleList: [emptyScheduleRow()], remarks: '' };
}

/** The form values of a stored application (a Returned one being edited and resubmitted). */
export function applicationFormValues(detail: ApplicationDetail): FormValues {
  return {
    sellerId: detail.seller.id,
    buyerId: detail.buyer.id,
    traderId: detail.trader?.id ?? '',
    scheduleList: detail.scheduleList.map((r) => ({
      oaFromDate: r.oaFromDate,
      oaToDate: r.oaToDate,
      fromTimeBlock: r.fromTimeBlock,
      toTimeBlock: r.toTimeBlock,
      oaRequirement: Number(r.oaRequirement),
      mwh: r.mwh,
    })),
    remarks: detail.remarks ?? '',
  };
}

/** The MWh cell of a row as the form shows it ('' while the row is incomplete). */
export function scheduleRowMwhText(row: Record<string, unknown>): string {
  return (
    scheduleRowMwh({
      oaFromDate: String(row.oaFromDate ?? ''),
      oaToDate: String(row.oaToDate ?? ''),
      fromTimeBlock: String(row.fromTimeBlock ?? ''),
      toTimeBlock: String(row.toTimeBlock ?? ''),
      oaRequirement: row.oaRequirement,
    }) ?? ''
  );
}

/**
 * The schedule rules of spec 001 §5 on the form's rows (validateSchedule of schedule.ts, not a copy)
 * plus 'Seller and buyer must be different registrations.': the form's `extraIssues`.
 */
export function applicationScheduleIssues(values: FormValues, ctx: ScheduleContext = {}): { fieldName: string; message: string }[] {
  const rows = Array.isArray(values.scheduleList) ? (values.scheduleList as Record<string, unknown>[]) : [];
  const issues = validateSchedule(rows, { ...ctx, path: 'scheduleList' });
  if (typeof values.sellerId === 'string' && values.sellerId !== '' && values.sellerId === values.buyerId) {
    issues.push({ fieldName: 'buyerId', message: enApplications.errors.sameParty });
  }
  return issues;
}

/**
 * The body of POST Application/Submit/{type} from the (normalised) form values: exactly the fields
 * of `applicationSubmitSchema` (mwh left out; a requirement as its text). `id` and `version` resubmit
 * a Returned application.
 */
export function applicationSubmitPayload(values: FormValues, resubmit?: { id: string; version: number }): ApplicationSubmitInput {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));
  const rows = Array.isArray(values.scheduleList) ? (values.scheduleList as Record<string, unknown>[]) : [];
  const payload: Record<string, unknown> = {
    sellerId: text(values.sellerId),
    buyerId: text(values.buyerId),
    scheduleList: rows.map((r) => ({
      oaFromDate: text(r.oaFromDate),
      oaToDate: text(r.oaToDate),
      fromTimeBlock: text(r.fromTimeBlock),
      toTimeBlock: text(r.toTimeBlock),
      oaRequirement: text(r.oaRequirement),
    })),
  };
  if (resubmit) {
    payload.id = resubmit.id;
    payload.version = resubmit.version;
  }
  const traderId = text(values.traderId);
  if (traderId) payload.traderId = traderId;
  const onBehalfOf = text(values.onBehalfOf);
  if (onBehalfOf === 'Seller' || onBehalfOf === 'Buyer') payload.onBehalfOf = onBehalfOf;
  const remarks = text(values.remarks);
  if (remarks) payload.remarks = remarks;
  // Normalised by the contract, sent as wire text: the server reads the requirement itself (decision 0027).
  const parsed = applicationSubmitSchema.parse(payload);
  return { ...parsed, scheduleList: parsed.scheduleList.map(({ requirementCenti: _centi, ...row }) => row) };
}
