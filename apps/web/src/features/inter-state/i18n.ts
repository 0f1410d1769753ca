import { enInterState, enUtilisation, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the standing-clearance pages: the shared catalog (messages/en.inter-state.ts) plus the pages' own words. */
const enInterStateWeb = {
  ...enInterState.standingClearance,
  /** The utilisation section and the SLDC's upload of cleared volumes (decision 0063). */
  utilisation: {
    ...enUtilisation.web,
    chosen: 'Chosen file',
    noFile: 'No file chosen',
    choose: 'Choose file',
    chooseAnother: 'Choose another file',
    fileHint: 'CSV or Excel (.xlsx).',
    progressLabel: 'Upload progress',
    sending: (percent: number) => `Sending… ${percent}%`,
    blocks: (list: number[]) =>
      list.length === 0 ? '—' : list.length > 8 ? `${list.slice(0, 8).join(', ')} … (${list.length})` : list.join(', '),
  },
  web: {
    sldcSubtitle: 'Standing clearances (no-objection certificates) for inter-state transactions: scrutinise, issue, refuse or revoke.',
    applicantSubtitle: 'Your standing clearances for inter-state power-exchange and bilateral transactions.',
    utilitySubtitle:
      'Standing clearances of entities embedded in your network that the SLDC verified and sent for your consent: give or refuse it.',
    tabsLabel: 'Transaction type',
    consentsLink: 'Consents for Inter-State STOA',
    allTypes: 'All types',
    filterTitle: 'Filter Standing Clearances',
    allStatuses: 'All',
    search: 'Application / Certificate No. or Entity',
    gridLabel: 'Standing clearances',
    empty: 'No standing clearances found.',
    emptyHint: 'Change the filter or check back later.',
    applicantEmptyHint: 'Apply for a standing clearance to trade on a power exchange or with another state.',
    apply: 'Apply for Standing Clearance',
    view: 'View',
    viewOf: (no: string) => `View standing clearance ${no}`,
    actions: 'Actions',
    mwSummary: (buy: string | null, sell: string | null) =>
      [buy ? `Buy ${buy} MW` : null, sell ? `Sell ${sell} MW` : null].filter(Boolean).join(' · ') || '—',
    feeUnpaid: 'Fee unpaid',
    // the apply page
    applyTitle: 'Apply for Standing Clearance',
    applySubtitle: 'The SLDC scrutinises the application once its fee is paid, then an approver issues the certificate.',
    back: 'Back to Standing Clearances',
    noEntities:
      'You have no approved registration to apply with. Register the entity first (or ask the applicant to add you as its trader).',
    entityHelp: (drawal: string | null, injection: string | null) =>
      `Registered STOA quantum: drawal ${drawal ?? '—'} MW, injection ${injection ?? '—'} MW.`,
    mwHelp: 'Leave empty if not cleared on this side.',
    blockCapsHelp:
      'Optionally cap some blocks lower than the maximum above: blocks 1–96 (block 1 = 00:00–00:15, block 96 = 23:45–24:00), ranges not overlapping. Leave a side empty to keep its maximum; 0 allows none.',
    blockCapsTitle: 'Caps per Block Range',
    blockCapRow: (n: number) => `Block range ${n}`,
    removeBlockCap: (n: number) => `Remove block range ${n}`,
    addBlockCap: 'Add Block Range',
    blocks: 'Blocks',
    times: 'Time',
    validityHelp: (max: string) => `At most 11 months: on or before ${max}.`,
    feeNote: (amount: string) =>
      `A standing clearance fee of ${amount} (with GST) is raised as a due on submission; pay it under Payments.`,
    submit: 'Submit Application',
    submitting: 'Submitting…',
    submitted: (no: string) => `Standing clearance ${no} submitted. Pay the fee under Payments for the SLDC to scrutinise it.`,
    // the detail page
    detailTitle: (no: string) => `Standing Clearance ${no}`,
    notFound: 'This standing clearance was not found, or it is not yours to see.',
    summary: 'Application',
    certificate: 'Certificate',
    download: 'Download Certificate',
    downloading: 'Downloading…',
    downloadFailed: 'Unable to download the certificate.',
    checkPublic: 'Open the public verification page',
    feePay: 'Pay under Payments',
    actionsTitle: 'Actions',
    actionsHint: 'Act on the clearance; refusing or revoking needs a reason, which the applicant is told.',
    noActions: 'Nothing for you to do on this clearance now.',
    confirmAction: (label: string) => `${label}?`,
    reasonLabel: 'Reason',
    remarksLabel: 'Remarks',
    remarksHint: 'Optional.',
    working: 'Saving…',
    done: (label: string, no: string) => `${label}: ${no}.`,
    conflictTitle: 'The clearance has changed',
    historyTitle: 'History',
    submitAction: 'Submit',
    systemActions: { DeemedIssue: 'Deemed issue', Expire: 'Expiry' } as Record<string, string>,
    system: 'System',
    consent: 'DISCOM / TRANSCO consent',
    consentGiven: (utility: string, on: string) => `${utility}: consent given ${on}`,
    consentPending: (utility: string) => `${utility}: awaiting consent`,
    consentNotGiven: (utility: string) => `${utility}: not given`,
    deemedTitle: 'Deemed issued',
    deemedText: 'The SLDC did not decide within the configured working days, so the portal issued this clearance as deemed.',
    point: 'Point of injection / drawal',
    none: '—',
    // the verification result (the public /verify page)
    verifiedIntro: 'The State Load Dispatch Centre issued this standing clearance. What it says:',
    verifyFields: {
      certificateNo: 'Certificate No.',
      entity: 'Entity',
      registrationNo: 'Registration No.',
      type: 'Transaction Type',
      buy: 'Maximum Buy',
      sell: 'Maximum Sell',
      validity: 'Valid',
      issuedOn: 'Issued On',
      revokedOn: 'Revoked On',
      issuedAs: 'Issued As',
    },
    notCleared: 'Not cleared',
    mw: (v: string) => `${v} MW`,
    /** The overall cap of a side when block ranges cap it lower (decision 0088), as the certificate says it. */
    mwUnlessCapped: (v: string) => `${v} MW in every time block unless capped below`,
    verifyBlockRange: (from: number, to: number, fromTime: string, toTime: string) => `Blocks ${from}–${to} (${fromTime}–${toTime})`,
    verifyBlockCap: (buy: string | null, sell: string | null) =>
      [buy !== null ? `Buy up to ${buy} MW` : null, sell !== null ? `${buy !== null ? 'sell' : 'Sell'} up to ${sell} MW` : null]
        .filter(Boolean)
        .join(', '),
    period: (from: string, to: string) => `${from} to ${to}`,
  },
};

export type InterStateMessages = typeof enInterStateWeb;
const catalogs: Record<Language, InterStateMessages> = { en: enInterStateWeb };

export function useInterStateMessages(): InterStateMessages {
  return catalogOf(catalogs);
}
