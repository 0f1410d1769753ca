import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { useController, useFormContext } from 'react-hook-form';

import { type DateField, displayDate, isIsoDate, type MonthField, type TimeField } from '@stoa/shared/forms';
import { istDate } from '@stoa/shared/common';

import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { TextInput } from '../../../lib/form/text-input';
import { ReadOnlyText, useFieldMessages } from './field-parts';

const MonthPicker = lazy(() => import('./month-picker').then((module) => ({ default: module.MonthPicker })));

interface Props<F> {
  field: F;
  name: string;
  readOnly: boolean;
}

/**
 * DD/MM/YYYY entry (the shared date field, pickers loaded on first use), value YYYY-MM-DD. Its
 * helper line is kept even when empty, so an error coming or going does not move what is below.
 */
export function FormDate({ field, name, readOnly }: Props<DateField>) {
  const { control } = useFormContext();
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  if (readOnly) return <ReadOnlyText label={field.label} value={isIsoDate(f.value) ? displayDate(f.value) : ''} helperText={helper} />;
  const today = istDate(new Date());
  const min = field.min === 'today' ? today : field.min;
  return (
    <LazyDateField
      control={control}
      name={name}
      label={field.label}
      required={field.required}
      minDate={min}
      disableFuture={field.max === 'today'}
      helperText={field.helperText}
      feedback={{ invalid, helper }}
      reserveHelperLine
    />
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Month and year, value YYYY-MM. */
export function FormMonth({ field, name, readOnly }: Props<MonthField>) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  if (readOnly) {
    const match = typeof f.value === 'string' ? /^(\d{4})-(\d{2})$/.exec(f.value) : null;
    return (
      <ReadOnlyText
        label={field.label}
        value={match ? `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}` : ''}
        helperText={helper}
      />
    );
  }
  return (
    <Suspense fallback={<TextInput label={field.label} value="" readOnly />}>
      <MonthPicker name={name} label={field.label} required={field.required} invalid={invalid} helper={helper} />
    </Suspense>
  );
}

/** A time of day, value HH:mm (the browser's time input, keyboard operable). */
export function FormTime({ field, name, readOnly }: Props<TimeField>) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const value = typeof f.value === 'string' ? f.value : '';
  if (readOnly) return <ReadOnlyText label={field.label} value={value} helperText={helper} />;
  return (
    <TextField
      fullWidth
      name={f.name}
      label={field.label}
      type="time"
      value={value}
      onChange={(event) => f.onChange(event.target.value)}
      onBlur={f.onBlur}
      inputRef={f.ref}
      required={field.required}
      error={invalid}
      helperText={helper}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}
