import { enRevisions, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/**
 * Texts of the revision pages (issue 5): the shared catalog (packages/shared messages/en.revisions.ts)
 * plus these pages' own words.
 */
const enRevisionPages = {
  ...enRevisions,
  pages: {
    oaTitle: 'Revision',
    oaSubtitle: 'Downward revisions of your approved schedules. An increase is a new application.',
    sldcTitle: 'Requested Revisions',
    sldcSubtitle: 'Revisions requested by applicants and traders: approve them before they take effect, or reject them with remarks.',
    newRevision: 'New revision',
    filterTitle: 'Filter Revisions',
    all: 'All',
    status: 'Status',
    revisionNo: 'Revision No.',
    applicationNo: 'Application No.',
    fromDate: 'Effective From Date',
    toDate: 'Effective To Date',
    fromAfterTo: 'From Date must not be after To Date.',
    gridLabel: 'Revisions',
    parties: 'Seller → Buyer',
    requestedBy: 'Requested By',
    requestedAt: 'Requested On',
    effective: 'Effective From',
    version: 'Version',
    reducedMwh: 'Reduction (MWh)',
    actions: 'Actions',
    view: 'View',
    viewOf: (no: string) => `View revision ${no}`,
    empty: 'No revisions yet.',
    emptyHintOa: 'Request a downward revision of an approved application with New revision.',
    emptyHintSldc: 'Revisions requested by applicants appear here.',
    // New revision
    newTitle: 'New revision',
    newHint: 'Choose an approved application, then enter the revised MW for a date and time range.',
    application: 'Application',
    noRevisable: 'You have no approved application whose schedule can still be revised.',
    loadingApplications: 'Loading your approved applications…',
    currentTitle: 'Current schedule (granted)',
    currentVersion: (n: number) => `Current version: v${n}`,
    currentEmpty: 'Nothing is granted on this application.',
    date: 'Date',
    from: 'From',
    to: 'To',
    mw: 'MW',
    effectiveNow: (time: string, date: string, lead: number) =>
      `A revision requested now takes effect from ${time} on ${date} (block ${lead} counting the current block as the 1st). Earlier blocks cannot change.`,
    notRevisableNow: 'No block of this schedule can still be revised.',
    rowTitle: 'Revised schedule',
    remarks: 'Remarks',
    request: 'Request revision',
    requesting: 'Requesting…',
    requested: (no: string) => `Revision ${no} requested.`,
    cancel: 'Cancel',
    // Revision page
    back: 'Back',
    notFound: 'The requested revision was not found.',
    summaryTitle: 'Revision',
    applicationLabel: 'Application',
    requestedByLabel: 'Requested by',
    effectiveLabel: 'Effective from',
    statusLabel: 'Status',
    remarksLabel: 'Remarks',
    chargesTitle: 'Charge effect',
    chargesHint:
      'Transmission charges of the original schedule stay payable for 2 days from the effective block (or the remaining period, if shorter); the rest of the reduction is released.',
    chargesEstimate: 'Estimated from the current schedule; fixed when approved.',
    reduced: 'Reduction',
    retained: 'Charges still payable on',
    released: 'Charges released on',
    mwh: (v: string) => `${v} MWh`,
    rowsTitle: 'Requested rows',
    actionsTitle: 'Workflow Actions',
    actionsHint: 'Approve applies the revised values from the effective block as a new version of the schedule.',
    noActions: 'No action is pending from you on this revision.',
    confirmAction: (label: string) => `${label} revision`,
    remarksHint: 'Up to 1000 characters.',
    working: 'Working…',
    actionDone: (label: string, no: string) => `${label}: revision ${no}.`,
    conflictTitle: 'Changed meanwhile',
    historyTitle: 'History',
    versionsTitle: 'Version history of the schedule',
    versionsHint: 'v0 is the schedule as approved; each approved revision and each curtailment by the SLDC makes the next version.',
    versionLabel: (n: number) => `v${n}`,
    proposedLabel: (n: number) => `v${n} (proposed)`,
    source: 'Source',
    sourceLabels: { Approval: 'As approved', Revision: 'Revision', Curtailment: 'Curtailment' },
    /** The link to what made a version, for a screen reader: 'Curtailment CUR/2026/000003'. */
    sourceOf: (source: string, no: string) => `${source} ${no}`,
    createdAt: 'Created On',
    totalMwh: 'Total (MWh)',
    compareFrom: 'Compare version',
    compareTo: 'with version',
    differenceTitle: 'Difference',
    differenceLabel: (a: string, b: string) => `Difference between ${a} and ${b}`,
    noDifference: 'The two versions are the same.',
    versionMw: (label: string) => `${label} (MW)`,
    difference: 'Difference (MW)',
    time: 'Time',
  },
} as const;

export type RevisionMessages = typeof enRevisionPages;
const catalogs: Record<Language, RevisionMessages> = { en: enRevisionPages };

export function useRevisionMessages(): RevisionMessages {
  return catalogOf(catalogs);
}
