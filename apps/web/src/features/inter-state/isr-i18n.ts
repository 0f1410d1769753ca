import { enInterStateRegistration, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the inter-state registration pages (decision 0076): the shared catalog plus the pages' own words. */
const enIsrWeb = {
  ...enInterStateRegistration,
  web: {
    ownerSubtitle: 'Register the inter-state participation of your approved entity: NOAR registration, region, meters and documents.',
    traderSubtitle: 'Inter-state registrations of the entities you trade for.',
    utilitySubtitle: 'Inter-state registrations of entities embedded in your network that the SLDC verified: give or refuse consent.',
    sldcSubtitle: 'Inter-state registrations of registered entities: verify and forward, approve, seek clarification or reject.',
    gridLabel: 'Inter-state registrations',
    filterTitle: 'Filter Inter-State Registrations',
    allStatuses: 'All',
    allUtilityTypes: 'All',
    search: 'Search (entity, NOAR, registration no.)',
    actions: 'Actions',
    view: 'View',
    viewOf: (name: string) => `View inter-state registration of ${name}`,
    emptyHint: 'Records appear here once submitted.',
    ownerEmptyHint: 'Start with Register for Inter-State.',
    back: 'Back to list',
    notFound: 'This inter-state registration does not exist or is not yours to see.',
    next: 'Next',
    previous: 'Previous',
    stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
    stepHasErrors: 'has errors',
    keyboardHint: 'Ctrl + ← / → moves between steps.',
    chooseEntity: 'Choose the approved entity',
    noEligible: 'You have no approved registration yet: register your entity first.',
    openExists: 'already registered',
    registeredQuantum: (mw: string) => `Registered STOA quantum: ${mw} MW`,
    upload: 'Upload',
    replace: 'Replace',
    uploading: (percent: number) => `Uploading… ${percent}%`,
    uploaded: 'Uploaded',
    uploadFailed: 'Unable to upload the file.',
    pdfOnly: 'PDF or image (jpg, jpeg, png).',
    saved: 'Draft saved.',
    submitted: 'Inter-state registration submitted for SLDC verification.',
    fixErrors: 'Correct the marked fields (steps with a warning) and submit again.',
    actionsTitle: 'Workflow',
    actionsHint: 'What you may do at this step.',
    noActions: 'Nothing waits on you for this registration.',
    confirmAction: (label: string) => `${label}?`,
    remarksLabel: 'Remarks',
    remarksHint: 'Optional.',
    working: 'Working…',
    done: (label: string, name: string) => `${label}: ${name}.`,
    conflictTitle: 'Changed meanwhile',
    summary: 'Summary',
    downloading: 'Downloading…',
    downloadFailed: 'The download failed.',
    none: '—',
    yes: 'Yes',
    historyTitle: 'History',
    system: 'System',
    submitAction: 'Submitted',
    deemedAction: 'Deemed consent',
    documentDownload: (label: string) => `Download ${label}`,
  },
};

export type IsrMessages = typeof enIsrWeb;
const catalogs: Record<Language, IsrMessages> = { en: enIsrWeb };

export function useIsrMessages(): IsrMessages {
  return catalogOf(catalogs);
}
