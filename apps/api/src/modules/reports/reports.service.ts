import type { Readable } from 'node:stream';

import { istDate } from '@stoa/shared/common';
import { en } from '@stoa/shared/messages';
import {
  formatIstDateTime,
  isNumericColumn,
  type ReportDefinition,
  type ReportFilters,
  type ReportFormat,
  type ReportPage,
  type ReportRow,
  reportSheetValue,
} from '@stoa/shared/reports';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { streamXlsx } from '../../platform/xlsx-stream';
import { reportPdf } from './reports.pdf';
import { reportsRepository as repo } from './reports.repository';

/**
 * The reports' use cases (issue 15, decision 0066): a page of a report, and the whole report as a
 * streamed Excel workbook or a PDF. The route has checked the role against the report's roles; the
 * rows are scoped to the caller in SQL (reports.repository.ts), the downloads with the same scope.
 */

export interface ReportsDeps {
  db: Database;
  clock: Clock;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_BATCH = 1000;

async function viewerOf(deps: ReportsDeps, actor: RequestUser) {
  const v = await repo.viewer(deps.db, actor.id);
  if (!v) throw new AppError('UNAUTHENTICATED');
  return v;
}

const filtersOf = (query: Record<string, unknown>): ReportFilters => {
  const out: ReportFilters = {};
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
};

export async function reportPage(
  deps: ReportsDeps,
  actor: RequestUser,
  def: ReportDefinition,
  query: Record<string, unknown> & { pageNumber: number; pageSize: number },
): Promise<ReportPage> {
  const v = await viewerOf(deps, actor);
  const page = await repo.page(deps.db, def, v, {
    filters: filtersOf(query),
    today: istDate(deps.clock.now()),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  });
  return { reportName: def.apiName, ...page };
}

/** The filters applied, as "label: value" lines (select values by their label, dates as dd/mm/yyyy). */
export function describeFilters(def: ReportDefinition, filters: ReportFilters): string[] {
  return def.filters.flatMap((f) => {
    const value = filters[f.key];
    if (!value) return [];
    const shown =
      f.kind === 'select'
        ? (f.options?.find((o) => o.value === value)?.label ?? value)
        : f.kind === 'dateFrom' || f.kind === 'dateTo'
          ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`
          : value;
    return [`${f.label}: ${shown}`];
  });
}

/** Every row of the report a batch at a time, adding up the total columns on the way. */
function rowsWithTotals(
  deps: ReportsDeps,
  def: ReportDefinition,
  v: Awaited<ReturnType<typeof viewerOf>>,
  filters: ReportFilters,
  today: string,
) {
  const totalColumns = def.columns.filter((c) => c.total);
  const sums: Record<string, number> = Object.fromEntries(totalColumns.map((c) => [c.key, 0]));
  async function* batches(): AsyncGenerator<ReportRow[]> {
    for await (const batch of repo.batches(deps.db, def, v, { filters, today }, EXPORT_BATCH)) {
      for (const row of batch) for (const c of totalColumns) sums[c.key]! += Number(row[c.key] ?? 0);
      yield batch;
    }
  }
  return { batches: batches(), totals: () => (totalColumns.length ? sums : null) };
}

export async function reportDownload(
  deps: ReportsDeps,
  actor: RequestUser,
  def: ReportDefinition,
  query: Record<string, unknown> & { format: ReportFormat },
): Promise<ReportFile> {
  const v = await viewerOf(deps, actor);
  const now = deps.clock.now();
  const filters = filtersOf(query);
  delete filters.format;
  const applied = describeFilters(def, filters);
  const generatedAt = formatIstDateTime(now.toISOString());
  const { batches, totals } = rowsWithTotals(deps, def, v, filters, istDate(now));
  const base = `${def.name}-${istDate(now)}`;

  if (query.format === 'pdf') {
    return {
      fileName: `${base}.pdf`,
      contentType: 'application/pdf',
      stream: reportPdf({ def, filtersApplied: applied, generatedAt, batches, totals }),
    };
  }
  async function* sheetRows() {
    for await (const batch of batches) yield batch.map((row) => def.columns.map((c) => reportSheetValue(c, row[c.key])));
  }
  const stream = streamXlsx({
    sheetName: (def.sheetName ?? def.label).slice(0, 31),
    columns: def.columns.map((c) => ({
      header: c.label,
      width: isNumericColumn(c) ? 16 : c.kind === 'text' ? 28 : 18,
      ...(c.kind === 'paise'
        ? { numFmt: '#,##0.00' }
        : c.kind === 'mwhUnits'
          ? { numFmt: '#,##0.0000' }
          : c.kind === 'centiMw' || c.kind === 'percent'
            ? { numFmt: '0.00' }
            : {}),
    })),
    preamble: [
      `${en.app.owner} — ${def.label}`,
      `Filters: ${applied.length ? applied.join('; ') : 'none'}`,
      `Generated on ${generatedAt} (IST)`,
    ],
    rows: sheetRows(),
    footer: () => {
      const t = totals();
      return t ? def.columns.map((c, i) => (i === 0 ? 'Total' : c.key in t ? reportSheetValue(c, t[c.key]!) : null)) : undefined;
    },
  });
  return { fileName: `${base}.xlsx`, contentType: XLSX, stream };
}
