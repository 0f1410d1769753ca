import { formatRupeeRate } from '../common/units';

/**
 * Texts of e-bidding (spec 000 §2, §4, §5). The specification's messages are copied exactly
 * (including 'E–Bidding' with an en dash in the Form ST2 title); the rest are ours.
 */
export const enEBidding = {
  titles: {
    list: 'E-Bidding Applications',
    invitationsTab: 'E-Bidding Invitations',
    proposalsTab: 'E-Bidding Proposals',
    invitationForm: 'Form ST2 – Congestion Information and Invitation of E–Bidding by SLDC',
    proposalForm: 'Form ST3 – Bid Proposal for E-Bidding by STOA Applicant',
    process: 'Process E-Bidded Applications',
    details: 'Ebidding Details',
    congestedApplications: 'Congested Applications',
  },
  success: {
    invitationSent: 'E-Bidding invitation sent successfully!',
    proposalSubmitted: 'E-Bidding application submitted successfully!',
    processed: 'E-Bidding Processed Successfully',
  },
  fields: {
    subStationDetails: 'Sub-station Transformation Capacity Details',
    transmissionSystemDetails: 'Transmission Line Details',
    nameOfTransmissionSystem: 'Name of Transmission System',
    availableMarginSubstation: 'Available Margin (Sub-station)',
    availableMargin: 'Available Margin (MW)',
    congestionFromDate: 'Congestion From Date',
    congestionToDate: 'Congestion To Date',
    congestionFromTime: 'Congestion From Time',
    congestionToTime: 'Congestion To Time',
    lastDateOfSubmission: 'Last Date of Submission',
    deadLine: 'Deadline',
    bidOpeningDate: 'Bid Opening Date',
    bidOpeningTime: 'Bid Opening Time',
    floorPrice: 'Floor Price (Rs/kWh)',
    quotedBidPrice: 'Quoted Bid Price (Rs/kWh)',
    place: 'Place',
    date: 'Date',
    authorizedPersonName: 'Name of Authorised Person',
    authorizedPersonDesignation: 'Designation of Authorised Person',
    eBiddedApplications: 'Affected Applications',
  },
  validation: {
    /** Spec 000 §5 (ST3), exactly. */
    belowFloorPrice: 'Quoted Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)',
    priceInvalid: (label: string) => `${label} must be a non-negative number with at most 2 decimals`,
    mwInvalid: (label: string) => `${label} must be a non-negative number with at most 2 decimals`,
    timeInvalid: (label: string) => `${label} must be a time of day (HH:mm)`,
    substationOrTransmission: 'Sub-station Transformation Capacity Details or Transmission Line Details is required',
    congestionDates: 'Congestion To Date cannot be before Congestion From Date',
    congestionTimes: 'Congestion To Time must be after Congestion From Time',
    applicationsRequired: 'Select at least one affected application',
    duplicateApplication: 'An application is listed more than once',
    deadlinePast: 'The last date of submission and deadline must be in the future',
    openingBeforeDeadline: 'The bid opening date and time cannot be before the deadline',
    openingAfterCongestion: 'The bid opening date and time must be before the congestion period starts',
    /** Issue 11 item 14 (decision 0016): the margin comes from the ATC uploads of the congested elements. */
    marginAboveAtc: (mw: string) =>
      `Available Margin (MW) can not be more than ${mw} MW, the uploaded ATC margin of the congested elements over the congestion period`,
    marginNotUploaded: (element: string, date: string) => `No ATC margin has been uploaded for ${element} on ${date}`,
    noCongestedElement: 'No congested element of the affected applications was found to take the available margin from',
  },
  errors: {
    invitationNotFound: 'The e-bidding invitation was not found.',
    proposalNotFound: 'The bid proposal was not found.',
    applicationNotFound: 'The application was not found.',
    notDraft: 'This invitation has been sent and can no longer be changed.',
    stale: 'This invitation was changed by someone else. Reload it and try again.',
    notCongested: (no: string) =>
      `Application ${no} is not an Advance application awaiting e-bidding (a congested processing run in 'Pending STOA check').`,
    alreadyInvited: (no: string, invitationNo: string) => `Application ${no} is already invited in ${invitationNo}.`,
    notInvited: 'This application is not invited to bid in this invitation.',
    deadlinePassed: 'The deadline for bid proposals has passed.',
    notOpen: 'This invitation is not open for bid proposals.',
    proposalLocked: 'This bid proposal has been submitted and cannot be changed.',
    notProcessable: 'Only an invitation whose deadline has passed, with submitted proposals, can be processed.',
    beforeOpening: 'Bids can be processed from the bid opening date and time.',
    congestionStarted: 'The congestion period has started; the bids can no longer be processed.',
    alreadyProcessed: 'This invitation has already been processed.',
    proposalsChanged: 'The proposals changed since they were loaded. Reload and try again.',
    noFloorPrice: (on: string) => `No e-bidding floor price is configured for ${on}.`,
  },
  notifications: {
    invited: (invitationNo: string, applicationNo: string, deadline: string) =>
      `You are invited to bid (${invitationNo}) for application ${applicationNo}. Submit Form ST3 by ${deadline}.`,
    reminder: (invitationNo: string, applicationNo: string, deadline: string) =>
      `Reminder: the bid proposal for application ${applicationNo} (${invitationNo}) is due by ${deadline}.`,
    proposalSubmitted: (invitationNo: string, applicationNo: string) =>
      `A bid proposal for application ${applicationNo} was submitted in ${invitationNo}.`,
    expired: (invitationNo: string) => `E-bidding invitation ${invitationNo} expired without bid proposals.`,
    withdrawn: (invitationNo: string, applicationNo: string) =>
      `No bid proposal was submitted for application ${applicationNo} in ${invitationNo} by the deadline; the application is deemed withdrawn.`,
    result: (invitationNo: string, applicationNo: string, allocated: string, price: string | null) =>
      price === null
        ? `E-bidding ${invitationNo}: no quantum was allocated to application ${applicationNo}.`
        : `E-bidding ${invitationNo}: ${allocated} MW allocated to application ${applicationNo} at ${formatRupeeRate(price, 'kWh')}.`,
    processed: (invitationNo: string, n: number) =>
      `E-bidding ${invitationNo} was processed: ${n} application(s) are pending SLDC approval.`,
  },
} as const;
