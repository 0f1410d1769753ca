import type { Language } from '@stoa/shared/messages';
import { enReports, type ReportsMessages } from '@stoa/shared/reports';

import { catalogOf } from '../../lib/i18n';

const catalogs: Record<Language, ReportsMessages> = { en: enReports };

/** Texts of the reports page (packages/shared reports/reports.messages.ts). */
export function useReportsMessages() {
  return catalogOf(catalogs);
}
