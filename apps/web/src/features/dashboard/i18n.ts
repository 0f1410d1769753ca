import { enApplications, enDashboard, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

const enDashboardWeb = { ...enDashboard, typeLabels: enApplications.typeLabels };
const dashboardCatalogs: Record<Language, typeof enDashboardWeb> = { en: enDashboardWeb };

/** Texts of the role dashboard (messages/en.dashboard.ts) with the application type labels. */
export function useDashboardMessages() {
  return catalogOf(dashboardCatalogs);
}
