import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';

import { useMessages } from '../lib/i18n';
import { RhfSelectField } from '../lib/form/rhf-select-field';
import { RhfTextField } from '../lib/form/rhf-text-field';

/** One field of a filter: a text input, or a select when it has options. */
export interface FilterField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** Makes the field a select of these options. */
  options?: readonly { value: string; label: string }[];
  /** Text fields: the longest text accepted. */
  maxLength?: number;
  /** Text fields: no whitespace (user names). */
  noSpaces?: boolean;
  /** This field's grid size, where it differs from the form's `fieldSize`. */
  size?: { xs?: number; sm?: number; md?: number };
}

export interface FilterFormProps<T extends FieldValues> {
  title: string;
  fields: readonly FilterField<T>[];
  /** The values of a cleared filter (the form starts with them; Reset returns to them). */
  empty: T;
  /** The grid size of each field. */
  fieldSize: { xs?: number; sm?: number; md?: number };
  /** Called with the values on Submit, and with `empty` on Reset. */
  onApply: (filter: T) => void;
  /** The values shown at first when they are not `empty` (a list opened from a link with a filter). */
  initial?: T;
}

/**
 * The filter a list opened from a link starts with: `empty` with its status set from `?status=` when
 * that is one of `statuses` (the dashboard's figures link to their lists this way).
 */
export function filterWithStatusFrom<F extends { status: string }>(search: URLSearchParams, statuses: readonly string[], empty: F): F {
  const status = search.get('status');
  return status !== null && statuses.includes(status) ? { ...empty, status } : empty;
}

/**
 * The filter card above a list ('Filter Users', 'Filter Applicants', …): a titled search form with
 * its fields in a grid, then Reset (clears the fields and applies the empty filter) and Submit.
 */
export function FilterForm<T extends FieldValues>({ title, fields, empty, fieldSize, onApply, initial }: FilterFormProps<T>) {
  const { control, handleSubmit, reset } = useForm<T>({ defaultValues: (initial ?? empty) as DefaultValues<T> });
  const onSubmit = handleSubmit((values) => onApply(values));
  const onReset = () => {
    reset(empty);
    onApply(empty);
  };
  return (
    <FilterCard title={title} onSubmit={(event) => void onSubmit(event)} onReset={onReset}>
      {fields.map((field) => (
        <Grid key={field.name} size={field.size ?? fieldSize}>
          {field.options ? (
            <RhfSelectField control={control} name={field.name} label={field.label} options={field.options} />
          ) : (
            <RhfTextField
              control={control}
              name={field.name}
              label={field.label}
              noSpaces={field.noSpaces}
              htmlInput={{ maxLength: field.maxLength }}
            />
          )}
        </Grid>
      ))}
    </FilterCard>
  );
}

export interface FilterCardProps {
  title: string;
  /** The form's submit handler (it prevents the default itself, e.g. through react-hook-form's handleSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Called on Reset (the browser's own reset is prevented): clear the fields and apply the empty filter. */
  onReset: () => void;
  /** The fields, as `Grid` items of the card's grid. */
  children: ReactNode;
}

/**
 * The shell of every filter card: a titled card holding a search form (labelled by the title) with
 * the fields in a grid, then Reset and Submit. FilterForm and the lists' custom filters use it.
 */
export function FilterCard({ title, onSubmit, onReset, children }: FilterCardProps) {
  const m = useMessages();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <FilterAltOutlined fontSize="small" color="primary" aria-hidden="true" />
          {title}
        </Typography>
        <Box
          component="form"
          role="search"
          aria-labelledby={titleId}
          noValidate
          onSubmit={onSubmit}
          onReset={(event) => {
            event.preventDefault();
            onReset();
          }}
        >
          <Grid container spacing={2}>
            {children}
          </Grid>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 2 }}>
            <Button type="reset" variant="outlined">
              {m.common.reset}
            </Button>
            <Button type="submit" variant="contained">
              {m.common.submit}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
