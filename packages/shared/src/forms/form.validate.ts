/**
 * The form engine's validation (ARCHITECTURE §6; spec 000 §2, §5 Generic form rules). Pure functions over
 * a definition and a plain values object: the web's resolver and the API's handlers call the same
 * `validateForm`; `form.normalize.ts` gives what the API stores.
 */
import { istDate } from '../common/dates';
import { groupFieldErrors } from '../common/errors';
import { CIN_PATTERN, EMAIL_PATTERN, IFSC_PATTERN, isValidGstin, MOBILE_PATTERN, PAN_PATTERN, TAN_PATTERN } from '../common/patterns';
import { enForms } from '../messages/en.forms';
import type { ColumnField, FieldError, FormDefinition, FormField, FormValues, TextField, ValidateOptions } from './form.types';
import {
  DEFAULT_DECIMALS,
  DEFAULT_TEXT_MAX,
  DEFAULT_TEXTAREA_MAX,
  difference,
  displayDate,
  EMAIL_MAX,
  fieldsOf,
  FILE_ID_PATTERN,
  getPath,
  hasAtMostDecimals,
  isEmptyValue,
  isIsoDate,
  isNumber,
  isRecord,
  isVisible,
  OTHER_VALUE,
  PIN_CODE_PATTERN,
  visibleView,
} from './form.values';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

type Report = (path: string, message: string) => void;

interface Context {
  today: string;
  opts: ValidateOptions;
}

function resolveBound(bound: string | undefined, today: string): string | undefined {
  if (bound === undefined) return undefined;
  return bound === 'today' ? today : bound;
}

function checkText(field: TextField, value: unknown, path: string, report: Report) {
  const { label } = field;
  if (field.inputType === 'number') {
    if (!isNumber(value)) {
      report(path, enForms.field.notANumber(label));
      return;
    }
    const decimals = field.decimals ?? DEFAULT_DECIMALS;
    const min = field.min ?? 0;
    if (value < min) report(path, enForms.field.min(label, min));
    if (field.max !== undefined && value > field.max) report(path, enForms.field.max(label, field.max));
    if (!hasAtMostDecimals(value, decimals)) report(path, enForms.field.decimals(label, decimals));
    return;
  }
  if (typeof value !== 'string') {
    report(path, enForms.field.invalid(label));
    return;
  }
  const text = value.trim();
  const pattern = field.pattern ?? (field.inputType === 'email' ? 'email' : undefined);
  const max =
    field.maxLength ?? (pattern === 'email' ? EMAIL_MAX : field.inputType === 'textarea' ? DEFAULT_TEXTAREA_MAX : DEFAULT_TEXT_MAX);
  if ([...text].length > max) report(path, enForms.field.tooLong(label, max));
  if (pattern && !matchesPattern(pattern, text)) report(path, enForms.field.pattern[pattern]);
}

/** Whether a text matches one of the shared identifier patterns. */
export function matchesPattern(pattern: NonNullable<TextField['pattern']>, text: string): boolean {
  switch (pattern) {
    case 'pan':
      return PAN_PATTERN.test(text);
    case 'mobile':
      return MOBILE_PATTERN.test(text);
    case 'email':
      return text.length <= EMAIL_MAX && EMAIL_PATTERN.test(text);
    case 'ifsc':
      return IFSC_PATTERN.test(text);
    case 'cin':
      return CIN_PATTERN.test(text);
    case 'gstin':
      return isValidGstin(text);
    case 'tan':
      return TAN_PATTERN.test(text);
    case 'pinCode':
      return PIN_CODE_PATTERN.test(text);
  }
}

function checkDate(label: string, value: unknown, path: string, report: Report, ctx: Context, bounds: { min?: string; max?: string } = {}) {
  if (!isIsoDate(value)) {
    report(path, enForms.field.invalidDate(label));
    return;
  }
  const min = resolveBound(bounds.min, ctx.today);
  const max = resolveBound(bounds.max, ctx.today);
  if (min && value < min) report(path, enForms.field.dateBefore(label, displayDate(min)));
  if (max && value > max) report(path, enForms.field.dateAfter(label, displayDate(max)));
}

