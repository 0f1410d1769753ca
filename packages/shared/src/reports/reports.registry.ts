import { APPLICATION_REPORTS } from './reports.applications';
import type { ReportDefinition } from './reports.common';
import { MARGIN_AVAILABILITY_REPORTS, OPERATIONS_REPORTS } from './reports.operations';
import { FINANCIAL_SUMMARY_REPORT, PAYMENT_REPORTS } from './reports.payments';
import { REGISTRATION_REPORTS } from './reports.registrations';
import { STANDING_CLEARANCE_FEE_REPORTS } from './reports.standing-clearances';

export type {
  ReportBlockChart,
  ReportMonthChart,
  ReportColumn,
  ReportColumnKind,
  ReportDefinition,
  ReportFilter,
  ReportFilterKind,
} from './reports.common';
export { PENDING_APPLICATION_STATUSES } from './reports.applications';
export { PENDING_REGISTRATION_STATUSES } from './reports.registrations';
export { DUES_REPORT_HEADS } from './reports.payments';

/**
 * The reports of spec 001 §2 "Reports" (issue 15, decision 0066): one table that the menu, the web
 * page, the API's routes, the auth matrix and the exports all read. `name` is the web path segment
 * (`/reports/{name}`, kebab-case), `apiName` the API's (`GET /api/Report/{apiName}`, PascalCase like
 * the spec's calls). The groups live in reports.applications, reports.registrations,
 * reports.payments, reports.operations and reports.standing-clearances (the shapes and shared helpers in reports.common); this file
 * assembles them. Only the reports listed here are built; the menu shows exactly these.
 */
export const REPORTS = [
  ...APPLICATION_REPORTS,
  ...REGISTRATION_REPORTS,
  ...PAYMENT_REPORTS,
  ...OPERATIONS_REPORTS,
  FINANCIAL_SUMMARY_REPORT,
  ...MARGIN_AVAILABILITY_REPORTS,
  ...STANDING_CLEARANCE_FEE_REPORTS,
] as const satisfies readonly ReportDefinition[];

export type ReportApiName = (typeof REPORTS)[number]['apiName'];
export type ReportName = (typeof REPORTS)[number]['name'];

export const reportByName = (name: string): ReportDefinition | undefined => REPORTS.find((r) => r.name === name);
export const reportByApiName = (apiName: string): ReportDefinition | undefined => REPORTS.find((r) => r.apiName === apiName);
/** The web path of a report. */
export const reportPath = (r: Pick<ReportDefinition, 'name'>) => `/reports/${r.name}`;

/**
 * The 18 reports of spec 001 §2 in the spec's order (the menu's order). A report not in REPORTS would
 * appear nowhere (no menu entry, no page); all 18 are built (the standing-clearance fee reports last,
 * decision 0079).
 */
export const SPEC_REPORT_ORDER = [
  'application-details',
  'financial-summary',
  'payment-receipt',
  'refund-report',
  'revision-summary',
  'pending-registrations',
  'pending-applications',
  'stoa-margin-availability-intra-state',
  'stoa-margin-availability-inter-state',
  'stu-charges',
  'operating-charges',
  'under-utilized-stoa',
  'registration-fees',
  'application-status',
  'curtailment',
  'registration-application-status',
  'standing-clearance-bilateral-fees',
  'standing-clearance-power-exchange-fees',
] as const;

/** The built reports in the spec's order. */
export const REPORTS_IN_MENU_ORDER: readonly ReportDefinition[] = SPEC_REPORT_ORDER.flatMap((name) => {
  const r = reportByName(name);
  return r ? [r] : [];
});
