/**
 * Texts of STOA applications (spec 001 §2 /applications, §4 application filter labels, §5 schedule
 * rows, §8). The specification's messages are copied exactly, spelling included ('quatum',
 * 'can not'); the rest are ours.
 */
export const enApplications = {
  /** Labels of the application types (spec 001 §2 Transactions menu names the four kinds). */
  typeLabels: {
    Advance: 'Advance',
    DayAhead: 'Day Ahead',
    FCFS: 'First Come First Serve',
    ContingencyDayAhead: 'Contingency (Day Ahead)',
    ContingencySameDay: 'Contingency (Same Day)',
  },
  modeLabels: { IntraState: 'Intra-State', InterState: 'Inter-State' },
  /** Button labels of the workflow actions (spec 001 §2: Forward is 'Accept' for applications). */
  actionLabels: {
    Submit: 'Submit',
    Forward: 'Accept',
    Approve: 'Approve',
    Return: 'Seek Clarification',
    Reject: 'Reject',
    Process: 'Process',
  },
  /** Schedule rows (spec 001 §5; the quoted ones exactly as the specification writes them). */
  schedule: {
    overlap: 'Time block overlap has been found, please edit inputs for this row.',
    moreThanApproved: (n: string, m: string) => `Applied requirement : ${n} is more than approved : ${m}`,
    lessThanOne: (n: string) => `Applied requirement : ${n} can not be less than 1`,
    remainingFetchError: 'Error fetching remaining quatum details.',
    rowsRequired: 'Add at least one schedule row.',
    tooManyRows: (max: number) => `At most ${max} schedule rows can be added.`,
    fromDateAfterToDate: 'From date must not be after To date.',
    fromTimeNotBeforeToTime: 'From time must be before To time.',
    endOnly: '24:00 can only be a To time.',
    startOnly: '00:00 can only be a From time.',
    timeInvalid: 'Select a time from the list.',
    dateOutOfRange: (from: string, to: string) => `Date must be between ${from} and ${to}.`,
    monthNotOpen: 'Applications for this month are not open now.',
    earlierThanPermitted: (time: string, date: string) => `From time must not be earlier than ${time} on ${date}.`,
    oneMonth: 'All schedule rows of an application must be in one calendar month.',
    requirementInvalid: 'Requirement must be a number in MW with at most 2 decimals.',
    requirementRequired: 'Requirement is required.',
  },
  fields: {
    sellerId: 'Seller',
    buyerId: 'Buyer',
    traderId: 'Trader',
    scheduleList: 'Schedule',
    oaFromDate: 'From Date',
    oaToDate: 'To Date',
    fromTimeBlock: 'From Time',
    toTimeBlock: 'To Time',
    oaRequirement: 'Requirement (MW)',
    mwh: 'MWh',
  },
  errors: {
    sellerRequired: 'Seller is required',
    buyerRequired: 'Buyer is required',
    sellerNotApproved: 'Select a seller with an approved registration.',
    buyerNotApproved: 'Select a buyer with an approved registration.',
    cannotSell: 'This registration cannot sell: only an injecting entity (or injecting and drawee entity) can be the seller.',
    cannotBuy: 'This registration cannot buy: only a drawee entity (or injecting and drawee entity) can be the buyer.',
    sameParty: 'Seller and buyer must be different registrations.',
    notOwnParty: 'The seller or the buyer must be one of your approved registrations.',
    notAssociatedParty: 'The seller or the buyer must be an approved registration of an applicant associated with you.',
    onBehalfOfNotAssociated: (side: string) => `The ${side.toLowerCase()} is not an applicant associated with you.`,
    traderNotAssociated: 'Select one of your traders with an approved registration.',
    traderOnlyForApplicant: 'Only an OA applicant chooses a trader.',
    noTraderRegistration: 'You have no approved trader registration.',
    windowClosed: (typeLabel: string) => `Applications of type ${typeLabel} are not open now.`,
    defaulter: 'You are marked as a defaulter and cannot apply for open access until your dues are cleared.',
    applicantDefaulter: (name: string) => `${name} is marked as a defaulter and cannot apply for open access until its dues are cleared.`,
    statusConflict: 'This application has changed since you opened it. Reload to see its current status.',
    remarksRequired: 'Remarks are required.',
    notFound: 'The requested application was not found.',
    registrationNotFound: 'The requested registration was not found.',
    typeMismatch: 'The application is of another type.',
    notGranted: 'The application has not been processed: there is no granted quantum to approve.',
    feeUnpaid: 'The application fee has not been paid.',
    versionRequired: 'Version is required',
    loggedInDateTimeInvalid: 'Login time must be an ISO 8601 date and time with its offset, e.g. 2026-11-21T09:30:00Z.',
    counterpartyReadOnly: 'This application names your registration as seller or buyer; only its applicant can act on it.',
  },
  notifications: {
    traderApplied: (trader: string, typeLabel: string, no: string) =>
      `${trader} has applied for ${typeLabel} open access (${no}) on your behalf. Please approve or reject the request.`,
    submitted: (no: string, typeLabel: string) => `Application ${no} (${typeLabel}) is pending SLDC verification.`,
    traderRequestApproved: (no: string) => `The applicant approved your request ${no}; it is pending SLDC verification.`,
    traderRequestRejected: (no: string) => `The applicant rejected your request ${no}.`,
    moved: (no: string, label: string, remarks: string | null) => `Application ${no}: ${label}.${remarks ? ` Remarks: ${remarks}` : ''}`,
    traderAssigned: (no: string, applicant: string) => `${applicant} named you as the trader of application ${no}.`,
    traderRemoved: (no: string) => `You are no longer the trader of application ${no}.`,
    pendingApproval: (no: string, typeLabel: string) => `Application ${no} (${typeLabel}) is pending SLDC approval.`,
  },
  /** Processing (phase 2): runs against the margin, approve all. */
  processing: {
    alreadyProcessed: (typeLabel: string, date: string) => `${typeLabel} applications of ${date} have already been processed.`,
    nothingToProcess: (typeLabel: string, date: string) => `There are no ${typeLabel} applications pending STOA check for ${date}.`,
    runNotFound: 'No processing run was found for this type and date.',
    nothingToApprove: 'There are no applications of this run pending your approval.',
    processed: (no: string, label: string) => `Application ${no} was processed against the available margin: ${label}.`,
    runPendingApproval: (typeLabel: string, date: string, n: number) =>
      `${n} ${typeLabel} application(s) processed on ${date} are pending SLDC approval.`,
    congested: (typeLabel: string, month: string) =>
      `${typeLabel} applications for ${month} exceed the available margin; the batch is marked congested for e-bidding.`,
    nothingToAllocate: 'No application of this run is short of its request: there is nothing to allocate.',
    quantumAllocated: (no: string, mwh: string) =>
      `Additional margin was allocated to application ${no} on a pro-rata basis: ${mwh} MWh granted in all.`,
    allocatedPendingApproval: (typeLabel: string, date: string, n: number) =>
      `${n} ${typeLabel} application(s) of the run of ${date} received margin on a pro-rata basis and are pending SLDC approval.`,
  },
  history: {
    Submit: 'Submitted',
    Resubmit: 'Resubmitted',
    Forward: 'Accepted',
    Approve: 'Approved',
    Return: 'Clarification sought',
    Reject: 'Rejected',
    Process: 'Processed',
    Allocate: 'Margin allocated pro-rata',
    UpdateTrader: 'Trader changed',
  },
  /**
   * One workflow step in words, for the history and the parties' notices: who acted and what comes
   * next ('Approved by SLDC Approver-I; pending SLDC Approver-II'). Status labels stay as the
   * specification has them; two statuses share 'Pending SLDC approval', the step tells them apart.
   */
  steps: {
    by: (action: string, actor: string) => `${action} by ${actor}`,
    next: {
      PendingApplicantApproval: "pending the applicant's approval",
      Submitted: 'pending SLDC Business User verification',
      Returned: 'clarification required from the applicant',
      Rejected: 'final status: Rejected',
      PendingSTOAApproval: 'pending STOA check',
      STOAApproved: 'pending SLDC Approver-I',
      SLDCApproverIApproved: 'pending SLDC Approver-II',
      Approved: 'final status: Approved',
      PartiallyApproved: 'final status: Partially Approved (As per Margin Availability)',
      NoSTOARejected: 'final status: Rejected (No Margin)',
    },
    /** The notice to the applicant and traders of one step. */
    notice: (no: string, step: string, remarks: string | null) => `Application ${no}: ${step}.${remarks ? ` Remarks: ${remarks}` : ''}`,
  },
} as const;
