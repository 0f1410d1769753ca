import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';

import type { RhfDateField as RhfDateFieldComponent, RhfDateFieldProps } from './rhf-date-field';
import { TextInput } from './text-input';

const RhfDateField = lazy(() => import('./rhf-date-field').then((module) => ({ default: module.RhfDateField }))) as unknown as typeof RhfDateFieldComponent;

/**
 * RhfDateField loaded on first render: the date pickers and their date library (~60 kB) come
 * with the dialog that needs them, not with the page.
 */
export function LazyDateField<T extends FieldValues>(props: RhfDateFieldProps<T>) {
  return (
    <Suspense fallback={<TextInput label={props.label} value="" readOnly helperText={(props.feedback ? props.feedback.helper : props.helperText) || (props.reserveHelperLine ? ' ' : undefined)} />}>
      <RhfDateField {...props} />
    </Suspense>
  );
}
