import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useController } from 'react-hook-form';

import {
  type CheckboxField,
  type ComboField,
  type ComboOthersField,
  type MultiComboField,
  type Option,
  optionsWithOther,
  OTHER_VALUE,
  type RadioField,
} from '@stoa/shared/forms';

import { TextInput } from '../../../lib/form/text-input';
import { useFormsMessages } from '../i18n';
import { ReadOnlyText, useFieldMessages } from './field-parts';
import { useFormEngine } from './form-context';

const labelOf = (options: readonly Option[], value: unknown) =>
  options.find((o) => o.value === value)?.label ?? (typeof value === 'string' ? value : '');

interface Props<F> {
  field: F;
  name: string;
  readOnly: boolean;
}

/** A declaration or flag; a required checkbox must be ticked. Read-only: shown disabled. */
export function FormCheckbox({ field, name, readOnly }: Props<CheckboxField>) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const id = useId();
  const helperId = helper ? `${id}-helper` : undefined;
  return (
    <FormControl error={invalid} required={field.required} component="div">
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mx: 0, '& .MuiCheckbox-root': { mt: -0.75, ml: -1 } }}
        control={
          <Checkbox
            name={f.name}
            checked={f.value === true}
            onChange={(event) => f.onChange(event.target.checked)}
            onBlur={f.onBlur}
            inputRef={f.ref}
            disabled={readOnly}
            slotProps={{ input: { 'aria-invalid': invalid, 'aria-describedby': helperId, 'aria-required': field.required } as object }}
          />
        }
        label={field.label}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

/** A select over fixed or page-supplied options (DISCOMs, TRANSCOs, traders). */
export function FormCombo({ field, name, readOnly }: Props<ComboField>) {
  const engine = useFormEngine();
  const options = field.options ?? (field.optionSource ? (engine.optionSources[field.optionSource] ?? []) : []);
  return (
    <SelectInput name={name} label={field.label} options={options} required={field.required} readOnly={readOnly} hint={field.helperText} />
  );
}

function SelectInput({
  name,
  label,
  options,
  required,
  readOnly,
  hint,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  required?: boolean;
  readOnly: boolean;
  hint?: string;
}) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, hint);
  if (readOnly) return <ReadOnlyText label={label} value={labelOf(options, f.value)} helperText={helper} />;
  const value = typeof f.value === 'string' && options.some((o) => o.value === f.value) ? f.value : '';
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={f.name}
      value={value}
      onChange={(event) => f.onChange(event.target.value)}
      onBlur={f.onBlur}
      inputRef={f.ref}
      required={required}
      error={invalid}
      helperText={helper}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several choices as chips (value: the chosen values). */
export function FormMultiCombo({ field, name, readOnly }: Props<MultiComboField>) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const values = Array.isArray(f.value) ? (f.value as unknown[]) : [];
  if (readOnly)
    return <ReadOnlyText label={field.label} value={values.map((v) => labelOf(field.options, v)).join(', ')} helperText={helper} />;
  const chosen = field.options.filter((o) => values.includes(o.value));
  return (
    <Autocomplete
      multiple
      options={field.options as Option[]}
      value={chosen}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, next) => f.onChange(next.map((o) => o.value))}
      onBlur={f.onBlur}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          name={f.name}
          inputRef={f.ref}
          label={field.label}
          required={field.required}
          error={invalid}
          helperText={helper}
        />
      )}
    />
  );
}

/** A select with an 'Others' entry: picking it asks for the value in `${name}Other`. */
export function FormComboOthers({ field, name, readOnly }: Props<ComboOthersField>) {
  const t = useFormsMessages();
  const otherName = `${name}Other`;
  const { field: f } = useController({ name });
  const options = optionsWithOther(field.options);
  return (
    <Stack spacing={2}>
      <SelectInput
        name={name}
        label={field.label}
        options={options}
        required={field.required}
        readOnly={readOnly}
        hint={field.helperText}
      />
      {f.value === OTHER_VALUE && <OtherInput name={otherName} label={t.otherValue} required={field.required} readOnly={readOnly} />}
    </Stack>
  );
}

function OtherInput({ name, label, required, readOnly }: { name: string; label: string; required?: boolean; readOnly: boolean }) {
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name);
  return (
    <TextInput
      name={f.name}
      label={label}
      value={typeof f.value === 'string' ? f.value : ''}
      onChange={f.onChange}
      onBlur={f.onBlur}
      inputRef={f.ref}
      required={required}
      readOnly={readOnly}
      error={invalid}
      helperText={helper}
    />
  );
}

/** Radio buttons: Yes/No for booleans (`yesNo`), else the field's options. */
export function FormRadio({ field, name, readOnly }: Props<RadioField>) {
  const t = useFormsMessages();
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, field.helperText);
  const id = useId();
  const options: readonly Option[] = field.yesNo
    ? [
        { value: 'true', label: t.yes },
        { value: 'false', label: t.no },
      ]
    : (field.options ?? []);
  const value = field.yesNo ? (typeof f.value === 'boolean' ? String(f.value) : '') : typeof f.value === 'string' ? f.value : '';
  if (readOnly) return <ReadOnlyText label={field.label} value={labelOf(options, value)} helperText={helper} />;
  const helperId = helper ? `${id}-helper` : undefined;
  return (
    <FormControl error={invalid} required={field.required} component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={`${id}-label`}>
        {field.label}
      </FormLabel>
      <RadioGroup
        row
        name={f.name}
        value={value}
        aria-labelledby={`${id}-label`}
        aria-describedby={helperId}
        onChange={(event) => f.onChange(field.yesNo ? event.target.value === 'true' : event.target.value)}
        onBlur={f.onBlur}
      >
        {options.map((option, i) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={<Radio inputRef={i === 0 ? f.ref : undefined} slotProps={{ input: { 'aria-invalid': invalid } as object }} />}
          />
        ))}
      </RadioGroup>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
