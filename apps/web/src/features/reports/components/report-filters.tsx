import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import type { ReportDefinition } from '@stoa/shared/reports';

import { FilterCard } from '../../../components/filter-form';
import type { ReportFilterValues } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

/** The empty filter of a report: every filter unset, the report's default sort. */
export const emptyFilterOf = (def: ReportDefinition): ReportFilterValues => ({
  ...Object.fromEntries(def.filters.map((f) => [f.key, ''])),
  sort: `${def.defaultSort.column}:${def.defaultSort.direction}`,
});

/**
 * The filter card of a report: its filters (dates and months as date inputs, selects with 'Any', text
 * contains) and the sort (a column and a direction; the server sorts), applied on Submit.
 */
export function ReportFilters({ def, onApply }: { def: ReportDefinition; onApply: (values: ReportFilterValues) => void }) {
  const t = useReportsMessages();
  const empty = emptyFilterOf(def);
  const [values, setValues] = useState<ReportFilterValues>(empty);
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const sortOptions = def.columns.flatMap((c) => [
    { value: `${c.key}:asc`, label: `${c.label} (${t.ascending})` },
    { value: `${c.key}:desc`, label: `${c.label} (${t.descending})` },
  ]);
  const size = { xs: 12, sm: 6, md: 3 };
  return (
    <FilterCard
      title={t.filterTitle}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(values);
      }}
      onReset={() => {
        setValues(empty);
        onApply(empty);
      }}
    >
      {def.filters.map((f) => {
        const id = `report-filter-${f.key}`;
        const common = { id, label: f.label, fullWidth: true, size: 'small' as const, value: values[f.key] ?? '' };
        return (
          <Grid key={f.key} size={size}>
            {f.kind === 'select' ? (
              <TextField {...common} select onChange={(e) => set(f.key, e.target.value)}>
                <MenuItem value="">{t.any}</MenuItem>
                {(f.options ?? []).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                {...common}
                type={f.kind === 'text' ? 'text' : f.kind === 'month' ? 'month' : 'date'}
                slotProps={{
                  inputLabel: { shrink: f.kind === 'text' ? undefined : true },
                  htmlInput: { maxLength: f.kind === 'text' ? 100 : undefined },
                }}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </Grid>
        );
      })}
      <Grid size={size}>
        <TextField
          id="report-sort"
          label={t.sortBy}
          select
          fullWidth
          size="small"
          value={values.sort ?? ''}
          onChange={(e) => set('sort', e.target.value)}
        >
          {sortOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </FilterCard>
  );
}
