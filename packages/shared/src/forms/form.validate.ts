/**
 * The form engine's validation and normalisation (ARCHITECTURE §6; spec 000 §2, §5 Generic form
 * rules). Pure functions over a definition and a plain values object: the web's resolver and the
 * API's handlers call the same `validateForm`, and the API stores `normalizeForm`'s output.
 */
import { istDate } from '../common/dates';
import { groupFieldErrors } from '../common/errors';
import {
  CIN_PATTERN,
  EMAIL_PATTERN,
  IFSC_PATTERN,
  isValidGstin,
  MOBILE_PATTERN,
  PAN_PATTERN,
  TAN_PATTERN,
} from '../common/patterns';
import { enForms } from '../messages/en.forms';
import type {
  ColumnField,
  Condition,
  FieldError,
  FormDefinition,
  FormField,
  FormStep,
  FormValues,
  Option,
  TextField,
  ValidateOptions,
} from './form.types';
import { VALUELESS_KINDS } from './form.types';

/** Indian postal PIN code: six digits, not starting with 0. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
/** A file id as returned by POST /File/Upload. */
export const FILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The value of the 'Others' entry of a combo with Others. */
export const OTHER_VALUE = 'other';
/** Number fields allow this many decimals unless the field says otherwise (spec 000 §5). */
export const DEFAULT_DECIMALS = 2;
/** Longest text when the field sets no `maxLength` (a server-side bound, not a specification rule). */
export const DEFAULT_TEXT_MAX = 500;
export const DEFAULT_TEXTAREA_MAX = 2000;
/** Longest e-mail address (RFC 5321). */
export const EMAIL_MAX = 254;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// ---------------------------------------------------------------------------------------------
// Values and paths

/** The value at a dotted path ('units.0.capacity'); undefined when any step is missing. */
export function getPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Nothing entered: undefined, null, a blank string or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** a − b rounded to 2 decimals, or undefined unless both are numbers. */
export function difference(a: unknown, b: unknown): number | undefined {
  if (!isNumber(a) || !isNumber(b)) return undefined;
  return Math.round((a - b) * 100) / 100;
}

/** Whether `value` has at most `decimals` decimal places. */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Math.abs(value) >= 1e15) return Number.isInteger(value);
  return Number(value.toFixed(decimals)) === value;
}

/** 'Mar 01, 2026' for '2026-03-01' (spec 000 §9 display format). */
export function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const month = MONTHS[Number(m) - 1];
  return month ? `${month} ${d}, ${y}` : iso;
}

/** A real calendar date in YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// ---------------------------------------------------------------------------------------------
// Visibility

/** Whether a condition holds for `values` (no condition: always). */
export function isVisible(condition: Condition | undefined, values: FormValues): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((c) => isVisible(c, values));
  const value = getPath(values, condition.field);
  if ('equals' in condition) return value === condition.equals;
  if ('in' in condition) return (condition.in as readonly unknown[]).includes(value);
  return !isEmptyValue(value) && value !== false && value !== 0;
}

/** Every field of every step, in order (hidden ones included). */
export function fieldsOf(def: FormDefinition): FormField[] {
  return def.steps.flatMap((step) => [...step.fields]);
}

/** Whether a kind holds a value the user enters (not title, button, display text, data table). */
export function carriesValue(field: FormField): boolean {
  return !VALUELESS_KINDS.includes(field.kind);
}

interface VisibleView {
  steps: FormStep[];
  fields: Map<FormStep, FormField[]>;
  /** The values with every hidden field's value removed (conditions see hidden fields as empty). */
  values: FormValues;
}

/**
 * Which steps and fields show. A field hidden by its condition (or its step's) counts as empty for
 * other conditions, so a stale value of a hidden field never shows anything: the same fields show
 * for the values and for their normalised form.
 */
