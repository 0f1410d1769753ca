import { enRegistrations, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/**
 * Texts of the registration pages: the shared catalog (packages/shared messages/en.registrations.ts,
 * the specification's messages) plus the web pages' own words.
 */
const enRegistrationsWeb = {
  ...enRegistrations,
  web: {
    ownerSubtitle: 'Register your entity for short-term open access, follow its approval and renew it.',
    renewalsSubtitle: 'Renew an approved or expired registration and follow your renewals.',
    requestsSubtitle: 'Registrations waiting for your action and those you have acted on.',
    renewalRequestsSubtitle: 'Renewals of registrations in your scope.',
    filterTitle: 'Filter Registrations',
    gridLabel: 'Registrations',
    renewalsGridLabel: 'Renewals',
    noRowsHint: 'Change the filter or check back later.',
    noOwnRowsHint: 'Start with New Registration.',
    noRenewableHint: 'A registration can be renewed once it is approved or has expired.',
    viewOf: (name: string) => `View ${name}`,
    renewOf: (name: string) => `Renew ${name}`,
    notApplicable: 'N/A',
    back: 'Back to list',
    renewalTitle: (title: string) => `Renewal: ${title}`,
    renewalOf: (no: string) => `Renewal of registration ${no}`,
    save: 'Save',
    saving: 'Saving…',
    draftSaved: 'Draft saved.',
    status: 'Status',
    validity: (from: string, to: string) => `${from} – ${to}`,
    feeDue: 'Fee due on submission',
    feeBreakup: (base: string, rate: string, gst: string) => `${base} + GST ${rate} (${gst})`,
    owner: 'Applicant',
    submittedOn: 'Submitted On',
    actionsTitle: 'Workflow Actions',
    actionsHint: 'Your action moves the registration to its next step; the parties are notified.',
    noActions: 'No action is pending from you on this registration.',
    remarksHint: 'Visible to the applicant and the other reviewers.',
    working: 'Working…',
    documentsHint: 'Mark each document valid or not, with a comment where needed, before you act.',
    document: 'Document',
    file: 'File',
    validUptoShort: 'Valid Upto',
    valid: 'Valid',
    validOf: (label: string) => `${label} is valid`,
    commentsOf: (label: string) => `Comments on ${label}`,
    comments: 'Comments',
    verdictValid: 'Valid',
    verdictInvalid: 'Not valid',
    verdictPending: 'Not checked',
    noDocuments: 'No documents uploaded.',
    passed: 'Passed',
    failed: 'Failed',
    noChecks: 'No checks available.',
    noHistory: 'No history yet.',
    historyBy: (actor: string) => `by ${actor}`,
    statusChange: (from: string, to: string) => `${from} → ${to}`,
    reload: 'Reload',
    notFound: 'This registration was not found, or you may not see it.',
    renewalChip: 'Renewal',
    traderDialogHint: 'Only the trader details can change on an approved registration; the SLDC is notified.',
    renewHintUntouched:
      'Change at least one field to renew: the Renew button is enabled once the form differs from the approved registration.',
  },
} as const;

export type RegistrationsMessages = typeof enRegistrationsWeb;
const registrationsCatalogs: Record<Language, RegistrationsMessages> = { en: enRegistrationsWeb };

export function useRegistrationsMessages(): RegistrationsMessages {
  return catalogOf(registrationsCatalogs);
}
