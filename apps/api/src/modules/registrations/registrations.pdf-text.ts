import { displayDate, type FormField, getPath, isEmptyValue, isIsoDate, OTHER_VALUE, unitColumns } from '@stoa/shared/forms';
import { enForms, enRegistrations } from '@stoa/shared/messages';
import { IST_OFFSET_MINUTES } from '@stoa/shared/common';
import {
  REGISTRATION_STATUS_LABELS,
  type RegistrationDetail,
  type RegistrationStatus,
  WORKFLOW_ACTION_LABELS,
  type WorkflowAction,
} from '@stoa/shared/registrations';

/**
 * A registration's values as the text of its PDFs (registrations.pdf.ts draws them): dates and
 * statuses as the spec writes them, each form field as a row, a table or a heading.
 */

export const P = enRegistrations.pdf;
export const D = enRegistrations.detail;
export const NONE = enForms.notProvided;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD, YYYY h:mm A' in India Standard Time (spec 001 §9). */
export function istDateTime(instant: Date | string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) return String(instant);
  const d = new Date(time + IST_OFFSET_MINUTES * 60_000);
  const hours = d.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()} ${h12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'MMM DD, YYYY' of a YYYY-MM-DD date (or of an ISO instant's IST date). */
export function date(value: string | null | undefined): string {
  if (!value) return NONE;
  if (isIsoDate(value)) return displayDate(value);
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : displayDate(new Date(time + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10));
}

export const yesNo = (value: unknown) => (value === true || value === 'true' || value === 'TRUE' ? P.yes : P.no);
export const statusLabel = (status: string | null) =>
  status ? (REGISTRATION_STATUS_LABELS[status as RegistrationStatus] ?? status) : NONE;
export const actionLabel = (action: string) => WORKFLOW_ACTION_LABELS[action as WorkflowAction] ?? action;

// ---------------------------------------------------------------------------------------------
// Values as text

type Table = { header: string[]; rows: string[][] };
type Block =
  | { kind: 'row'; label: string; value: string }
  | { kind: 'table'; label: string; table: Table }
  | { kind: 'heading'; text: string }
  | { kind: 'note'; text: string };

export interface FormatContext {
  detail: RegistrationDetail;
}

function fileName(ctx: FormatContext, fieldName: string, fileId: unknown): string {
  if (isEmptyValue(fileId)) return NONE;
  const known = ctx.detail.fileList.find((f) => f.fileId === fileId) ?? ctx.detail.fileList.find((f) => f.fieldName === fieldName);
  return known?.fileName ?? P.uploaded;
}

function optionLabel(options: readonly { value: string; label: string }[] | undefined, value: unknown): string {
  return options?.find((o) => o.value === value)?.label ?? String(value);
}

/** One scalar value as shown on the form: option labels, Yes/No, dates, units, file names. */
function scalarText(field: FormField, value: unknown, ctx: FormatContext, values: Record<string, unknown>): string {
  if (field.kind === 'checkbox') return yesNo(value);
  if (field.kind === 'radio' && field.yesNo) return isEmptyValue(value) ? NONE : yesNo(value);
  if (isEmptyValue(value)) return NONE;
  switch (field.kind) {
    case 'text':
      if (typeof value === 'number') return field.unit ? `${value} ${field.unit}` : String(value);
      return String(value);
    case 'combo': {
      if (field.optionSource === 'discoms' || field.optionSource === 'transcos') {
        const utility = [ctx.detail.discom, ctx.detail.transco].find((u) => u?.id === value);
        return utility?.name ?? String(value);
      }
      return optionLabel(field.options, value);
    }
    case 'multiCombo':
      return (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field.options, v)).join(', ');
    case 'comboOthers':
      if (value === OTHER_VALUE) {
        const other = values[`${field.name}Other`];
        return isEmptyValue(other) ? enForms.other : String(other);
      }
      return optionLabel(field.options, value);
    case 'radio':
      return optionLabel(field.options, value);
    case 'date':
      return date(String(value));
    case 'month': {
      const [y, m] = String(value).split('-');
      const month = MONTHS[Number(m) - 1];
      return month ? `${month} ${y}` : String(value);
    }
    case 'file':
      return fileName(ctx, field.name, value);
    case 'emailChips':
      return (Array.isArray(value) ? value : [value]).map(String).join(', ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r)) : [];

/** A table-valued field as a small table; undefined for scalar kinds. */
function tableOf(field: FormField, value: unknown, ctx: FormatContext): Table | undefined {
  const rows = records(value);
  switch (field.kind) {
    case 'tableInput':
      return {
        header: field.columns.map((c) => c.label),
        rows: rows.map((r) => field.columns.map((c) => scalarText(c, r[c.name], ctx, r))),
      };
    case 'unitDetails': {
      const columns = unitColumns();
      return { header: columns.map((c) => c.label), rows: rows.map((r) => columns.map((c) => scalarText(c, r[c.name], ctx, r))) };
    }
    case 'zoneDetails': {
      const Z = enForms.zone;
      return {
        header: [Z.zone, Z.connectivityPoints, Z.zonefileId],
        rows: rows.map((r) => [
          isEmptyValue(r.zone) ? NONE : String(r.zone),
          isEmptyValue(r.connectivityPoints) ? NONE : String(r.connectivityPoints),
          fileName(ctx, `${field.name}.zonefileId`, r.zonefileId),
        ]),
      };
    }
    case 'fileDetails': {
      const F = enForms.fileDetails;
      return {
        header: [F.document, F.file, F.validUpto, F.isValid, F.comments],
        rows: rows.map((r) => [
          isEmptyValue(r.label) ? NONE : String(r.label),
          isEmptyValue(r.fileName) ? fileName(ctx, field.name, r.fileId) : String(r.fileName),
          date(typeof r.validUpto === 'string' ? r.validUpto : null),
          r.isValid === undefined || r.isValid === null ? P.notVerified : yesNo(r.isValid),
          isEmptyValue(r.comments) ? NONE : String(r.comments),
        ]),
      };
    }
    case 'dataTable':
      return {
        header: field.columns.map((c) => c.label),
        rows: rows.map((r) => field.columns.map((c) => (isEmptyValue(r[c.name]) ? NONE : String(r[c.name])))),
      };
    default:
      return undefined;
  }
}

/** The blocks of one step: label/value rows, small tables, headings and notes. */
export function stepBlocks(fields: readonly FormField[], stepTitle: string, ctx: FormatContext): Block[] {
  const values = ctx.detail.data;
  const blocks: Block[] = [];
  for (const field of fields) {
    if (field.kind === 'button') continue;
    if (field.kind === 'title') {
      if (field.label !== stepTitle) blocks.push({ kind: 'heading', text: field.label });
      continue;
    }
    if (field.kind === 'displayText') {
      if (field.source)
        blocks.push({
          kind: 'row',
          label: field.label,
          value: isEmptyValue(getPath(values, field.source)) ? NONE : String(getPath(values, field.source)),
        });
      else if (field.helperText) blocks.push({ kind: 'row', label: field.label, value: field.helperText });
      else blocks.push({ kind: 'note', text: field.label });
      continue;
    }
    const value = getPath(values, field.name);
    const table = tableOf(field, value, ctx);
    if (table) blocks.push({ kind: 'table', label: field.label, table });
    else blocks.push({ kind: 'row', label: field.label, value: scalarText(field, value, ctx, values) });
  }
  return blocks;
}

/** A field's value as one text (tables: a line per row), for the comparison. */
export function valueText(field: FormField, ctx: FormatContext): string {
  const values = ctx.detail.data;
  if (field.kind === 'displayText') return field.source ? String(getPath(values, field.source) ?? NONE) : (field.helperText ?? '');
  const value = getPath(values, field.name);
  const table = tableOf(field, value, ctx);
  if (table) return table.rows.length === 0 ? NONE : table.rows.map((r) => r.join(' | ')).join('\n');
  return scalarText(field, value, ctx, values);
}

/** Stable JSON of a raw value; every kind of "nothing entered" is the same. */
export function rawKey(value: unknown): string {
  if (isEmptyValue(value)) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(rawKey).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => !isEmptyValue(v));
  return `{${entries
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${JSON.stringify(k)}:${rawKey(v)}`)
    .join(',')}}`;
}