function visibleView(def: FormDefinition, raw: FormValues): VisibleView {
  const values0: FormValues = isRecord(raw) ? raw : {};
  let values: FormValues = values0;
  let view: VisibleView = { steps: [], fields: new Map(), values };
  // Removing a hidden value may hide more fields; a chain of conditions settles within fields+1 rounds.
  const rounds = fieldsOf(def).length + 1;
  for (let round = 0; round < rounds; round++) {
    const steps = def.steps.filter((step) => isVisible(step.visibleWhen, values));
    const fields = new Map<FormStep, FormField[]>();
    const shown = new Set<string>();
    for (const step of steps) {
      const list = step.fields.filter((f) => isVisible(f.visibleWhen, values));
      fields.set(step, list);
      for (const f of list) shown.add(f.name);
    }
    const hidden = new Set<string>();
    for (const f of fieldsOf(def)) {
      if (shown.has(f.name)) continue;
      hidden.add(f.name);
      if (f.kind === 'comboOthers') hidden.add(`${f.name}Other`);
    }
    const next: FormValues = {};
    for (const [key, value] of Object.entries(values0)) if (!hidden.has(key)) next[key] = value;
    view = { steps, fields, values: next };
    const settled = Object.keys(next).length === Object.keys(values).length;
    values = next;
    if (settled) break;
  }
  return view;
}

/** The steps that show for these values. */
export function visibleSteps(def: FormDefinition, values: FormValues): FormStep[] {
  return visibleView(def, values).steps;
}

/** The fields of one step that show for these values (none when the step itself is hidden). */
export function visibleFields(def: FormDefinition, step: FormStep, values: FormValues): FormField[] {
  return visibleView(def, values).fields.get(step) ?? [];
}

/** The top-level field a (dotted) error path belongs to: 'units.0.capacity' → units, 'fuelTypeOther' → fuelType. */
function fieldOfPath(fields: readonly FormField[], path: string): FormField | undefined {
  const head = path.split('.')[0] ?? '';
  return fields.find((f) => f.name === head) ?? fields.find((f) => f.kind === 'comboOthers' && `${f.name}Other` === head);
}

/**
 * The step a (dotted) error path belongs to ('units.0.capacity' → the step with `units`;
 * 'fuelTypeOther' → the step of the combo `fuelType`). With `values`, only visible steps and
 * fields are considered (a name may appear in two steps shown under different conditions).
 */
export function stepOfField(def: FormDefinition, path: string, values?: FormValues): FormStep | undefined {
  if (values === undefined) return def.steps.find((step) => fieldOfPath(step.fields, path));
  const view = visibleView(def, values);
  return view.steps.find((step) => fieldOfPath(view.fields.get(step) ?? [], path));
}

// ---------------------------------------------------------------------------------------------
// Options

/** The options a comboOthers field offers: its own plus 'Others' (unless it lists one itself). */
export function optionsWithOther(options: readonly Option[]): Option[] {
  return options.some((o) => o.value === OTHER_VALUE) ? [...options] : [...options, { value: OTHER_VALUE, label: enForms.other }];
}

// ---------------------------------------------------------------------------------------------
// Validation

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
  const max = field.maxLength ?? (pattern === 'email' ? EMAIL_MAX : field.inputType === 'textarea' ? DEFAULT_TEXTAREA_MAX : DEFAULT_TEXT_MAX);
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
function presentOrReport(field: { label: string; required?: boolean; kind: string }, value: unknown, path: string, report: Report): boolean {
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
      const allowed = field.options ? field.options.map((o) => o.value) : field.optionSource ? ctx.opts.optionValues?.[field.optionSource] : undefined;
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
        else if ([...other.trim()].length > DEFAULT_TEXT_MAX) report(otherPath, enForms.field.tooLong(enForms.otherValue, DEFAULT_TEXT_MAX));
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
        if (row.isValid !== undefined && row.isValid !== null && typeof row.isValid !== 'boolean') report(`${at}.isValid`, enForms.field.invalid(L.isValid));
        if (!isEmptyValue(row.comments)) checkText({ kind: 'text', name: 'comments', label: L.comments, maxLength: DEFAULT_TEXT_MAX }, row.comments, `${at}.comments`, report);
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
        checkScalar({ kind: 'text', name: 'connectivityPoints', label: Z.connectivityPoints, required: true }, row.connectivityPoints, `${at}.connectivityPoints`, report, ctx);
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
    const left = rule.kind === 'sumNotGreaterThan' ? (Array.isArray(getPath(current, rule.field)) ? columnTotal(getPath(current, rule.field), rule.column) : undefined) : getPath(current, rule.field);
    const right = getPath(current, rule.than);
    if (!isNumber(left) || !isNumber(right)) continue;
    const ok = rule.kind === 'lessThan' ? left < right : left <= right;
    if (!ok) report(rule.field, rule.message);
  }
  for (const issue of opts.extraIssues?.(current) ?? []) report(issue.fieldName, issue.message);
  return groupFieldErrors(items);
}

