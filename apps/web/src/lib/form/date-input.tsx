import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode, Ref } from 'react';

import { ENTRY_DATE, WIRE_DATE } from '../dates';

/** The value of a date input while the typed date is incomplete or impossible (a schema or filter rejects it). */
export const INVALID_DATE = 'invalid-date';

export interface DateInputProps {
  label: string;
  /** 'YYYY-MM-DD', '' when empty, or INVALID_DATE. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disableFuture?: boolean;
  /** The earliest date that can be picked, 'YYYY-MM-DD'. */
  minDate?: string;
  /** The latest date that can be picked, 'YYYY-MM-DD'. */
  maxDate?: string;
  readOnly?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The one date input of the portal (spec 000 §9): typed or picked as DD/MM/YYYY, whatever the
 * browser's locale, bound to a wire-format value 'YYYY-MM-DD' ('' when empty, INVALID_DATE while
 * the typed date is incomplete). Forms (RhfDateField) and filters use it alike.
 */
export function DateInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  required,
  disableFuture,
  minDate,
  maxDate,
  readOnly,
  disabled,
  error,
  helperText,
  fullWidth = true,
  sx,
}: DateInputProps) {
  const picked: Dayjs | null = value && value !== INVALID_DATE ? dayjs(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        format={ENTRY_DATE}
        value={picked}
        readOnly={readOnly}
        disabled={disabled}
        disableFuture={disableFuture}
        minDate={minDate ? dayjs(minDate) : undefined}
        maxDate={maxDate ? dayjs(maxDate) : undefined}
        inputRef={inputRef}
        onChange={(next) => {
          if (!next) onChange('');
          else onChange(next.isValid() ? next.format(WIRE_DATE) : INVALID_DATE);
        }}
        sx={sx}
        slotProps={{
          textField: {
            name,
            required,
            fullWidth,
            onBlur,
            // Left to the picker (an impossible date shows as an error) unless the caller says.
            ...(error !== undefined ? { error } : {}),
            helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** The value of a month input while the typed month is incomplete. */
export const INVALID_MONTH = 'invalid-month';

/** A month typed or picked as MM/YYYY, bound to 'YYYY-MM' ('' when empty, INVALID_MONTH while incomplete). */
export function MonthInput({
  label,
  value,
  onChange,
  disabled,
  fullWidth = true,
}: Pick<DateInputProps, 'label' | 'value' | 'onChange' | 'disabled' | 'fullWidth'>) {
  const picked: Dayjs | null = value && value !== INVALID_MONTH ? dayjs(`${value}-01`) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        views={['month', 'year']}
        openTo="month"
        format="MM/YYYY"
        value={picked}
        disabled={disabled}
        onChange={(next) => {
          if (!next) onChange('');
          else onChange(next.isValid() ? next.format('YYYY-MM') : INVALID_MONTH);
        }}
        slotProps={{ textField: { fullWidth } }}
      />
    </LocalizationProvider>
  );
}
