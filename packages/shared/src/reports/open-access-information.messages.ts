import type { RefusalReason } from './open-access-information';

/** Texts of the public Open Access Information page (issue 15, decision 0085), English. */
export const enOpenAccessInformation = {
  title: 'Open Access Information',
  intro:
    'What the State Load Dispatch Centre publishes to everyone: its decisions on short-term open access applications, the transmission margin available for the next days and how long each step of its work takes. Figures only: no applicant is named.',
  asOf: (when: string) => `Figures as of ${when} (IST).`,
  loading: 'Loading the open access information',
  error: 'The open access information could not be loaded. Try again in a moment.',
  retry: 'Try again',
  signIn: 'Sign in to the portal',
  decisions: {
    title: 'Decisions by month',
    intro:
      'Applications approved, partially approved (as per margin availability) and refused in each month, with where the refusal came from.',
    tableLabel: 'Decisions on applications by month',
    month: 'Month',
    approved: 'Approved',
    partiallyApproved: 'Partially approved',
    refused: 'Refused',
    reasons: {
      NoMargin: 'No margin',
      SldcVerification: 'At SLDC verification',
      ApproverI: 'By SLDC Approver I',
      ApproverII: 'By SLDC Approver II',
      Other: 'Other',
    } satisfies Record<RefusalReason, string>,
    empty: 'No application has been decided in the last 12 months.',
  },
  margins: {
    title: 'Margin available for the next days',
    intro: (from: string, to: string) =>
      `The intra-state transmission margin uploaded by the SLDC for ${from} to ${to}, and what is already booked against it, per element.`,
    tableLabel: 'Available margin per date and element',
    date: 'Date',
    element: 'Element',
    lowest: 'Lowest available (MW)',
    highest: 'Highest available (MW)',
    empty: (from: string, to: string) => `No margin has been published for ${from} to ${to} yet.`,
    chartOf: 'Date and element',
    chartLabel: (date: string, element: string) => `Margin, booked and available MW per block on ${date} at ${element}`,
    margin: 'Margin',
    booked: 'Booked',
    available: 'Available',
    time: 'Time (IST)',
    mw: 'MW',
  },
  processing: {
    title: 'Processing time of each step',
    intro: (from: string, to: string) =>
      `How long applications and registrations waited in each step completed from ${from} to ${to}: the median (half took less) and the 90th percentile (nine in ten took less).`,
    tableLabel: 'Processing time of each workflow step over the last 90 days',
    process: 'Process',
    step: 'Step',
    completed: 'Completed',
    median: 'Median',
    p90: '90th percentile',
    none: '—',
    empty: 'No step has been completed in the last 90 days.',
    processes: { Application: 'STOA application', Registration: 'Registration' },
    steps: {
      'Application.Submitted': 'SLDC verification',
      'Application.PendingSTOAApproval': 'STOA check (processing against the margin)',
      'Application.STOAApproved': 'Approval by SLDC Approver I',
      'Application.SLDCApproverIApproved': 'Approval by SLDC Approver II',
      'Registration.Submitted': 'SLDC verification',
      'Registration.PendingDISCOMApproval': 'DISCOM consent',
      'Registration.PendingTRANSCOApproval': 'TRANSCO consent',
      'Registration.PendingSTOACheck': 'STOA availability check',
      'Registration.STOAApproved': 'Approval by SLDC Approver I',
      'Registration.SLDCApproverIApproved': 'Approval by SLDC Approver II',
    } as Record<string, string>,
    duration: (minutes: number) => {
      const d = Math.floor(minutes / 1440);
      const h = Math.floor((minutes % 1440) / 60);
      const m = minutes % 60;
      if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
      if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
      return `${m} min`;
    },
  },
};
export type OpenAccessInformationMessages = typeof enOpenAccessInformation;
