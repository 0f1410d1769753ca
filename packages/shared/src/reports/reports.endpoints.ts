import { z } from 'zod';

import { defineEndpoint, type Endpoint } from '../common/endpoint';
import { REPORTS } from './reports.registry';
import { reportDownloadQuerySchema, reportPageSchema, reportQuerySchema } from './reports.schemas';

/**
 * Two calls per report (decision 0066), generated from the registry so that each has its own roles
 * (and its own line in the auth matrix): `GET /api/Report/{ReportName}` answers a page, and
 * `GET /api/Report/{ReportName}/Download?format=xlsx|pdf` the whole report as a file.
 */
export const reportEndpoints: Record<string, Endpoint> = Object.fromEntries(
  REPORTS.flatMap((r) => [
    [
      `get${r.apiName}`,
      defineEndpoint({
        id: `Report.${r.apiName}`,
        method: 'GET',
        path: `/api/Report/${r.apiName}`,
        roles: r.roles,
        summary: `${r.label}: a page of rows with the total count and the totals row, scoped to the caller`,
        query: reportQuerySchema(r),
        response: reportPageSchema,
      }),
    ],
    [
      `download${r.apiName}`,
      defineEndpoint({
        id: `Report.${r.apiName}.Download`,
        method: 'GET',
        path: `/api/Report/${r.apiName}/Download`,
        roles: r.roles,
        summary: `${r.label} with the same filters as an Excel workbook (streamed) or a PDF`,
        query: reportDownloadQuerySchema(r),
        response: z.unknown(),
        binary: true,
      }),
    ],
  ]),
);

/** The page call and the download call of a report. */
export const reportEndpointsOf = (apiName: string) => ({
  get: reportEndpoints[`get${apiName}`]!,
  download: reportEndpoints[`download${apiName}`]!,
});
