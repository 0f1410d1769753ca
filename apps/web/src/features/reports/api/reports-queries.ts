import { queryOptions } from '@tanstack/react-query';

import { type ReportDefinition, reportEndpointsOf, type ReportFormat, type ReportPage } from '@stoa/shared/reports';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The filter values of a report ('' = not set) and its sort (`<column>:<asc|desc>`). */
export type ReportFilterValues = Record<string, string>;

const queryOf = (values: ReportFilterValues) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

/** Query keys and fetchers of the reports (STYLE.md §4: never type a key by hand). */
export const reportsQueries = {
  all: () => ['reports'] as const,
  page: (def: ReportDefinition, values: ReportFilterValues, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...reportsQueries.all(), def.apiName, values, page] as const,
      queryFn: ({ signal }) =>
        call(reportEndpointsOf(def.apiName).get, { query: { ...queryOf(values), ...page }, signal }) as Promise<ReportPage>,
    }),
};

/** The report with the filters applied as a file (Report/{ReportName}/Download), handed to the browser. */
export async function downloadReport(def: ReportDefinition, values: ReportFilterValues, format: ReportFormat): Promise<string> {
  const file = await download(reportEndpointsOf(def.apiName).download, { query: { ...queryOf(values), format } });
  const fileName = file.fileName ?? `${def.name}.${format}`;
  saveFile(file.blob, fileName);
  return fileName;
}
