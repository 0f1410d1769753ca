/**
 * Texts of the SLDC's consent (concurrence) for inter-state STOA transactions (issue 14; spec 001 §2
 * /consent-for-inter-state-stoa-transactions; DOMAIN-REFERENCE.md §4.4; decision 0068). The
 * specification shows no fields or messages for it: these are ours.
 */
export const enInterStateConsent = {
  title: 'Consent for Inter-State STOA Transactions',
  applyTitle: 'Apply for Consent (Inter-State STOA)',
  directionLabels: { Sale: 'Sale out of the state (injection)', Purchase: 'Purchase into the state (drawal)' },
  statusLabels: {
    Draft: 'Draft',
    Submitted: 'Pending SLDC scrutiny',
    Verified: 'Verified, pending consent',
    Consented: 'Consented',
    PartiallyConsented: 'Consented for less',
    Refused: 'Refused',
  },
  actionLabels: { Forward: 'Verify and Forward', Consent: 'Consent', Refuse: 'Refuse' },
  fields: {
    applicationNo: 'Application No.',
    certificateNo: 'Consent No.',
    registrationId: 'Entity (registration)',
    entityName: 'Entity',
    direction: 'Direction',
    counterpartyState: 'Counterparty State',
    counterpartyEntity: 'Counterparty Entity',
    traderName: 'Trader (optional)',
    point: 'Injection / Drawal Point',
    period: 'Period',
    requestedMw: 'Requested (MW)',
    grantedMw: 'Consented (MW)',
    status: 'Status',
    remarks: 'Remarks',
    scheduleList: 'Schedule',
    reductions: 'Reduced MW',
  },
  rules: {
    pastFrom: 'The schedule must not start before today.',
    cannotSell: 'This entity is not registered to inject power: it cannot sell out of the state.',
    cannotBuy: 'This entity is not registered to draw power: it cannot purchase into the state.',
    noPoint: 'The entity has no registered connection point for this direction.',
    reductionOutside: 'The reduced span must lie within the requested period.',
    reductionAbove: (mw: string, requested: string) => `Reduced MW ${mw} must not be more than the requested ${requested} MW.`,
    reductionTimes: 'From Time must be before To Time.',
    marginShort: (element: string, date: string, block: number, left: string) =>
      `Only ${left} MW of inter-state margin remains at ${element} on ${date}, block ${block}: consent for less.`,
    noMargin: (element: string, date: string) =>
      `No inter-state ATC margin has been uploaded for ${element} on ${date}: upload it before consenting.`,
  },
  errors: {
    notFound: 'The requested consent application was not found.',
    registrationNotFound: 'Select an approved registration of your own or of an entity you trade for.',
    statusConflict: 'This consent application has changed since you opened it. Reload to see its current status.',
    reasonRequired: 'A reason is required.',
    versionRequired: 'Version is required',
    defaulter: 'The entity is marked as a defaulter: consent cannot be applied for until its dues are cleared.',
    notConsented: 'Only a consented application has a consent certificate.',
    required: (label: string) => `${label} is required`,
  },
  notifications: {
    submitted: (no: string, entity: string) => `Consent application ${no} of ${entity} is pending SLDC scrutiny.`,
    verified: (no: string, entity: string) => `Consent application ${no} of ${entity} has been verified and is pending consent.`,
    decided: (no: string, label: string, reason: string | null) =>
      `Consent application ${no}: ${label}.${reason ? ` Reason: ${reason}` : ''}`,
    deemed: (no: string, days: number) =>
      `Consent application ${no} has been deemed consented: the SLDC did not decide within ${days} working days.`,
  },
  history: {
    deemed: (days: number) => `Deemed consented: not decided within ${days} working days`,
  },
} as const;
