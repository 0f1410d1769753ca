import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { addDays } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import { type ReportDefinition, reportFiltersSchema } from '@stoa/shared/reports';

import { FilterCard } from '../../../components/filter-form';
import type { ReportFilterValues } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

/**
 * The first filter of a report: every filter unset but those with a default (a date `defaultDays` after
 * today, IST: the margin reports' required range), the report's default sort.
 */
export const initialFilterOf = (def: ReportDefinition, now = new Date()): ReportFilterValues => ({
  ...Object.fromEntries(def.filters.map((f) => [f.key, f.defaultDays === undefined ? '' : addDays(istDate(now), f.defaultDays)])),
  sort: `${def.defaultSort.column}:${def.defaultSort.direction}`,
});

/** The filter's problems by key, checked as the server checks them (required filters, the date span). */
function problemsOf(def: ReportDefinition, values: ReportFilterValues): Record<string, string> {
  const parsed = reportFiltersSchema(def).safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The filter card of a report: its filters (dates and months as date inputs, selects with 'Any', text
 * contains; required ones marked and checked before they are applied) and the sort (a column and a
 * direction; the server sorts), applied on Submit.
 */
export function ReportFilters({
  def,
  initial,
  sort,
  onApply,
}: {
  def: ReportDefinition;
  /** The values shown first and on Reset (initialFilterOf). */
  initial: ReportFilterValues;
  /** The sort applied: a click on a grid header changes it, and Sort by shows it (decision 0079). */
  sort: string;
  onApply: (values: ReportFilterValues) => void;
}) {
  const t = useReportsMessages();
  const [values, setValues] = useState<ReportFilterValues>(initial);
  const [shownSort, setShownSort] = useState(sort);
  if (sort !== shownSort) {
    setShownSort(sort);
    setValues((v) => ({ ...v, sort }));
  }
  const [problems, setProblems] = useState<Record<string, string>>({});
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
        const found = problemsOf(def, values);
        setProblems(found);
        if (Object.keys(found).length === 0) onApply(values);
      }}
      onReset={() => {
        setValues(initial);
        setProblems({});
        onApply(initial);
      }}
    >
      {def.filters.map((f) => {
        const id = `report-filter-${f.key}`;
        const problem = problems[f.key];
        const common = {
          id,
          label: f.label,
          fullWidth: true,
          size: 'small' as const,
          value: values[f.key] ?? '',
          required: f.required,
          error: !!problem,
          helperText: problem,
        };
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
