import InputAdornment from '@mui/material/InputAdornment';
import { type KeyboardEvent, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';

import { DEFAULT_DECIMALS, difference, type TextField } from '@stoa/shared/forms';

import { TextInput } from '../../../lib/form/text-input';
import { useFieldMessages } from './field-parts';
import { useFormEngine } from './form-context';

/** Patterns whose identifiers are upper case: typed letters are upper-cased. */
const UPPER_CASE = new Set(['pan', 'ifsc', 'cin', 'gstin', 'tan']);

const unitAdornment = (unit?: string) => (unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined);

function toText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value : '';
}

function parseNumber(text: string): number | null {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

export interface TextFieldProps {
  field: TextField;
  /** Dotted path of the value ('units.0.name' inside tables). */
  name: string;
  readOnly: boolean;
}

/** Text, e-mail, phone, multi-line and number inputs; computed values (ex-bus) shown live. */
export function FormTextField({ field, name, readOnly }: TextFieldProps) {
  if (field.computed) return <ComputedField field={field} name={name} />;
  if (field.inputType === 'number') return <NumberField field={field} name={name} readOnly={readOnly} />;
  return <PlainTextField field={field} name={name} readOnly={readOnly} />;
}

function PlainTextField({ field, name, readOnly }: TextFieldProps) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const upper = field.pattern && UPPER_CASE.has(field.pattern);
  const type = field.inputType === 'email' ? 'email' : field.inputType === 'tel' ? 'tel' : 'text';
  return (
    <TextInput
      name={f.name}
      label={field.label}
      value={toText(f.value)}
      onChange={(value) => f.onChange(upper ? value.toUpperCase() : value)}
      onBlur={f.onBlur}
      inputRef={f.ref}
      required={field.required}
      readOnly={readOnly}
      error={invalid}
      helperText={helper}
      type={type}
      multiline={field.inputType === 'textarea'}
      minRows={field.inputType === 'textarea' ? 3 : undefined}
      endAdornment={unitAdornment(field.unit)}
      htmlInput={{ maxLength: field.maxLength, ...(field.inputType === 'tel' ? { inputMode: 'tel' } : {}) }}
    />
  );
}

/**
 * A number held as a JSON number: the keys e, E, + and minus are blocked (minus only allowed
 * when the field's minimum is negative) and at most `decimals` (default 2) decimals can be typed.
 * The typed text is kept while it parses to the stored number ('12.' stays '12.').
 */
function NumberField({ field, name, readOnly }: TextFieldProps) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const recheck = useRecheckDependents(name);
  const decimals = field.decimals ?? DEFAULT_DECIMALS;
  const negative = (field.min ?? 0) < 0;
  const [text, setText] = useState(() => toText(f.value));
  const parsed = parseNumber(text);
  const shown = parsed === f.value || (parsed === null && blank(f.value)) ? text : toText(f.value);
  const allowed = new RegExp(`^${negative ? '-?' : ''}\\d*${decimals > 0 ? `(\\.\\d{0,${decimals}})?` : ''}$`);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'e' || event.key === 'E' || event.key === '+' || (event.key === '-' && !negative)) event.preventDefault();
  };

  return (
    <TextInput
      name={f.name}
      label={field.label}
      value={shown}
      onChange={(raw) => {
        const next = raw.trim();
        if (!allowed.test(next)) return;
        setText(next);
        f.onChange(parseNumber(next));
        recheck();
      }}
      onBlur={f.onBlur}
      inputRef={f.ref}
      required={field.required}
      readOnly={readOnly}
      error={invalid}
      helperText={helper}
      endAdornment={unitAdornment(field.unit)}
      htmlInput={{ inputMode: 'decimal', onKeyDown, autoComplete: 'off' }}
    />
  );
}

/**
 * After a change of `name`, re-checks the fields whose cross-field rule reads it, when they show
 * an error already ('Auxiliary Consumption should be lower than Installed Capacity' goes as soon
 * as the installed capacity is raised); untouched fields get no new errors.
 */
function useRecheckDependents(name: string) {
  const { dependentsOf } = useFormEngine();
  const { getFieldState, trigger } = useFormContext();
  return () => {
    const stale = dependentsOf(name).filter((d) => getFieldState(d).error);
    if (stale.length > 0) void trigger(stale);
  };
}

/** value = a − b of two number fields, recomputed as they change; never edited. */
function ComputedField({ field, name }: { field: TextField; name: string }) {
  const [a, b] = field.computed!.difference;
  const prefix = name.includes('.') ? name.slice(0, name.lastIndexOf('.') + 1) : '';
  const [left, right] = useWatch({ name: [prefix + a, prefix + b] }) as [unknown, unknown];
  const value = difference(left, right);
  return (
    <TextInput
      name={name}
      label={field.label}
      value={value === undefined ? '' : String(value)}
      readOnly
      helperText={field.helperText}
      endAdornment={unitAdornment(field.unit)}
      htmlInput={{ 'aria-live': 'polite' }}
    />
  );
}
