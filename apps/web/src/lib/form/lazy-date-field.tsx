import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';

import type { DateInputProps } from './date-input';
import type { RhfDateField as RhfDateFieldComponent, RhfDateFieldProps } from './rhf-date-field';
import { TextInput } from './text-input';

const DateInput = lazy(() => import('./date-input').then((module) => ({ default: module.DateInput })));
const MonthInput = lazy(() => import('./date-input').then((module) => ({ default: module.MonthInput })));
const RhfDateField = lazy(() =>
  import('./rhf-date-field').then((module) => ({ default: module.RhfDateField })),
) as unknown as typeof RhfDateFieldComponent;

/**
 * RhfDateField loaded on first render: the date pickers and their date library (~60 kB) come
 * with the dialog that needs them, not with the page.
 */
export function LazyDateField<T extends FieldValues>(props: RhfDateFieldProps<T>) {
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          value=""
          readOnly
          helperText={(props.feedback ? props.feedback.helper : props.helperText) || (props.reserveHelperLine ? ' ' : undefined)}
        />
      }
    >
      <RhfDateField {...props} />
    </Suspense>
  );
}

/** The shared DateInput (DD/MM/YYYY) loaded on first render, for filters and forms outside react-hook-form. */
export function LazyDateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<TextInput label={props.label} value="" readOnly helperText={props.helperText} />}>
      <DateInput {...props} />
    </Suspense>
  );
}

/** The shared MonthInput (MM/YYYY) loaded on first render. */
export function LazyMonthInput(props: Pick<DateInputProps, 'label' | 'value' | 'onChange' | 'disabled' | 'fullWidth'>) {
  return (
    <Suspense fallback={<TextInput label={props.label} value="" readOnly />}>
      <MonthInput {...props} />
    </Suspense>
  );
}
