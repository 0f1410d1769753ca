/**
 * Texts of curtailment (issue 5; spec 001 §2 /curtailment, menu 'Applied Curtailments'). The
 * specification shows no curtailment fields or messages: these are ours (decision 0014).
 */
export const enCurtailment = {
  title: 'Applied Curtailments',
  fields: {
    curtailmentNo: 'Curtailment No.',
    element: 'Transmission Element',
    curtailmentDate: 'Curtailment Date',
    fromTimeBlock: 'From Time',
    toTimeBlock: 'To Time',
    basis: 'Curtailment Basis',
    quantum: 'MW',
    cause: 'Cause',
    remarks: 'Remarks',
    fromDate: 'From Date',
    toDate: 'To Date',
  },
  basisLabels: { Reduction: 'Reduce the STOA flow by (MW)', NewCapacity: 'New STOA capacity of the element (MW)' },
  causeLabels: { TransmissionConstraint: 'Transmission constraint', Other: 'Other (no refund)' },
  orderLabels: { ProRata: 'Pro-rata', ReverseCategory: 'Reverse category order', ReverseTimestamp: 'Reverse timestamp' },
  errors: {
    blocksOrder: 'To Time must be after From Time.',
    quantumPositive: 'MW must be more than 0 for a reduction.',
    pastDate: 'A curtailment cannot be for a past date.',
    pastBlocks: (time: string) => `Blocks that have already begun cannot be curtailed on today's date; start at ${time} or later.`,
    unknownElement: 'Select an element with ATC margins uploaded for the curtailment date.',
    nothingAffected: 'No approved STOA schedule uses this element in the blocks chosen; nothing to curtail.',
    nothingToCut: 'The schedules on this element already fit the capacity given; nothing to curtail.',
    marginChanged: 'The margin of this element has changed since the preview (another curtailment or an upload); preview again.',
    notFound: 'Curtailment not found.',
  },
  notifications: {
    applicant: (no: string, applicationNo: string, element: string, date: string, from: string, to: string, mwh: string) =>
      `Curtailment ${no}: the schedule of application ${applicationNo} on ${element} for ${date} ${from}–${to} has been curtailed by ${mwh} MWh.`,
  },
  created: (no: string, count: number) => `Curtailment ${no} has been applied to ${count} application(s).`,
  refundNoteTransmission: 'Transmission charges of the curtailed energy are refunded (cause: transmission constraint).',
  refundNoteOther: 'No refund: the cause is not a transmission constraint.',
  refundNoteNoRate: (date: string) => `No STU transmission charge is configured for ${date}: the refund cannot be computed.`,
} as const;
