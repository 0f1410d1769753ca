import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from '../applications/time-blocks';
import { priceValueToTenThousandths } from '../common/units';
import type { FormDefinition, FormValues, Option } from '../forms/form.types';
import { enEBidding } from './e-bidding.messages';
import type { InvitationDetail, InvitationSubmitInput } from './e-bidding.schemas';
import type { ProposalDetail, ProposalSubmitInput } from './e-bidding.proposal.schemas';
import { displayTime } from './e-bidding.window';

/**
 * Form ST2 (invitation) and Form ST3 (proposal) as data for the one renderer (spec 000 §2, §5;
 * decision 0015). The required fields of each step are the ones `invitationSubmitSchema` /
 * `proposalSubmitSchema` require on Submit, with the same labels, so the renderer's messages are the
 * API's ('{label} is required'). Save (isDraft true) sends what is filled without these checks.
 */
const F = enEBidding.fields;

export const EBIDDING_FORM_TEXTS = {
  stepGeneral: 'General Information',
  stepSubstation: 'Anticipated Congestion (Sub-station Transformation Capacity)',
  stepTransmission: 'Anticipated Congestion (Intra-state Transmission System)',
  stepBidDetails: 'Bid Details',
  stepBidInvited: 'Bid invited for Intra-state Transmission System',
  stepDeclarations: 'Declarations',
  bidInvitationNo: 'Bid Invitation No.',
  dateOfInvitation: 'Date of Invitation',
  viewAffected: 'View Affected Applications',
  allApplicationsAppliedQuantum: 'Applied Quantum by All Applicants (MW)',
  applicationNo: 'Application No.',
  applicationDate: 'Application Date',
  registrationNo: 'Registration No.',
  registrationValidity: 'Validity of Registration',
  applicantName: 'Applicant Name',
  applicantType: 'Applicant Type',
  applicantCategory: 'Applicant Category',
  fromDate: 'From Date',
  toDate: 'To Date',
  appliedQuantum: 'Applied Quantum (MW)',
  availableMargin: 'Available Margin (MW)',
  notYetNumbered: 'Assigned on first Save',
  quotedPriceHelp: 'Equal to or greater than the Floor Price (Rs/kWh).',
} as const;
const T = EBIDDING_FORM_TEXTS;

/** The action of the 'View Affected Applications' button (the page opens 'Congested Applications'). */
export const VIEW_AFFECTED_ACTION = 'viewAffectedApplications';

const timeOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/** Form ST2 – Congestion Information and Invitation of E–Bidding by SLDC. */
export const invitationFormDefinition: FormDefinition = {
  id: 'ebidding-invitation',
  title: enEBidding.titles.invitationForm,
  steps: [
    {
      id: 'general',
      title: T.stepGeneral,
      fields: [
        { kind: 'text', name: 'bidInvitationNo', label: T.bidInvitationNo, readOnly: true },
        { kind: 'text', name: 'dateOfInvitation', label: T.dateOfInvitation, readOnly: true },
        { kind: 'button', name: 'viewAffected', label: T.viewAffected, action: VIEW_AFFECTED_ACTION, width: 'full' },
      ],
    },
    {
      id: 'substation',
      title: T.stepSubstation,
      fields: [
        {
          kind: 'text',
          name: 'subStationDetails',
          label: F.subStationDetails,
          inputType: 'textarea',
          required: true,
          maxLength: 2000,
          width: 'full',
        },
        { kind: 'text', name: 'availableMarginSubstation', label: F.availableMarginSubstation, maxLength: 300 },
      ],
    },
    {
      id: 'transmission',
      title: T.stepTransmission,
      fields: [
        {
          kind: 'text',
          name: 'transmissionSystemDetails',
          label: F.transmissionSystemDetails,
          inputType: 'textarea',
          required: true,
          maxLength: 2000,
          width: 'full',
        },
        { kind: 'date', name: 'congestionFromDate', label: F.congestionFromDate, required: true },
        { kind: 'date', name: 'congestionToDate', label: F.congestionToDate, required: true },
        { kind: 'combo', name: 'congestionFromTime', label: F.congestionFromTime, required: true, options: timeOptions(FROM_TIME_BLOCKS) },
        { kind: 'combo', name: 'congestionToTime', label: F.congestionToTime, required: true, options: timeOptions(TO_TIME_BLOCKS) },
        {
          kind: 'text',
          name: 'availableMargin',
          label: F.availableMargin,
          inputType: 'number',
          decimals: 2,
          min: 0,
          unit: 'MW',
          required: true,
        },
      ],
    },
    {
      id: 'bidDetails',
      title: T.stepBidDetails,
      fields: [
        { kind: 'date', name: 'lastDateOfSubmission', label: F.lastDateOfSubmission, required: true, min: 'today' },
        { kind: 'time', name: 'deadLine', label: F.deadLine, required: true },
        { kind: 'date', name: 'bidOpeningDate', label: F.bidOpeningDate, required: true, min: 'today' },
        { kind: 'time', name: 'bidOpeningTime', label: F.bidOpeningTime, required: true },
      ],
    },
    {
      id: 'bidInvited',
      title: T.stepBidInvited,
      fields: [
        { kind: 'text', name: 'nameOfTransmissionSystem', label: F.nameOfTransmissionSystem, required: true, maxLength: 300 },
        { kind: 'text', name: 'floorPrice', label: F.floorPrice, inputType: 'number', decimals: 2, min: 0, unit: 'Rs/kWh', required: true },
        { kind: 'text', name: 'allApplicationsAppliedQuantum', label: T.allApplicationsAppliedQuantum, readOnly: true },
      ],
    },
    {
      id: 'declarations',
      title: T.stepDeclarations,
      fields: [
        { kind: 'text', name: 'place', label: F.place, required: true, maxLength: 200 },
        { kind: 'date', name: 'date', label: F.date },
        { kind: 'text', name: 'authorizedPersonName', label: F.authorizedPersonName, required: true, maxLength: 200 },
        { kind: 'text', name: 'authorizedPersonDesignation', label: F.authorizedPersonDesignation, required: true, maxLength: 200 },
      ],
    },
  ],
};

const toNumber = (v: string | null | undefined): number | null =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
const dateOnly = (v: string | null | undefined): string | null => (v ? v.slice(0, 10) : null);
const timeOnly = (v: string | null | undefined): string | null => (v ? v.slice(0, 5) : null);