// ---------------------------------------------------------------------------------------------
// Normalisation

function cleanText(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function keep(out: Record<string, unknown>, key: string, value: unknown) {
  const v = cleanText(value);
  if (v === undefined || v === null || v === '') return;
  out[key] = v;
}

function normalizeRows(value: unknown, columns: readonly string[]): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).map((row) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) keep(out, c, row[c]);
    return out;
  });
}

const ZONE_COLUMNS = ['zone', 'connectivityPoints', 'zonefileId'] as const;
const UNIT_COLUMNS = ['unitNo', 'name', 'capacity', 'commissioningDate', 'commercialOperationDate'] as const;
/** `label` names the document a row stands for (the form field it came from), when the page knows it. */
const FILE_DETAIL_COLUMNS = ['fileId', 'fileName', 'label', 'validUpto', 'isValid', 'comments'] as const;

/**
 * What the server stores: the visible value-carrying fields only (plus `${name}Other` of a combo
 * with Others when 'other' is picked), strings trimmed, blank values and empty lists left out,
 * computed fields recomputed, rows reduced to their columns. Unknown and hidden keys are dropped.
 */
export function normalizeForm(def: FormDefinition, values: FormValues): FormValues {
  const view = visibleView(def, values);
  const current = withComputed(def, view.values);
  const out: FormValues = {};
  for (const step of view.steps) {
    for (const field of view.fields.get(step) ?? []) {
      if (!carriesValue(field) || field.name in out) continue;
      const value = current[field.name];
      switch (field.kind) {
        case 'multiCombo':
          if (Array.isArray(value)) out[field.name] = [...new Set(value.filter((v) => typeof v === 'string'))];
          break;
        case 'emailChips':
          if (Array.isArray(value)) {
            const seen = new Set<string>();
            out[field.name] = value
              .filter((v): v is string => typeof v === 'string')
              .map((v) => v.trim())
              .filter((v) => v !== '' && !seen.has(v.toLowerCase()) && !!seen.add(v.toLowerCase()));
          }
          break;
        case 'comboOthers':
          keep(out, field.name, value);
          if (value === OTHER_VALUE) keep(out, `${field.name}Other`, current[`${field.name}Other`]);
          break;
        case 'tableInput': {
          const rows = normalizeRows(value, field.columns.map((c) => c.name));
          if (rows) out[field.name] = rows;
          break;
        }
        case 'zoneDetails': {
          const rows = normalizeRows(value, ZONE_COLUMNS);
          if (rows) out[field.name] = rows;
          break;
        }
        case 'unitDetails': {
          const rows = normalizeRows(value, UNIT_COLUMNS);
          if (rows) out[field.name] = rows;
          break;
        }
        case 'fileDetails': {
          const rows = normalizeRows(value, FILE_DETAIL_COLUMNS);
          if (rows) out[field.name] = rows;
          break;
        }
        default:
          keep(out, field.name, value);
      }
      if (Array.isArray(out[field.name]) && (out[field.name] as unknown[]).length === 0) delete out[field.name];
    }
  }
  return out;
}
