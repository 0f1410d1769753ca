import { enInterStateConsent, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the consent pages: the shared catalog (messages/en.inter-state-consent.ts) plus the pages' own words. */
const enConsentWeb = {
  ...enInterStateConsent,
  web: {
    applicantSubtitle: "Apply for the SLDC's consent to a bilateral inter-state transaction and follow your applications.",
    sldcSubtitle: 'Consent applications for inter-state STOA: check them against the inter-state margin and dues, consent or refuse.',
    apply: 'Apply for Consent',
    gridLabel: 'Consent applications',
    empty: 'No consent applications yet',
    emptyHint: 'Applications appear here once submitted.',
    applicantEmptyHint: 'Apply for consent to a bilateral inter-state transaction.',
    view: 'View',
    viewOf: (no: string) => `View ${no}`,
    actions: 'Actions',
    back: 'Back to Consents',
    noEntities: 'You have no approved registration to apply with.',
    entityHelp: 'The injection point is used for a sale, the drawal point for a purchase.',
    addRow: 'Add Row',
    removeRow: (n: number) => `Remove row ${n}`,
    row: (n: number) => `Row ${n}`,
    mwh: 'MWh',
    totalMwh: (v: string) => `Total: ${v} MWh`,
    saveDraft: 'Save Draft',
    submit: 'Submit',
    saved: (no: string) => `Draft ${no} saved.`,
    submitted: (no: string) => `Consent application ${no} submitted.`,
    fixErrors: 'Correct the highlighted fields.',
    details: 'Application',
    schedule: 'Requested Schedule',
    granted: 'Consented Schedule',
    checks: 'SLDC Check: Inter-State Margin and Dues',
    checkDate: 'Date',
    maxRequested: 'Largest request (MW)',
    minRemaining: 'Least margin left (MW)',
    shortBlocks: 'Blocks short of margin',
    noMargin: 'No margin uploaded',
    none: 'None',
    defaulter: 'The entity is marked as a defaulter.',
    dues: (amount: string) => `Unpaid dues of the entity: ${amount}`,
    noDues: 'The entity has no unpaid dues.',
    decision: 'Decision',
    reductionsHelp:
      'To consent for less, add spans with the reduced MW (each block at most the request and the margin left). No spans: consent in full.',
    reason: 'Remarks / Reason',
    reasonRequired: 'A reason is required to refuse.',
    history: 'History',
    deemed: 'Deemed consented: the SLDC did not decide within the configured working days.',
    decided: (reason: string) => `Reason: ${reason}`,
    revoked: (on: string, reason: string) => `Revoked on ${on}. Reason: ${reason}`,
    expired: (to: string) => `The period of this consent ended on ${to}: it is of no further effect.`,
    revokeTitle: (no: string) => `Revoke Consent ${no}`,
    revokeIntro:
      'The consent stops taking the inter-state margin, its certificate verifies as revoked, and the applicant and its trader are notified.',
    revokeReason: 'Reason for revocation',
    revokeReasonRequired: 'A reason is required to revoke.',
    revoking: 'Revoking…',
    revokedDone: (no: string) => `Consent ${no} revoked.`,
    done: (label: string) => `Done: ${label}.`,
    allStatuses: 'All',
    filterTitle: 'Filter Consent Applications',
    search: 'Application / Consent No. or Entity',
    download: 'Download Consent Certificate',
    downloading: 'Downloading…',
    downloadFailed: 'Unable to download the consent certificate.',
    verify: {
      consented: 'Consent verified',
      revoked: 'Consent revoked',
      expired: 'Consent expired',
      revokedIntro: 'The State Load Dispatch Centre revoked this consent: it is of no effect. What the certificate said:',
      expiredIntro: "This consent's period has ended: it is of no further effect. What the certificate said:",
      revokedOn: 'Revoked on',
      deemed: 'Deemed consent verified',
      intro: 'The State Load Dispatch Centre consented to this inter-state STOA transaction. What the certificate says:',
      type: 'Type',
      typeValue: 'Consent for inter-state STOA transaction',
      issuedAs: 'Consented as',
      partial: 'Consented for less than applied for',
      consentedOn: 'Consented on',
      verificationCode: 'Verification Code',
    },
  },
};

export type ConsentMessages = typeof enConsentWeb;
const catalogs: Record<Language, ConsentMessages> = { en: enConsentWeb };

export function useConsentMessages(): ConsentMessages {
  return catalogOf(catalogs);
}
