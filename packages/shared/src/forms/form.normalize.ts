/** The form engine's normalisation (ARCHITECTURE §6): what the API stores of a form's values. */
import type { FormDefinition, FormValues } from './form.types';
import { withComputed } from './form.validate';
import { carriesValue, isRecord, OTHER_VALUE, visibleView } from './form.values';

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
          const rows = normalizeRows(
            value,
            field.columns.map((c) => c.name),
          );
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
