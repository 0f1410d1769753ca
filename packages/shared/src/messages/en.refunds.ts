/**
 * Texts of refunds (issue 13; spec 001 §2 Payments → Refund, §7 GetRefundDetails, MakeRefund,
 * GetRefundHistory). The specification shows no refund fields or messages ("not shown"): these are
 * ours (decision 0054).
 */
export const enRefunds = {
  title: 'Refund',
  payerIntro:
    'Money the SLDC owes you back — over-payments and curtailment refunds — and the refunds paid to your registered bank account.',
  sldcIntro: 'Refundable amounts of every payer. The business user proposes a refund; an approver pays it out or returns it.',
  empty: 'There is nothing to refund.',
  makeRefund: 'Make Refund',
  approve: 'Approve',
  return: 'Return',
  history: 'History',
  download: 'Download (Excel)',
  downloading: 'Preparing the workbook…',
  saving: 'Saving…',
  made: 'Refund proposed for approval.',
  approved: 'Refund approved and recorded as paid out.',
  returned: 'Refund returned to the maker.',
  historyEmpty: 'No refund has been made for this record.',
  filterTitle: 'Filter',
  all: 'All',
  fields: {
    payer: 'Payer',
    source: 'Refundable For',
    record: 'Record',
    amount: 'Refundable Amount',
    refunded: 'Refunded',
    pending: 'Pending Approval',
    balance: 'Balance',
    refundAmount: 'Refund Amount (₹)',
    remarks: 'Remarks',
    bankAccount: 'Registered Bank Account',
    status: 'Status',
    payoutReference: 'Payout Reference (UTR)',
    payoutDate: 'Payout Date',
    state: 'Refund Status',
    step: 'Step',
    by: 'By',
    at: 'On',
  },
  sources: {
    OverPayment: 'Over-payment credit',
    Curtailment: 'Curtailment refund',
    Revision: 'Revision refund',
    Rejection: 'Rejected application',
  },
  itemStates: { REFUNDABLE: 'Refundable', PENDING: 'Pending Approval', REFUNDED: 'Refunded' },
  statuses: { PENDING: 'Pending Approval', PAID: 'Paid Out', RETURNED: 'Returned' },
  steps: { MADE: 'Proposed', PAID: 'Approved and paid out', RETURNED: 'Returned' },
  amountFormat: 'Enter an amount in rupees with at most 2 decimals',
  remarksHelp: 'Why the refund is returned; the maker and the payer see it.',
  noBankAccount: 'No registered bank account',
  errors: {
    itemNotFound: 'The requested refundable item was not found.',
    refundNotFound: 'The requested refund was not found.',
    exceedsBalance: (balance: string) => `Refund Amount cannot exceed the refundable balance of ${balance}.`,
    nothingRefundable: 'Nothing is left to refund on this item.',
    noBankAccount: 'The payer has no approved registration with a bank account to refund to.',
    alreadyPaid: 'This refund has already been approved and paid out.',
    alreadyReturned: 'This refund has already been returned.',
    ownRefund: 'You cannot approve or return a refund you made yourself.',
    futurePayoutDate: 'Payout Date cannot be in the future.',
    payoutBeforeMade: 'Payout Date cannot be before the refund was proposed.',
    payerRequired: 'Payer is required: this item was paid by more than one payer, each refunded its own share.',
  },
  notify: {
    made: (amount: string, what: string) =>
      `A refund of ${amount} for ${what} was proposed to your registered bank account; it awaits approval.`,
    toApprove: (payer: string, amount: string, what: string) => `A refund of ${amount} to ${payer} for ${what} awaits your approval.`,
    paid: (amount: string, what: string, reference: string) =>
      `A refund of ${amount} for ${what} was paid to your registered bank account (reference ${reference}).`,
    returned: (amount: string, what: string, remarks: string) => `The refund of ${amount} for ${what} was returned: ${remarks}`,
    /** Decisions 0064, 0071: to the SLDC business users, when an application is rejected after charges on it were paid. */
    rejectedToMake: (applicationNo: string, amount: string, tds: string | null) =>
      `Application ${applicationNo} was rejected after ${amount} of its charges were paid${tds ? ` (${tds} of it as TDS the payer deducted)` : ''}: the refund is due on Refund.`,
    /** To the payer: what the rejection does to its money (decisions 0064, 0071). */
    rejectedPayer: (applicationNo: string, amount: string | null, cancelled: number, tdsClaimsDropped = 0) =>
      [
        amount ? `${amount} you paid on the charges of application ${applicationNo} will be refunded to your registered bank account.` : '',
        cancelled > 0 ? `The unpaid dues of application ${applicationNo} are cancelled.` : '',
        tdsClaimsDropped > 0
          ? `The TDS claimed on ${tdsClaimsDropped === 1 ? 'a payment' : `${tdsClaimsDropped} payments`} still awaiting approval on the dues of application ${applicationNo} is withdrawn: it no longer counts in your monthly TDS.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
  },
} as const;
