import { EBIDDING_FORM_TEXTS, enEBidding } from '@stoa/shared/e-bidding';
import { formatRupeeRate } from '@stoa/shared/common';
import type { Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the e-bidding pages: the shared catalog (e-bidding.messages.ts, the form texts) plus the pages' own words. */
const enEBiddingWeb = {
  ...enEBidding,
  form: EBIDDING_FORM_TEXTS,
  web: {
    staffSubtitle: 'Invitations for bids on congested transmission capacity (Form ST2), their proposals and results.',
    bidderSubtitle: 'Invitations to bid for your congested Advance applications (Form ST3) and your bid proposals.',
    filterTitle: 'Filter E-Bidding',
    monthOfInvitation: 'Month of Invitation',
    invitationNo: 'Invitation No.',
    status: 'Status',
    allStatuses: 'All',
    /** Decision 0084: the deadline windows the dashboard's figures open the list on. */
    deadlineWindow: 'Deadline window',
    deadlineWindows: { All: 'Any', Closing: 'Closing within 24 hours', ReadyToProcess: 'Ready to process' },
    newInvitation: 'New Invitation',
    download: 'Download',
    downloading: 'Downloading…',
    downloadProposals: 'Download Proposals',
    invitationsGrid: 'E-bidding invitations',
    proposalsGrid: 'E-bidding proposals',
    invitationsEmpty: 'No e-bidding invitations found.',
    invitationsEmptyHint: 'Change the filter, or check back when the SLDC invites bids.',
    staffEmptyHint: 'Change the filter, or start a new invitation for congested Advance applications.',
    proposalsEmpty: 'No bid proposals found.',
    proposalsEmptyHint: 'Apply to an invitation to make a bid proposal.',
    // invitation grid columns
    dateOfInvitation: 'Invitation Date',
    bidInvitationNo: 'Bid Invitation No.',
    application: 'Application',
    availableMargin: 'Available Margin (MW)',
    appliedQuantum: 'Applied Quantum (MW)',
    fromDate: 'From Date',
    toDate: 'To Date',
    fromTime: 'From Time',
    toTime: 'To Time',
    lastDateOfSubmission: 'Last Date of Submission',
    deadline: 'Deadline',
    floorPrice: 'Floor Price (Rs/kWh)',
    actions: 'Actions',
    // proposal grid columns
    applicationNo: 'Application No.',
    availableQuantum: 'Available Quantum (MW)',
    quotedPrice: 'Quoted Price (Rs/kWh)',
    allocatedQuantum: 'Allocated Quantum (MW)',
    applicablePrice: 'Applicable Price (Rs/kWh)',
    view: 'View',
    sealed: 'Sealed',
    actionLabels: {
      Invite: 'Invite',
      Initiated: 'Initiated',
      Process: 'Process',
      Result: 'Result',
      Apply: 'Apply',
      View: 'View',
      'Invitation Expired': 'Invitation Expired',
    } as Record<string, string>,
    actionOf: (action: string, no: string) => `${action}: ${no}`,
    // Form ST2 page
    back: 'Back to E-Bidding Applications',
    save: 'Save',
    saving: 'Saving…',
    saved: 'The invitation is saved as a draft.',
    downloadPdf: 'Download',
    loading: 'Loading…',
    notFound: 'This invitation was not found, or it is not open to you.',
    reload: 'Try again',
    readOnlyNote: 'This invitation has been sent; it is shown read-only.',
    readOnlyDraft: 'Only the SLDC business user can change this draft; it is shown read-only.',
    affectedTitle: 'Affected Applications',
    affectedNone: 'No application is chosen yet. Use View Affected Applications to choose the congested applications to invite.',
    affectedCount: (n: number) => `${n} application(s) invited`,
    // dialog
    congestedEmpty: 'No congested Advance application is pending e-bidding.',
    select: 'Select',
    selectOf: (no: string) => `Invite application ${no}`,
    invitedIn: 'Already invited in',
    done: 'Done',
    filterMonth: 'Month',
    applicationDate: 'Application Date',
    registrationNo: 'Registration No.',
    registrationValidity: 'Validity of Registration',
    applicantName: 'Applicant Name',
    applicationStatus: 'Status',
    // Form ST3
    proposalNotFound: 'This bid proposal was not found, or it is not open to you.',
    proposalReadOnly: 'This bid proposal is shown read-only.',
    proposalSaved: 'The bid proposal is saved as a draft.',
    deadlinePassedNote: 'The deadline for bid proposals has passed.',
    result: (allocated: string, price: string | null) =>
      price === null ? 'No quantum was allocated.' : `Allocated ${allocated} MW at ${formatRupeeRate(price, 'kWh')}.`,
    // process page
    processSubtitle: (no: string) => `Invitation ${no}`,
    congestionDetails: 'Congestion Details',
    congestionFrom: 'Congestion From',
    congestionTo: 'Congestion To',
    appliedByAll: 'Applied Quantum by All Applicants (MW)',
    proposalsTitle: 'Bid Proposals',
    noProposals: 'No bid proposal has been submitted.',
    sealedNote: 'The quoted prices are sealed until the deadline has passed.',
    approve: 'Approve',
    approving: 'Approving…',
    approveTitle: 'Approve the e-bidding result?',
    approveText: 'The margin is allocated among the proposals as shown; the applications go to SLDC approval and the dues are raised.',
    cannotProcess: 'Approve is available once the deadline has passed and the bid opening time is reached, before the congestion starts.',
    completedNote: 'This invitation has been processed.',
    details: 'Ebidding Details',
    detailsOf: (no: string) => `Ebidding details of ${no}`,
    // details page
    total: 'Total',
    appliedMwh: 'Applied (MWh)',
    approvedQuantum: 'Approved Quantum (MW)',
    approvedMwh: 'Approved (MWh)',
    applicableStuPrice: 'Applicable STU Price (Rs/kWh)',
    totalPrice: 'Total Applicable STU Price (Rs)',
    detailsEmpty: 'No e-bidding details for this application.',
    detailsNotFound: 'No e-bidding details were found for this application (it may not be processed yet).',
    detailsGrid: 'E-bidding details',
    // Form ST2: the margin the ATC uploads allow (issue 11 item 14)
    atcMarginTitle: 'ATC margin over the congestion period',
    atcMarginLimit: (mw: string) =>
      `The uploaded ATC margins allow at most ${mw} MW: the least margin of the congested elements over the blocks of the congestion period. A larger available margin is refused.`,
    atcMarginElement: (element: string, mw: string) => `${element}: ${mw} MW`,
    atcMarginMissing: (element: string, dates: string) => `${element}: no ATC margin uploaded for ${dates}`,
    atcMarginUnknown:
      'Save the invitation with its affected applications and congestion period to see the margin the ATC uploads allow (it is filled in when left empty).',
    // Lists and pages of one invitation (issue 11 item 10)
    invitedApplicationsTitle: 'Your Invited Applications',
    invitedApplicationsGrid: 'Invited applications',
    invitedApplicationsEmpty: 'None of your applications is invited in this invitation.',
  },
};

export type EBiddingMessages = typeof enEBiddingWeb;
const catalogs: Record<Language, EBiddingMessages> = { en: enEBiddingWeb };

export function useEBiddingMessages(): EBiddingMessages {
  return catalogOf(catalogs);
}