function checkFileId(label: string, value: unknown, path: string, report: Report) {
  if (typeof value !== 'string' || !FILE_ID_PATTERN.test(value)) report(path, enForms.field.invalidFile(label));
}

function checkOptionText(label: string, value: unknown, path: string, report: Report, allowed: readonly string[] | undefined) {
  if (typeof value !== 'string') {
    report(path, enForms.field.notAnOption(label));
    return;
  }
  if (allowed && !allowed.includes(value)) report(path, enForms.field.notAnOption(label));
  else if ([...value].length > DEFAULT_TEXT_MAX) report(path, enForms.field.tooLong(label, DEFAULT_TEXT_MAX));
}

function checkRows(
  field: { label: string; required?: boolean; minRows?: number; maxRows?: number },
  value: unknown,
  path: string,
  report: Report,
): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) {
    report(path, enForms.field.invalid(field.label));
    return undefined;
  }
  if (field.minRows !== undefined && value.length < field.minRows) report(path, enForms.field.minRows(field.label, field.minRows));
  if (field.maxRows !== undefined && value.length > field.maxRows) report(path, enForms.field.maxRows(field.label, field.maxRows));
  const rows: Record<string, unknown>[] = [];
  value.forEach((row, i) => {
    if (isRecord(row)) rows.push(row);
    else {
      report(`${path}.${i}`, enForms.field.invalid(field.label));
      rows.push({});
    }
  });
  return rows;
}

/** Required / empty handling shared by every kind; returns true when the value should be checked further. */
function presentOrReport(
  field: { label: string; required?: boolean; kind: string },
  value: unknown,
  path: string,
  report: Report,
): boolean {
  if (!isEmptyValue(value)) return true;
  if (field.required) report(path, enForms.field.required(field.label));
  return false;
}

/** One scalar column/field (text, combo, date, checkbox, file, radio) at `path`. */
function checkScalar(field: ColumnField, value: unknown, path: string, report: Report, ctx: Context) {
  if (field.kind === 'text' && field.computed) return;
  if (field.kind === 'checkbox') {
    if (value !== undefined && value !== null && typeof value !== 'boolean') report(path, enForms.field.invalid(field.label));
    else if (field.required && value !== true) report(path, enForms.field.mustAccept(field.label));
    return;
  }
  if (field.kind === 'radio' && field.yesNo) {
    if (value === undefined || value === null || value === '') {
      if (field.required) report(path, enForms.field.required(field.label));
    } else if (typeof value !== 'boolean') report(path, enForms.field.notAnOption(field.label));
    return;
  }
  if (!presentOrReport(field, value, path, report)) return;
  switch (field.kind) {
    case 'text':
      checkText(field, value, path, report);
      return;
    case 'combo': {
      const allowed = field.options
        ? field.options.map((o) => o.value)
        : field.optionSource
          ? ctx.opts.optionValues?.[field.optionSource]
          : undefined;
      checkOptionText(field.label, value, path, report, allowed);
      return;
    }
    case 'radio':
      checkOptionText(field.label, value, path, report, field.options?.map((o) => o.value) ?? []);
      return;
    case 'date':
      checkDate(field.label, value, path, report, ctx, field);
      return;
    case 'file':
      checkFileId(field.label, value, path, report);
      return;
  }
}

