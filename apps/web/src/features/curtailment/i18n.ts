import { enCurtailment, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the curtailment pages: the shared catalog (messages/en.curtailment.ts) plus the pages' own words. */
const enCurtailmentWeb = {
  ...enCurtailment,
  web: {
    sldcSubtitle: 'Curtailments of STOA schedules on transmission elements, with the energy curtailed and the refunds due.',
    applicantSubtitle: 'Curtailments by the SLDC that reduced the schedules of your applications.',
    filterTitle: 'Filter Curtailments',
    gridLabel: 'Curtailments',
    empty: 'No curtailments found.',
    emptyHint: 'Change the filter or check back later.',
    applicantEmptyHint: 'None of your applications has been curtailed.',
    newCurtailment: 'New Curtailment',
    allCauses: 'All',
    applicationNo: 'Application No.',
    applications: 'Applications',
    curtailedMwh: 'Curtailed (MWh)',
    refund: 'Refund Due',
    noRefund: '—',
    createdOn: 'Created On',
    view: 'View',
    viewOf: (no: string) => `View curtailment ${no}`,
    actions: 'Actions',
    timeRange: 'Blocks',
    // the new-curtailment dialog
    dialogTitle: 'New Curtailment',
    elementHelp: 'Intra-state elements with ATC margins on the date.',
    noElements: 'No ATC margins are uploaded for this date.',
    pickDateFirst: 'Choose the date first.',
    orderInForce: (order: string) => `Order in force: ${order}.`,
    preview: 'Preview',
    previewing: 'Previewing…',
    previewTitle: 'Schedules to be curtailed',
    previewEmpty: 'No approved schedule on this element would be cut.',
    editAgain: 'Change',
    confirm: 'Curtail',
    confirming: 'Curtailing…',
    totals: (mwh: string) => `Total curtailed: ${mwh} MWh`,
    // the detail page
    detailTitle: (no: string) => `Curtailment ${no}`,
    back: 'Back to Applied Curtailments',
    summary: 'Curtailment',
    order: 'Order',
    createdBy: 'Created By',
    affected: 'Affected Applications',
    noItems: 'No application of yours was cut by this curtailment.',
    applicant: 'Applicant',
    seller: 'Seller',
    buyer: 'Buyer',
    type: 'Type',
    block: 'Block',
    time: 'Time',
    before: 'Before (MW)',
    after: 'After (MW)',
    cut: 'Cut (MW)',
    blocksOf: (no: string) => `Blocks of ${no}`,
    notFound: 'This curtailment was not found, or it did not affect your applications.',
  },
};

export type CurtailmentMessages = typeof enCurtailmentWeb;
const catalogs: Record<Language, CurtailmentMessages> = { en: enCurtailmentWeb };

export function useCurtailmentMessages(): CurtailmentMessages {
  return catalogOf(catalogs);
}
