/**
 * Texts of payments (issue 13; spec 001 §2 Payments menu, §7 Configuration/Tds calls). The
 * specification shows no TDS fields or messages ("TDS and interest percentages: not shown"): these are
 * ours (decision 0040).
 */
export const enPayments = {
  tds: {
    title: 'TDS Configuration',
    intro: 'The charge heads on which you deduct TDS when you pay, the section of the Income-tax Act and the date it applies from.',
    add: 'Add TDS Declaration',
    edit: 'Edit TDS Declaration',
    empty: 'You have not declared TDS on any charge head.',
    fields: {
      head: 'Charge Head',
      section: 'TDS Section',
      rate: 'TDS Rate (%)',
      effectiveFrom: 'Effective From',
      state: 'Status',
      remarks: 'Remarks',
    },
    sections: {
      '194C_INDIVIDUAL': '194C (individual / HUF) — 1 %',
      '194C_OTHER': '194C (others) — 2 %',
      '194J_A': '194J(a) — 2 %',
      '194J_B': '194J(b) — 10 %',
    },
    errors: {
      notFound: 'The requested TDS declaration was not found.',
      duplicate: 'You already have a TDS declaration on this charge head from that date.',
      headFixed: 'The charge head of a declaration cannot change. Add a new declaration instead.',
    },
    saved: 'TDS declaration saved.',
  },
  tdsInterest: {
    title: 'TDS Interest Percentage',
    intro: 'Interest per month (or part of a month) on TDS deposited late, from the date it applies.',
    add: 'Add Interest Percentage',
    edit: 'Edit Interest Percentage',
    empty: 'No interest percentage has been set.',
    fields: {
      ratePercent: 'Interest per Month (%)',
      effectiveFrom: 'Effective From',
      state: 'Status',
      remarks: 'Remarks',
    },
    errors: {
      notFound: 'The requested interest percentage was not found.',
      duplicate: 'An interest percentage already takes effect on that date.',
      rate: 'Interest per Month (%) must be a number from 0.01 to 100 with at most 2 decimals',
    },
    saved: 'Interest percentage saved.',
  },
  bank: {
    title: 'SLDC Bank Details',
    intro:
      'Pay charges into the SLDC account in force on the date you pay, and quote the application, registration or invitation number in the narration.',
    current: 'Account in force',
    upcoming: (date: string) => `From ${date}, pay into this account instead`,
    none: 'The SLDC has not published a bank account yet. Please contact the SLDC before paying.',
    fields: { accountName: 'Account Name', accountNumber: 'Account Number', ifsc: 'IFSC', bankName: 'Bank Name', branch: 'Branch' },
    copy: (what: string) => `Copy ${what}`,
    copied: (what: string) => `${what} copied.`,
    modes: 'Accepted payment modes',
    noModes: 'No payment mode is open at present.',
  },
  states: { PAST: 'Superseded', CURRENT: 'In force', FUTURE: 'Upcoming' },
  notInPast: 'The effective date cannot be in the past.',
  save: 'Save',
  saving: 'Saving…',
} as const;
