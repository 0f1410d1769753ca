/**
 * Form definitions as data (ARCHITECTURE §6; spec 000 §2 'Dynamic form field kinds', §5 Generic
 * form rules). A definition is steps → fields; one web renderer draws every multi-step form and
 * the server validates the same definition (`validateForm`).
 *
 * Values are plain JSON: a form's values object maps each field `name` to its value. Field paths in
 * errors are dotted, the way react-hook-form names them (`units.0.capacity`).
 */

/** File kinds of the specification (spec 001 §3): Image (jpg, jpeg, png), Pdf, Excel, Csv. */
export type UploadKind = 'image' | 'pdf' | 'excel' | 'csv';

export interface Option {
  value: string;
  label: string;
}

/** Where a combo's options come from when they are not fixed in the definition. */
export type OptionSource = 'discoms' | 'transcos' | 'registeredTraders' | 'sellers' | 'buyers' | 'userBasedTraders';

/** A condition on another field's value (same values object; `field` may be dotted). */
export type Condition =
  | { field: string; equals: string | number | boolean }
  | { field: string; in: readonly (string | number | boolean)[] }
  | { field: string; truthy: true }
  | { all: readonly Condition[] };

interface FieldBase {
  /** Key in the values object. Titles, buttons and display texts without a value still have a unique name. */
  name: string;
  label: string;
  required?: boolean;
  /** Shown only when the condition holds; hidden fields are neither validated nor kept. */
  visibleWhen?: Condition;
  /** Never editable by anyone (computed or display-only values). */
  readOnly?: boolean;
  helperText?: string;
  /** Layout hint for the renderer: full row or half row (default half for inputs). */
  width?: 'full' | 'half';
}

export interface TextField extends FieldBase {
  kind: 'text';
  /** `number` values are JSON numbers: keys e, E and minus are blocked, at most `decimals` (default 2) decimals. */
  inputType?: 'text' | 'number' | 'email' | 'tel' | 'textarea';
  /** A shared identifier pattern (PAN, mobile, e-mail, IFSC, CIN, GSTIN with checksum, TAN, PIN code). */
  pattern?: 'pan' | 'mobile' | 'email' | 'ifsc' | 'cin' | 'gstin' | 'tan' | 'pinCode';
  maxLength?: number;
  min?: number;
  max?: number;
  decimals?: number;
  /** Unit shown after the input, e.g. 'MW'. */
  unit?: string;
  /** value = a − b, computed from two number fields (ex-bus = installed − auxiliary); implies readOnly. */
  computed?: { difference: [string, string] };
}

export interface CheckboxField extends FieldBase {
  kind: 'checkbox';
  /** A declaration that must be ticked (required means "must be true" for a checkbox). */
}

export interface ComboField extends FieldBase {
  kind: 'combo';
  options?: readonly Option[];
  optionSource?: OptionSource;
}

export interface MultiComboField extends FieldBase {
  kind: 'multiCombo';
  options: readonly Option[];
}

/**
 * A combo with an 'Others' entry: picking 'other' asks for a free text kept in `${name}Other`;
 * neither given → 'Please provide other value or pick from the given'.
 */
export interface ComboOthersField extends FieldBase {
  kind: 'comboOthers';
  options: readonly Option[];
}

export interface RadioField extends FieldBase {
  kind: 'radio';
  /** `yesNo` fields hold booleans and are labelled Yes/No. */
  yesNo?: boolean;
  options?: readonly Option[];
}

export interface DateField extends FieldBase {
  kind: 'date';
  /** 'today' or YYYY-MM-DD bounds, inclusive. */
  min?: 'today' | string;
  max?: 'today' | string;
}

export interface MonthField extends FieldBase {
  kind: 'month'; // value YYYY-MM
}

export interface TimeField extends FieldBase {
  kind: 'time'; // value HH:mm
}

/** Value: the id returned by POST /File/Upload. */
export interface FileField extends FieldBase {
  kind: 'file';
  accept: readonly UploadKind[];
}

/**
 * Documents with their validity and the reviewer's verdict: value is a list of
 * { fileId, fileName, validUpto?, isValid?, comments? }. The applicant supplies fileId/validUpto;
 * the reviewing SLDC user sets isValid and comments (`reviewable`).
 */
export interface FileDetailsField extends FieldBase {
  kind: 'fileDetails';
  /** Kinds the applicant may upload as a new row (default pdf and image). */
  accept?: readonly UploadKind[];
}

/** One row of a file details value. `label` names the document (the form field it came from), when known. */
export interface FileDetailRow {
  fileId: string;
  fileName: string;
  label?: string;
  validUpto?: string;
  isValid?: boolean;
  comments?: string;
}

