import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';

/** Stored while the typed month is incomplete; the validator rejects it. */
const INVALID = 'invalid-month';

/** Month entry as MM/YYYY bound to a 'YYYY-MM' value (loaded with the first month field). */
export function MonthPicker({
  name,
  label,
  required,
  invalid,
  helper,
}: {
  name: string;
  label: string;
  required?: boolean;
  invalid: boolean;
  helper: ReactNode;
}) {
  const { field } = useController({ name });
  const raw = typeof field.value === 'string' && /^\d{4}-\d{2}$/.test(field.value) ? field.value : '';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        views={['year', 'month']}
        openTo="month"
        format="MM/YYYY"
        value={raw ? dayjs(`${raw}-01`) : null}
        inputRef={field.ref}
        onChange={(next) => {
          if (!next) field.onChange('');
          else field.onChange(next.isValid() ? next.format('YYYY-MM') : INVALID);
        }}
        slotProps={{ textField: { name: field.name, required, fullWidth: true, onBlur: field.onBlur, error: invalid, helperText: helper } }}
      />
    </LocalizationProvider>
  );
}
