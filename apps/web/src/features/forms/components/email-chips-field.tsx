import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController } from 'react-hook-form';

import { type EmailChipsField, matchesPattern } from '@stoa/shared/forms';

import { useFormsMessages } from '../i18n';
import { HelperLines, ReadOnlyText, useFieldMessages } from './field-parts';

const SEPARATORS = /[\s,;]+/;

/**
 * E-mail addresses as chips: Enter, comma, space or leaving the field adds what was typed; an
 * invalid address stays in the input with 'Please enter a valid email.' and is not added.
 */
export function FormEmailChips({ field, name, readOnly }: { field: EmailChipsField; name: string; readOnly: boolean }) {
  const t = useFormsMessages();
  const { field: f } = useController({ name });
  const { invalid, messages } = useFieldMessages(name);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const values = Array.isArray(f.value) ? (f.value as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  const hint = field.helperText ?? t.emailChipsHint;

  if (readOnly) return <ReadOnlyText label={field.label} value={values.join(', ')} />;

  /** Adds the typed addresses; returns what could not be added (shown back in the input). */
  const add = (typed: string) => {
    const parts = typed
      .split(SEPARATORS)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) return '';
    const valid = parts.filter((p) => matchesPattern('email', p));
    const rejected = parts.filter((p) => !matchesPattern('email', p));
    const next = [...values];
    for (const v of valid) if (!next.some((x) => x.toLowerCase() === v.toLowerCase())) next.push(v);
    if (next.length !== values.length) f.onChange(next);
    setProblem(rejected.length > 0 ? t.rules.invalidEmail : null);
    return rejected.join(' ');
  };

  const lines = [...(problem ? [problem] : []), ...messages.filter((m) => m !== problem)];
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={values}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') return;
        if (SEPARATORS.test(next.slice(-1))) setInput(add(next));
        else {
          setInput(next);
          if (problem && next === '') setProblem(null);
        }
      }}
      onChange={(_event, next, reason) => {
        if (reason === 'createOption') {
          const typed = next[next.length - 1] ?? '';
          setInput(add(typed));
          return;
        }
        setProblem(null);
        f.onChange(next);
      }}
      onBlur={() => {
        if (input.trim()) setInput(add(input));
        f.onBlur();
      }}
      renderValue={(chips, getItemProps) =>
        chips.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} {...itemProps} label={email} size="small" color={matchesPattern('email', email) ? 'default' : 'error'} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={f.name}
          inputRef={f.ref}
          label={field.label}
          required={field.required}
          error={invalid || !!problem}
          helperText={lines.length > 0 ? <HelperLines lines={lines} /> : hint}
          inputProps={{ ...params.inputProps, inputMode: 'email', autoComplete: 'off' }}
        />
      )}
    />
  );
}