/** Form values of a saved invitation (or an empty form for a new one). */
export function invitationFormValues(detail: InvitationDetail | null): FormValues {
  if (!detail) return { bidInvitationNo: T.notYetNumbered, dateOfInvitation: '', allApplicationsAppliedQuantum: '' };
  return {
    bidInvitationNo: detail.bidInvitationNo,
    dateOfInvitation: detail.dateOfInvitation ?? '',
    subStationDetails: detail.subStationDetails ?? '',
    availableMarginSubstation: detail.availableMarginSubstation ?? '',
    transmissionSystemDetails: detail.transmissionSystemDetails ?? '',
    congestionFromDate: dateOnly(detail.congestionFromDate),
    congestionToDate: dateOnly(detail.congestionToDate),
    congestionFromTime: timeOnly(detail.congestionFromTime ?? detail.fromTimeSpan),
    congestionToTime: timeOnly(detail.congestionToTime ?? detail.toTimeSpan),
    availableMargin: toNumber(detail.availableMargin),
    lastDateOfSubmission: dateOnly(detail.lastDateOfSubmission),
    deadLine: timeOnly(detail.deadLine),
    bidOpeningDate: dateOnly(detail.bidOpeningDate),
    bidOpeningTime: timeOnly(detail.bidOpeningTime),
    nameOfTransmissionSystem: detail.nameOfTransmissionSystem ?? '',
    floorPrice: toNumber(detail.floorPrice),
    allApplicationsAppliedQuantum: detail.allApplicationsAppliedQuantum,
    place: detail.place ?? '',
    date: dateOnly(detail.date),
    authorizedPersonName: detail.authorizedPersonName ?? '',
    authorizedPersonDesignation: detail.authorizedPersonDesignation ?? '',
  };
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/** The body of POST EBidding/Submit from the form's values and the chosen applications. */
export function invitationSubmitPayload(
  values: FormValues,
  opts: { isDraft: boolean; applicationIds: readonly string[]; saved?: { id: string; version: number } | null },
): InvitationSubmitInput {
  return {
    id: opts.saved?.id ?? null,
    version: opts.saved?.version ?? null,
    isDraft: opts.isDraft,
    applicationId: opts.applicationIds[0] ?? null,
    eBiddedApplications: opts.applicationIds.map((applicationId) => ({ applicationId })),
    subStationDetails: text(values.subStationDetails),
    transmissionSystemDetails: text(values.transmissionSystemDetails),
    nameOfTransmissionSystem: text(values.nameOfTransmissionSystem),
    availableMarginSubstation: text(values.availableMarginSubstation),
    availableMargin: text(values.availableMargin),
    congestionFromDate: text(values.congestionFromDate),
    congestionToDate: text(values.congestionToDate),
    congestionFromTime: text(values.congestionFromTime),
    congestionToTime: text(values.congestionToTime),
    lastDateOfSubmission: text(values.lastDateOfSubmission),
    deadLine: text(values.deadLine),
    bidOpeningDate: text(values.bidOpeningDate),
    bidOpeningTime: text(values.bidOpeningTime),
    floorPrice: text(values.floorPrice),
    place: text(values.place),
    date: text(values.date),
    authorizedPersonName: text(values.authorizedPersonName),
    authorizedPersonDesignation: text(values.authorizedPersonDesignation),
  };
}

/**
 * Form ST3 – Bid Proposal for E-Bidding by STOA Applicant: everything read-only except the quoted
 * bid price and the declarations (spec 000 §2).
 */
export const proposalFormDefinition: FormDefinition = {
  id: 'ebidding-proposal',
  title: enEBidding.titles.proposalForm,
  steps: [
    {
      id: 'general',
      title: T.stepGeneral,
      fields: [
        { kind: 'text', name: 'applicationNo', label: T.applicationNo, readOnly: true },
        { kind: 'text', name: 'applicationDate', label: T.applicationDate, readOnly: true },
        { kind: 'text', name: 'registrationNo', label: T.registrationNo, readOnly: true },
        { kind: 'text', name: 'registrationValidity', label: T.registrationValidity, readOnly: true },
        { kind: 'text', name: 'applicantName', label: T.applicantName, readOnly: true },
        { kind: 'text', name: 'applicantType', label: T.applicantType, readOnly: true },
        { kind: 'text', name: 'applicantCategory', label: T.applicantCategory, readOnly: true },
        { kind: 'text', name: 'fromDate', label: T.fromDate, readOnly: true },
        { kind: 'text', name: 'toDate', label: T.toDate, readOnly: true },
      ],
    },
    {
      id: 'bidInvited',
      title: T.stepBidInvited,
      fields: [
        { kind: 'text', name: 'bidInvitationNo', label: T.bidInvitationNo, readOnly: true },
        { kind: 'text', name: 'congestionFromDate', label: F.congestionFromDate, readOnly: true },
        { kind: 'text', name: 'congestionToDate', label: F.congestionToDate, readOnly: true },
        { kind: 'text', name: 'congestionFromTime', label: F.congestionFromTime, readOnly: true },
        { kind: 'text', name: 'congestionToTime', label: F.congestionToTime, readOnly: true },
        { kind: 'text', name: 'availableMargin', label: T.availableMargin, readOnly: true },
        { kind: 'text', name: 'appliedQuantum', label: T.appliedQuantum, readOnly: true },
        { kind: 'text', name: 'lastDateOfSubmission', label: F.lastDateOfSubmission, readOnly: true },
        { kind: 'text', name: 'deadLine', label: F.deadLine, readOnly: true },
        { kind: 'text', name: 'floorPrice', label: F.floorPrice, readOnly: true },
        // The helper line is always there, so its error (e.g. below the floor price) shifts nothing under the next click.
        {
          kind: 'text',
          name: 'quotedBidPrice',
          label: F.quotedBidPrice,
          inputType: 'number',
          decimals: 2,
          min: 0,
          unit: 'Rs/kWh',
          required: true,
          helperText: T.quotedPriceHelp,
        },
      ],
    },
    {
      id: 'declarations',
      title: T.stepDeclarations,
      fields: [
        { kind: 'text', name: 'place', label: F.place, required: true, maxLength: 200 },
        { kind: 'text', name: 'authorizedPersonName', label: F.authorizedPersonName, required: true, maxLength: 200 },
        { kind: 'text', name: 'authorizedPersonDesignation', label: F.authorizedPersonDesignation, required: true, maxLength: 200 },
      ],
    },
  ],
};

/** Form values of Form ST3 from the proposal data (dates as given by the API, prices as numbers). */
export function proposalFormValues(detail: ProposalDetail): FormValues {
  return {
    applicationNo: detail.applicationNo,
    applicationDate: dateOnly(detail.applicationDate) ?? '',
    registrationNo: detail.registrationNo ?? '',
    registrationValidity: dateOnly(detail.registrationValidity) ?? '',
    applicantName: detail.applicantName,
    applicantType: detail.applicantType ?? '',
    applicantCategory: detail.applicantCategory ?? '',
    fromDate: dateOnly(detail.fromDate) ?? '',
    toDate: dateOnly(detail.toDate) ?? '',
    bidInvitationNo: detail.bidInvitationNo,
    congestionFromDate: dateOnly(detail.congestionFromDate) ?? '',
    congestionToDate: dateOnly(detail.congestionToDate) ?? '',
    congestionFromTime: displayTime(detail.congestionFromTime),
    congestionToTime: displayTime(detail.congestionToTime),
    availableMargin: detail.availableMargin ?? '',
    appliedQuantum: detail.appliedQuantum,
    lastDateOfSubmission: dateOnly(detail.lastDateOfSubmission) ?? '',
    deadLine: displayTime(detail.deadLine),
    floorPrice: detail.floorPrice ?? '',
    quotedBidPrice: toNumber(detail.quotedBidPrice),
    place: detail.place ?? '',
    authorizedPersonName: detail.authorizedPersonName ?? '',
    authorizedPersonDesignation: detail.authorizedPersonDesignation ?? '',
  };
}

/**
 * Spec 000 §5 (ST3, DOMAIN.md §4): the quoted bid price must not be below the floor price ('Quoted
 * Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)'). The one rule, on
 * integer ten-thousandths of a rupee per kWh: the form (below) and the API (proposals.ts) call it.
 * A price not known (null) never fails it.
 */
export function isBelowFloorPrice(quotedTt: number | null, floorTt: number | null): boolean {
  return quotedTt !== null && floorTt !== null && quotedTt < floorTt;
}

/** The floor-price rule on the form's values (a malformed price is the schema's error, not this one). */
export function proposalFloorPriceIssues(values: FormValues): { fieldName: string; message: string }[] {
  return isBelowFloorPrice(priceValueToTenThousandths(values.quotedBidPrice), priceValueToTenThousandths(values.floorPrice))
    ? [{ fieldName: 'quotedBidPrice', message: enEBidding.validation.belowFloorPrice }]
    : [];
}

/** The body of POST EBidding/SubmitProposal. */
export function proposalSubmitPayload(detail: ProposalDetail, values: FormValues, isDraft: boolean): ProposalSubmitInput {
  const price = values.quotedBidPrice;
  return {
    applicationId: detail.applicationId,
    eBiddingInvitationId: detail.eBiddingInvitationId,
    eBiddingApplicationId: detail.eBiddingApplicationId,
    quotedBidPrice: typeof price === 'number' ? String(price) : typeof price === 'string' ? price : '',
    place: text(values.place),
    authorizedPersonName: text(values.authorizedPersonName),
    authorizedPersonDesignation: text(values.authorizedPersonDesignation),
    isDraft,
  };
}
