import { z } from 'zod';

import { pageQuerySchema } from '../common/pagination';
import { isoDateSchema } from '../common/patterns';
import type { ReportDefinition, ReportFilter } from './reports.registry';

/**
 * The wire shapes of the reports (issue 15, decision 0066). One query schema per report, built from
 * its filters in the registry: every filter optional, dates `yyyy-mm-dd`, months `yyyy-mm`, select
 * values one of the options; `sort` is `<column>:<asc|desc>` over the report's columns.
 */

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Empty query values count as absent (the web sends cleared filters as ''). */
const optional = (schema: z.ZodType<string>) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

function filterSchema(f: ReportFilter): z.ZodType {
  switch (f.kind) {
    case 'dateFrom':
    case 'dateTo':
      // A real calendar date (not 2026-09-31, not year 0000), as every other date on the wire.
      return optional(
        z
          .string()
          .regex(ISO_DATE, `${f.label} must be a date (yyyy-mm-dd)`)
          .refine((v) => isoDateSchema.safeParse(v).success, `${f.label} must be a date (yyyy-mm-dd)`),
      );
    case 'month':
      return optional(
        z
          .string()
          .regex(MONTH, `${f.label} must be a month (yyyy-mm)`)
          .refine((v) => !v.startsWith('0000'), `${f.label} must be a month (yyyy-mm)`),
      );
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      return optional(z.string().refine((v) => values.includes(v), { message: `${f.label} must be one of ${values.join(', ')}` }));
    }
    case 'text':
      return optional(z.string().trim().max(100, `${f.label} must be at most 100 characters`));
  }
}

function sortSchema(r: ReportDefinition) {
  const keys = r.columns.map((c) => c.key);
  return optional(
    z.string().refine(
      (v) => {
        const [column, direction] = v.split(':');
        return keys.includes(column ?? '') && (direction === undefined || direction === 'asc' || direction === 'desc');
      },
      { message: `Sort must be <column>:<asc|desc> with a column of ${keys.join(', ')}` },
    ),
  );
}

export function reportFiltersSchema(r: ReportDefinition) {
  return z.object({
    ...Object.fromEntries(r.filters.map((f) => [f.key, filterSchema(f)])),
    sort: sortSchema(r),
  });
}

export function reportQuerySchema(r: ReportDefinition) {
  return pageQuerySchema.extend(reportFiltersSchema(r).shape);
}

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function reportDownloadQuerySchema(r: ReportDefinition) {
  return reportFiltersSchema(r).extend({ format: z.enum(REPORT_FORMATS, { error: 'Format must be xlsx or pdf' }) });
}

/** A cell: text, a date (yyyy-mm-dd), an instant (ISO), or an integer in the column's unit. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export const reportPageSchema = z.object({
  reportName: z.string(),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  dataCount: z.number().int(),
  /** The sums of the report's total columns over every row that matches the filters (not only this page); null when none add up. */
  totals: z.record(z.string(), z.number()).nullable(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
export type ReportRow = ReportPage['rows'][number];
/** The parsed filters and sort of a report call. */
export type ReportFilters = Record<string, string | undefined> & { sort?: string };
