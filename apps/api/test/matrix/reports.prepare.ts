import { REPORTS } from '@stoa/shared/reports';

import type { Prepare } from '../auth-matrix';

/** The reports (issue 15): each report's page and its Excel download, with a filter of the report where it has one. */
export const prepare: Record<string, Prepare> = Object.fromEntries(
  REPORTS.flatMap((r) => [
    [`Report.${r.apiName}`, () => ({ query: { pageNumber: '1', pageSize: '10' } })],
    [`Report.${r.apiName}.Download`, () => ({ query: { format: 'xlsx' } })],
  ]),
);
