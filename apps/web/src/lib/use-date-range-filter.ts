import { type FormEvent, useState } from 'react';

import { INVALID_DATE, INVALID_MONTH } from './form/date-input';
import { useMessages } from './i18n';

/** A list filter with a From Date – To Date period (ISO dates, '' when empty). */
export interface DateRangeFilterValues {
  fromDate: string;
  toDate: string;
}

/**
 * The state of a filter card with a date range (the SLDC applications', the revisions'): the values,
 * setters for text fields and date inputs, and Submit / Reset. Submit refuses a date (or month) the
 * input could not read and a From Date after the To Date, showing `problem` under From Date;
 * otherwise it applies the values. Reset clears the fields and applies `empty`.
 */
export function useDateRangeFilter<F extends DateRangeFilterValues>(
  empty: F,
  onApply: (filter: F) => void,
  fromAfterTo: string,
  /** The values shown at first (a list opened from a link with a filter); Reset still clears to `empty`. */
  initial: F = empty,
) {
  const m = useMessages();
  const [values, setValues] = useState<F>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const setText = (key: keyof F) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const setDate = (key: keyof F) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.values(values).some((value) => value === INVALID_DATE || value === INVALID_MONTH)) {
      setProblem(m.validation.dateInvalid);
      return;
    }
    if (values.fromDate && values.toDate && values.fromDate > values.toDate) {
      setProblem(fromAfterTo);
      return;
    }
    setProblem(null);
    onApply(values);
  };
  const reset = () => {
    setValues(empty);
    setProblem(null);
    onApply(empty);
  };
  /** Props of the From Date input: marked when the range or the date is wrong, with the message. */
  const fromDateState = { error: problem !== null || values.fromDate === INVALID_DATE, helperText: problem ?? undefined };
  return { values, problem, setText, setDate, submit, reset, fromDateState };
}
