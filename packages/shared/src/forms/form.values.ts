/**
 * The form engine's building blocks (ARCHITECTURE §6; spec 000 §2, §5 Generic form rules): value paths,
 * dates as the forms show them, which steps and fields are visible for some values, the Others option.
 * `form.validate.ts` checks values against a definition and `form.normalize.ts` reduces them to what the
 * server stores; both build on these.
 */
import { enForms } from '../messages/en.forms';
import type { Condition, FormDefinition, FormField, FormStep, FormValues, Option } from './form.types';
import { VALUELESS_KINDS } from './form.types';

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
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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

export interface VisibleView {
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
export function visibleView(def: FormDefinition, raw: FormValues): VisibleView {
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
