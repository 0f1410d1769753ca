import { z } from 'zod';

import { daysInclusive } from '../applications/time-blocks';
import { pageQuerySchema } from '../common/pagination';
import { isoDateSchema } from '../common/patterns';
import type { ReportDefinition, ReportFilter } from './reports.registry';

/**
 * The wire shapes of the reports (issue 15, decision 0066). One query schema per report, built from
 * its filters in the registry: every filter optional unless `required`, dates `yyyy-mm-dd`, months
 * `yyyy-mm`, select values one of the options, the date range at most `maxDays` long where the report
 * bounds it; `sort` is `<column>:<asc|desc>` over the report's columns.
 */

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Empty query values count as absent (the web sends cleared filters as ''). */
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const optional = (schema: z.ZodType<string>) => z.preprocess(blankAsAbsent, schema.optional());
/** A filter the report cannot run without (decision 0072: the margin reports' date range). */
const required = (schema: z.ZodType<string>) => z.preprocess(blankAsAbsent, schema);

/** A string, "<label> is required" when absent. */
const text = (f: ReportFilter, invalid: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${f.label} is required` : invalid) });

function filterSchema(f: ReportFilter): z.ZodType {
  const wrap = f.required ? required : optional;
  switch (f.kind) {
    case 'dateFrom':
    case 'dateTo': {
      // A real calendar date (not 2026-09-31, not year 0000), as every other date on the wire.
      const message = `${f.label} must be a date (yyyy-mm-dd)`;
      return wrap(
        text(f, message)
          .regex(ISO_DATE, message)
          .refine((v) => isoDateSchema.safeParse(v).success, message),
      );
    }
    case 'month': {
      const message = `${f.label} must be a month (yyyy-mm)`;
      return wrap(
        text(f, message)
          .regex(MONTH, message)
          .refine((v) => !v.startsWith('0000'), message),
      );
    }
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      const message = `${f.label} must be one of ${values.join(', ')}`;
      return wrap(text(f, message).refine((v) => values.includes(v), { message }));
    }
    case 'text':
      return wrap(text(f, `${f.label} must be text`).trim().max(100, `${f.label} must be at most 100 characters`));
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

const filtersShape = (r: ReportDefinition) => ({
  ...Object.fromEntries(r.filters.map((f) => [f.key, filterSchema(f)])),
  sort: sortSchema(r),
});

/**
 * The report's date range is bounded (`maxDays`, decision 0072): To on or after From, and at most
 * `maxDays` days from one to the other, both included; the issue is on the To field.
 */
function withDateSpan<T extends z.ZodObject>(r: ReportDefinition, schema: T): T {
  const from = r.filters.find((f) => f.kind === 'dateFrom');
  const to = r.filters.find((f) => f.kind === 'dateTo');
  const maxDays = r.maxDays;
  if (!maxDays || !from || !to) return schema;
  return schema.superRefine((q: Record<string, unknown>, ctx) => {
    const a = q[from.key];
    const b = q[to.key];
    if (typeof a !== 'string' || typeof b !== 'string') return;
    const days = daysInclusive(a, b);
    if (days < 1) ctx.addIssue({ code: 'custom', path: [to.key], message: `${to.label} must be on or after ${from.label}` });
    else if (days > maxDays) ctx.addIssue({ code: 'custom', path: [to.key], message: `The dates may span at most ${maxDays} days` });
  });
}

export function reportFiltersSchema(r: ReportDefinition) {
  return withDateSpan(r, z.object(filtersShape(r)));
}

export function reportQuerySchema(r: ReportDefinition) {
  return withDateSpan(r, pageQuerySchema.extend(filtersShape(r)));
}

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function reportDownloadQuerySchema(r: ReportDefinition) {
  return withDateSpan(r, z.object({ ...filtersShape(r), format: z.enum(REPORT_FORMATS, { error: 'Format must be xlsx or pdf' }) }));
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
