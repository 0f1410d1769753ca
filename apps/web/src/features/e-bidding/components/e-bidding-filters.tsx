import Grid from '@mui/material/Grid';
import { FormProvider, useForm } from 'react-hook-form';

import { EBIDDING_FILTER_STATUSES, EBIDDING_STATUS_LABELS, INVITATION_DEADLINE_FILTERS } from '@stoa/shared/e-bidding';

import { FilterCard } from '../../../components/filter-form';
import { MonthPicker } from '../../forms';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { type EBiddingFilter, EMPTY_FILTER } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';

/**
 * The filters of spec 000 §2: month of invitation, last date of submission, invitation number, status
 * (Submitted or Completed); and the deadline window a dashboard figure opens the list on (decision 0084).
 */
export function EBiddingFilters({ onApply, initial }: { onApply: (filter: EBiddingFilter) => void; initial?: EBiddingFilter }) {
  const w = useEBiddingMessages().web;
  const form = useForm<EBiddingFilter>({ defaultValues: initial ?? EMPTY_FILTER });
  const { control, handleSubmit, reset } = form;
  const onSubmit = handleSubmit((values) =>
    onApply({ ...values, monthOfInvitation: /^\d{4}-\d{2}$/.test(values.monthOfInvitation) ? values.monthOfInvitation : '' }),
  );
  const statuses = [
    { value: 'All', label: w.allStatuses },
    ...EBIDDING_FILTER_STATUSES.map((s) => ({ value: s, label: EBIDDING_STATUS_LABELS[s] })),
  ];
  const windows = (['All', ...INVITATION_DEADLINE_FILTERS] as const).map((d) => ({ value: d, label: w.deadlineWindows[d] }));
  return (
    <FormProvider {...form}>
      <FilterCard
        title={w.filterTitle}
        onSubmit={(event) => void onSubmit(event)}
        onReset={() => {
          reset(EMPTY_FILTER);
          onApply(EMPTY_FILTER);
        }}
      >
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <MonthPicker name="monthOfInvitation" label={w.monthOfInvitation} invalid={false} helper={undefined} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <LazyDateField control={control} name="lastDateOfSubmission" label={w.lastDateOfSubmission} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <RhfTextField control={control} name="invitationNo" label={w.invitationNo} htmlInput={{ maxLength: 50 }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <RhfSelectField control={control} name="status" label={w.status} options={statuses} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <RhfSelectField control={control} name="deadline" label={w.deadlineWindow} options={windows} />
        </Grid>
      </FilterCard>
    </FormProvider>
  );
}
