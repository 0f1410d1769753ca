import { queryOptions } from '@tanstack/react-query';

import {
  type ReportBlockChart,
  type ReportDefinition,
  type ReportMonthChart,
  reportEndpointsOf,
  type ReportFormat,
  type ReportPage,
  type ReportRow,
} from '@stoa/shared/reports';

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
  /**
   * The rows of one date and element of a report with a block chart (decision 0072): the report's own
   * call with the date as its range and the element's name as its element filter, 100 rows a page; the
   * filter is "contains", so the rows of other elements whose name contains it are dropped (and paged
   * past, up to 10 pages). At most 96 rows are the element's: one per block.
   */
  chartRows: (def: ReportDefinition, chart: ReportBlockChart, date: string, element: string) =>
    queryOptions({
      queryKey: [...reportsQueries.all(), def.apiName, 'chart', date, element] as const,
      queryFn: async ({ signal }): Promise<ReportRow[]> => {
        const [dateKey, elementKey] = chart.by;
        const dateFilters = Object.fromEntries(
          def.filters.filter((f) => f.column === dateKey && (f.kind === 'dateFrom' || f.kind === 'dateTo')).map((f) => [f.key, date]),
        );
        const elementFilter = def.filters.find((f) => f.column === elementKey)?.key ?? elementKey;
        const query = { ...dateFilters, [elementFilter]: element, sort: `${chart.fromBlock}:asc` };
        const rows: ReportRow[] = [];
        for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
          const page = (await call(reportEndpointsOf(def.apiName).get, {
            query: { ...query, pageNumber, pageSize: 100 },
            signal,
          })) as ReportPage;
          rows.push(...page.rows.filter((r) => r[dateKey] === date && r[elementKey] === element));
          if (pageNumber * 100 >= page.dataCount) break;
        }
        return rows;
      },
    }),
  /**
   * The rows a month chart adds up (decision 0079: Financial Summary): the report's own call with the
   * filters applied, latest month first, 100 rows a page, at most 5 pages (`more`: rows were left out).
   */
  monthChartRows: (def: ReportDefinition, chart: ReportMonthChart, values: ReportFilterValues) => {
    // The grid's sort does not change the chart.
    const filters = Object.fromEntries(Object.entries(queryOf(values)).filter(([k]) => k !== 'sort'));
    return queryOptions({
      queryKey: [...reportsQueries.all(), def.apiName, 'monthChart', filters] as const,
      queryFn: async ({ signal }): Promise<{ rows: ReportRow[]; more: boolean }> => {
        const query = { ...filters, sort: `${chart.month}:desc` };
        const rows: ReportRow[] = [];
        for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
          const page = (await call(reportEndpointsOf(def.apiName).get, {
            query: { ...query, pageNumber, pageSize: 100 },
            signal,
          })) as ReportPage;
          rows.push(...page.rows);
          if (pageNumber * 100 >= page.dataCount) return { rows, more: false };
        }
        return { rows, more: true };
      },
    });
  },
};

/** The report with the filters applied as a file (Report/{ReportName}/Download), handed to the browser. */
export async function downloadReport(def: ReportDefinition, values: ReportFilterValues, format: ReportFormat): Promise<string> {
  const file = await download(reportEndpointsOf(def.apiName).download, { query: { ...queryOf(values), format } });
  const fileName = file.fileName ?? `${def.name}.${format}`;
  saveFile(file.blob, fileName);
  return fileName;
}
