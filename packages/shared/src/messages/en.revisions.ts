/**
 * Texts of schedule revisions (spec 001 §2 /revision, menus 'Revision' and 'Requested Revisions';
 * DOMAIN.md §3; decision 0013). The specification shows no revision messages: these are ours.
 */
export const enRevisions = {
  statusLabels: {
    Requested: 'Pending SLDC approval',
    Approved: 'Approved',
    Rejected: 'Rejected',
  },
  actionLabels: { Request: 'Request', Approve: 'Approve', Reject: 'Reject' },
  fields: {
    applicationId: 'Application',
    revisionList: 'Revised schedule',
    oaFromDate: 'From Date',
    oaToDate: 'To Date',
    fromTimeBlock: 'From Time',
    toTimeBlock: 'To Time',
    revisedRequirement: 'Revised (MW)',
    remarks: 'Remarks',
  },
  rules: {
    rowsRequired: 'Add at least one row of the revised schedule.',
    tooManyRows: (max: number) => `At most ${max} rows can be revised at once.`,
    outsidePeriod: (from: string, to: string) => `Date must be within the application's schedule (${from} to ${to}).`,
    beforeEffective: (time: string, date: string) =>
      `A revision takes effect only from the effective time block: From time must not be earlier than ${time} on ${date}.`,
    upward: (revised: string, current: string, date: string, time: string) =>
      `Revised requirement : ${revised} is more than the current schedule : ${current} on ${date} at ${time}. Only a downward revision is allowed; apply for the extra quantum as a new application.`,
    noChange: 'The revised schedule is the same as the current schedule: nothing to revise.',
    overlap: 'This row overlaps another row of the revision.',
    nothingAhead:
      'No part of this schedule can still be revised: every remaining block is before the earliest effective block or already zero.',
  },
  errors: {
    notFound: 'The requested revision was not found.',
    applicationNotFound: 'The requested application was not found.',
    notRevisable: 'Only an approved or partially approved application can be revised.',
    statusConflict: 'This revision has changed since you opened it. Reload to see its current status.',
    remarksRequired: 'Remarks are required to reject a revision.',
    versionRequired: 'Version is required',
    staleOnApproval:
      'The revised schedule can no longer be applied as requested (the effective block has passed or the schedule changed). Reject it; the applicant may request again.',
  },
  notifications: {
    requested: (no: string, applicationNo: string) => `Revision ${no} of application ${applicationNo} is pending SLDC approval.`,
    decided: (no: string, applicationNo: string, label: string, remarks: string | null) =>
      `Revision ${no} of application ${applicationNo}: ${label}.${remarks ? ` Remarks: ${remarks}` : ''}`,
  },
} as const;
