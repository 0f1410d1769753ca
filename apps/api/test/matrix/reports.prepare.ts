import { REPORTS, type ReportDefinition } from '@stoa/shared/reports';

import type { Prepare } from '../auth-matrix';

/** The values of a report's required filters (decision 0072: the margin reports' date range, one week). */
const requiredFilters = (r: ReportDefinition) =>
  Object.fromEntries(r.filters.filter((f) => f.required).map((f) => [f.key, f.kind === 'dateTo' ? '2026-07-07' : '2026-07-01']));

/** The reports (issue 15): each report's page and its Excel download, with its required filters. */
export const prepare: Record<string, Prepare> = Object.fromEntries(
  REPORTS.flatMap((r) => [
    [`Report.${r.apiName}`, () => ({ query: { pageNumber: '1', pageSize: '10', ...requiredFilters(r) } })],
    [`Report.${r.apiName}.Download`, () => ({ query: { format: 'xlsx', ...requiredFilters(r) } })],
  ]),
);