function checkField(field: FormField, values: FormValues, report: Report, ctx: Context) {
  const path = field.name;
  const value = values[field.name];
  const { label } = field;
  switch (field.kind) {
    case 'title':
    case 'button':
    case 'displayText':
    case 'dataTable':
      return;
    case 'text':
    case 'checkbox':
    case 'combo':
    case 'radio':
    case 'date':
    case 'file':
      checkScalar(field, value, path, report, ctx);
      return;
    case 'multiCombo': {
      if (!presentOrReport(field, value, path, report)) return;
      if (!Array.isArray(value)) {
        report(path, enForms.field.notAnOption(label));
        return;
      }
      const allowed = field.options.map((o) => o.value);
      if (value.some((v) => typeof v !== 'string' || !allowed.includes(v))) report(path, enForms.field.notAnOption(label));
      return;
    }
    case 'comboOthers': {
      const otherPath = `${field.name}Other`;
      if (isEmptyValue(value)) {
        if (field.required) report(path, enForms.rules.otherValue);
        return;
      }
      if (typeof value !== 'string') {
        report(path, enForms.field.notAnOption(label));
        return;
      }
      if (value === OTHER_VALUE) {
        const other = values[otherPath];
        if (typeof other !== 'string' || other.trim() === '') report(otherPath, enForms.rules.otherValue);
        else if ([...other.trim()].length > DEFAULT_TEXT_MAX)
          report(otherPath, enForms.field.tooLong(enForms.otherValue, DEFAULT_TEXT_MAX));
        return;
      }
      if (!field.options.some((o) => o.value === value)) report(path, enForms.field.notAnOption(label));
      return;
    }
    case 'month':
      if (!presentOrReport(field, value, path, report)) return;
      if (typeof value !== 'string' || !MONTH_PATTERN.test(value)) report(path, enForms.field.invalidMonth(label));
      return;
    case 'time':
      if (!presentOrReport(field, value, path, report)) return;
      if (typeof value !== 'string' || !TIME_PATTERN.test(value)) report(path, enForms.field.invalidTime(label));
      return;
    case 'fileDetails': {
      if (!presentOrReport(field, value, path, report)) return;
      const rows = checkRows(field, value, path, report);
      const L = enForms.fileDetails;
      rows?.forEach((row, i) => {
        const at = `${path}.${i}`;
        checkFileId(L.file, row.fileId, `${at}.fileId`, report);
        if (typeof row.fileName !== 'string' || row.fileName.trim() === '') report(`${at}.fileName`, enForms.field.required(L.document));
        if (!isEmptyValue(row.validUpto)) checkDate(L.validUpto, row.validUpto, `${at}.validUpto`, report, ctx);
        if (row.isValid !== undefined && row.isValid !== null && typeof row.isValid !== 'boolean')
          report(`${at}.isValid`, enForms.field.invalid(L.isValid));
        if (!isEmptyValue(row.comments))
          checkText(
            { kind: 'text', name: 'comments', label: L.comments, maxLength: DEFAULT_TEXT_MAX },
            row.comments,
            `${at}.comments`,
            report,
          );
      });
      return;
    }
    case 'tableInput': {
      if (!presentOrReport(field, value, path, report)) return;
      const rows = checkRows(field, value, path, report);
      rows?.forEach((row, i) => {
        const scope = { ...values, ...row };
        for (const column of field.columns) {
          if (!isVisible(column.visibleWhen, scope)) continue;
          checkScalar(column, row[column.name], `${path}.${i}.${column.name}`, report, ctx);
        }
      });
      return;
    }
    case 'emailChips': {
      if (!presentOrReport(field, value, path, report)) return;
      if (!Array.isArray(value)) {
        report(path, enForms.rules.invalidEmail);
        return;
      }
      if (value.some((v) => typeof v !== 'string' || !matchesPattern('email', v.trim()))) report(path, enForms.rules.invalidEmail);
      if (field.maxItems !== undefined && value.length > field.maxItems) report(path, enForms.field.maxItems(label, field.maxItems));
      return;
    }
    case 'zoneDetails': {
      if (!presentOrReport(field, value, path, report)) return;
      const rows = checkRows(field, value, path, report);
      const Z = enForms.zone;
      rows?.forEach((row, i) => {
        const at = `${path}.${i}`;
        const zone: ColumnField = field.zoneOptions
          ? { kind: 'combo', name: 'zone', label: Z.zone, required: true, options: field.zoneOptions }
          : { kind: 'text', name: 'zone', label: Z.zone, required: true, maxLength: 100 };
        checkScalar(zone, row.zone, `${at}.zone`, report, ctx);
        checkScalar(
          { kind: 'text', name: 'connectivityPoints', label: Z.connectivityPoints, required: true },
          row.connectivityPoints,
          `${at}.connectivityPoints`,
          report,
          ctx,
        );
        if (!isEmptyValue(row.zonefileId)) checkFileId(Z.zonefileId, row.zonefileId, `${at}.zonefileId`, report);
      });
      return;
    }
    case 'unitDetails': {
      if (!presentOrReport(field, value, path, report)) return;
      const rows = checkRows(field, value, path, report);
      rows?.forEach((row, i) => {
        for (const column of unitColumns()) checkScalar(column, row[column.name], `${path}.${i}.${column.name}`, report, ctx);
        if (isNumber(row.capacity) && row.capacity <= 0) report(`${path}.${i}.capacity`, enForms.field.positive(enForms.unit.capacity));
      });
      return;
    }
  }
}