/** Column of a table input: the scalar kinds only. */
export type ColumnField = TextField | ComboField | DateField | CheckboxField | FileField | RadioField;

/** Rows the user adds and removes; value is an array of row objects keyed by column names. */
export interface TableInputField extends FieldBase {
  kind: 'tableInput';
  columns: readonly ColumnField[];
  minRows?: number;
  maxRows?: number;
  addLabel?: string;
}

/** A read-only table of rows supplied by the page (value is an array of row objects). */
export interface DataTableField extends FieldBase {
  kind: 'dataTable';
  columns: readonly { name: string; label: string }[];
}

/** Chips of e-mail addresses; value string[]; an invalid address → 'Please enter a valid email.' */
export interface EmailChipsField extends FieldBase {
  kind: 'emailChips';
  maxItems?: number;
}

/** Zone rows (spec 000 §3): { zone, connectivityPoints, zonefileId }. */
export interface ZoneDetailsField extends FieldBase {
  kind: 'zoneDetails';
  minRows?: number;
  maxRows?: number;
  /** Zones to pick from; without them the zone is free text. */
  zoneOptions?: readonly Option[];
  /** Kinds of the zone document (default pdf and image). */
  fileAccept?: readonly UploadKind[];
}

export interface ZoneRow {
  zone: string;
  connectivityPoints: string;
  zonefileId?: string;
}

/** Generating units (spec 000 §3): { unitNo, name, capacity (MW), commissioningDate, commercialOperationDate }. */
export interface UnitDetailsField extends FieldBase {
  kind: 'unitDetails';
  minRows?: number;
  maxRows?: number;
}

export interface UnitRow {
  unitNo: string;
  name: string;
  /** MW, at most 2 decimals, above 0. */
  capacity: number;
  commissioningDate: string;
  commercialOperationDate?: string;
}

/** A heading inside a step. */
export interface TitleField extends FieldBase {
  kind: 'title';
}

/** A button the page handles (e.g. 'View Affected Applications'); `action` names the handler. */
export interface ButtonField extends FieldBase {
  kind: 'button';
  action: string;
}

/** Static text (label) or, with `source`, the value of another field shown as text. */
export interface DisplayTextField extends FieldBase {
  kind: 'displayText';
  source?: string;
}

export type FormField =
  | TextField
  | CheckboxField
  | ComboField
  | MultiComboField
  | ComboOthersField
  | RadioField
  | DateField
  | MonthField
  | TimeField
  | FileField
  | FileDetailsField
  | TableInputField
  | DataTableField
  | EmailChipsField
  | ZoneDetailsField
  | UnitDetailsField
  | TitleField
  | ButtonField
  | DisplayTextField;

export type FieldKind = FormField['kind'];

/** Kinds that carry no value. */
export const VALUELESS_KINDS: readonly FieldKind[] = ['title', 'button', 'displayText', 'dataTable'];

export interface FormStep {
  id: string;
  title: string;
  fields: readonly FormField[];
  visibleWhen?: Condition;
}

/**
 * Cross-field rules (spec 000 §5 Generic form rules). The error is reported on `field`.
 * - lessThan: value(field) < value(than)
 * - notGreaterThan: value(field) ≤ value(than)
 * - sumNotGreaterThan: Σ rows of table `field`, column `column` ≤ value(than)
 */
export type FormRule =
  | { kind: 'lessThan'; field: string; than: string; message: string }
  | { kind: 'notGreaterThan'; field: string; than: string; message: string }
  | { kind: 'sumNotGreaterThan'; field: string; column: string; than: string; message: string };

export interface FormDefinition {
  id: string;
  title: string;
  steps: readonly FormStep[];
  rules?: readonly FormRule[];
}

export type FormValues = Record<string, unknown>;

/** { fieldName, errorMessages }: the API's field error (common/errors), one per dotted path. */
export type { FieldError } from '../common/errors';

export interface ValidateOptions {
  /** Today's business date (YYYY-MM-DD, IST) for 'today' bounds; defaults to the IST date now. */
  today?: string;
  /** Allowed values of option-sourced combos (e.g. DISCOM ids); unchecked when absent. */
  optionValues?: Partial<Record<OptionSource, readonly string[]>>;
  /**
   * Checks a definition cannot express as data (e.g. the schedule rules of applications, row by
   * row): called with the visible, computed values; its issues join the others (same paths, every
   * message, duplicates merged).
   */
  extraIssues?: (values: FormValues) => readonly { fieldName: string; message: string }[];
}
