import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

import { ALL } from '@stoa/shared/account';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationListQuery,
  type ApplicationStatus,
  NOT_YET_SUBMITTED_STATUSES,
} from '@stoa/shared/applications';

import { FilterCard, filterWithStatusFrom } from '../../../../components/filter-form';
import { LazyDateInput, LazyMonthInput } from '../../../../lib/form/lazy-date-field';
import { useDateRangeFilter } from '../../../../lib/use-date-range-filter';
import { useSldcApplicationsMessages } from '../../i18n';

/** The SLDC list's filter (GetAll/{type} supports each of these); empty values are left out of the query. */
export interface SldcFilter {
  status: ApplicationStatus | typeof ALL;
  applicationNo: string;
  entityName: string;
  fromDate: string;
  toDate: string;
  month: string;
}

export const EMPTY_SLDC_FILTER: SldcFilter = { status: ALL, applicationNo: '', entityName: '', fromDate: '', toDate: '', month: '' };

/** Only the filters with a value, trimmed ('All' is no filter). */
export function sldcFilterQuery(filter: SldcFilter): Partial<ApplicationListQuery> {
  const query: Partial<ApplicationListQuery> = {};
  if (filter.status !== ALL) query.status = filter.status;
  for (const key of ['applicationNo', 'entityName', 'fromDate', 'toDate', 'month'] as const) {
    const value = filter[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

/**
 * The statuses an SLDC list can hold, with the specification's filter labels (spec 001 §4). Those
 * pending the applicant never reach the SLDC; the second 'Pending SLDC approval' (waiting for
 * Approver-II) is told apart from the first.
 */
export function sldcStatusOptions(pendingApproverII: string): { value: ApplicationStatus; label: string }[] {
  return APPLICATION_STATUSES.filter((s) => !(NOT_YET_SUBMITTED_STATUSES as readonly string[]).includes(s)).map((s) => ({
    value: s,
    label: s === 'SLDCApproverIApproved' ? pendingApproverII : APPLICATION_STATUS_LABELS[s],
  }));
}

/** The filter a list opened from a link starts with: `?status=` when it names a status the SLDC lists hold (the dashboard's figures). */
export function sldcFilterFromSearch(search: URLSearchParams): SldcFilter {
  return filterWithStatusFrom(
    search,
    sldcStatusOptions('').map((o) => o.value),
    EMPTY_SLDC_FILTER,
  );
}

/** 'Filter Applications': status, application number, seller or buyer name, period and month, with Reset and Submit. */
export function SldcApplicationFilters({ onApply, initial }: { onApply: (filter: SldcFilter) => void; initial?: SldcFilter }) {
  const t = useSldcApplicationsMessages().sldc;
  const {
    values,
    setText: set,
    setDate,
    submit,
    reset,
    fromDateState,
  } = useDateRangeFilter(EMPTY_SLDC_FILTER, onApply, t.fromAfterTo, initial);
  return (
    <FilterCard title={t.filterTitle} onSubmit={submit} onReset={reset}>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField select fullWidth label={t.status} value={values.status} onChange={set('status')}>
          <MenuItem value={ALL}>{t.all}</MenuItem>
          {sldcStatusOptions(t.pendingApproverII).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          fullWidth
          label={t.applicationNo}
          value={values.applicationNo}
          onChange={set('applicationNo')}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          fullWidth
          label={t.entityName}
          value={values.entityName}
          onChange={set('entityName')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LazyDateInput label={t.fromDate} value={values.fromDate} onChange={setDate('fromDate')} {...fromDateState} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LazyDateInput label={t.toDate} value={values.toDate} onChange={setDate('toDate')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LazyMonthInput label={t.month} value={values.month} onChange={setDate('month')} />
      </Grid>
    </FilterCard>
  );
}