/** The columns of a unit details row (spec 000 §3 generating units). */
export function unitColumns(): ColumnField[] {
  const U = enForms.unit;
  return [
    { kind: 'text', name: 'unitNo', label: U.unitNo, required: true, maxLength: 20 },
    { kind: 'text', name: 'name', label: U.name, required: true, maxLength: 100 },
    { kind: 'text', name: 'capacity', label: U.capacity, required: true, inputType: 'number', decimals: 2, min: 0, unit: 'MW' },
    { kind: 'date', name: 'commissioningDate', label: U.commissioningDate, required: true },
    { kind: 'date', name: 'commercialOperationDate', label: U.commercialOperationDate },
  ];
}

/** The sum of one numeric column of a table value (non-numbers count as 0), rounded to 2 decimals. */
export function columnTotal(rows: unknown, column: string): number {
  if (!Array.isArray(rows)) return 0;
  const total = rows.reduce<number>((sum, row) => sum + (isRecord(row) && isNumber(row[column]) ? row[column] : 0), 0);
  return Math.round(total * 100) / 100;
}

/** The values with every computed field (and computed table column) recomputed. */
export function withComputed(def: FormDefinition, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const field of fieldsOf(def)) {
    if (field.kind === 'text' && field.computed) {
      const [a, b] = field.computed.difference;
      out[field.name] = difference(getPath(out, a), getPath(out, b)) ?? null;
    }
    if (field.kind === 'tableInput' && Array.isArray(out[field.name])) {
      const computed = field.columns.filter((c): c is TextField => c.kind === 'text' && !!c.computed);
      if (computed.length === 0) continue;
      out[field.name] = (out[field.name] as unknown[]).map((row) => {
        if (!isRecord(row)) return row;
        const next = { ...row };
        for (const c of computed) next[c.name] = difference(next[c.computed!.difference[0]], next[c.computed!.difference[1]]) ?? null;
        return next;
      });
    }
  }
  return out;
}

/**
 * Every error of every visible field of every visible step, then the definition's cross-field
 * rules: one entry per field path with all of its messages (never only the first). Hidden fields
 * are neither checked nor seen by the rules; computed fields are recomputed, not trusted.
 */
export function validateForm(def: FormDefinition, values: FormValues, opts: ValidateOptions = {}): FieldError[] {
  const ctx: Context = { today: opts.today ?? istDate(new Date()), opts };
  const items: { fieldName: string; message: string }[] = [];
  const report: Report = (fieldName, message) => items.push({ fieldName, message });
  const view = visibleView(def, values);
  const current = withComputed(def, view.values);
  const shown = new Set<string>();
  for (const step of view.steps) {
    for (const field of view.fields.get(step) ?? []) {
      if (shown.has(field.name)) continue;
      shown.add(field.name);
      checkField(field, current, report, ctx);
    }
  }
  for (const rule of def.rules ?? []) {
    const left =
      rule.kind === 'sumNotGreaterThan'
        ? Array.isArray(getPath(current, rule.field))
          ? columnTotal(getPath(current, rule.field), rule.column)
          : undefined
        : getPath(current, rule.field);
    const right = getPath(current, rule.than);
    if (!isNumber(left) || !isNumber(right)) continue;
    const ok = rule.kind === 'lessThan' ? left < right : left <= right;
    if (!ok) report(rule.field, rule.message);
  }
  for (const issue of opts.extraIssues?.(current) ?? []) report(issue.fieldName, issue.message);
  return groupFieldErrors(items);
}
