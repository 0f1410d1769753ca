import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';

import { EBIDDING_FILTER_STATUSES, EBIDDING_STATUS_LABELS } from '@stoa/shared';

import { MonthPicker } from '../../forms/components/month-picker';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { type EBiddingFilter, EMPTY_FILTER } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';

/** The filters of spec 000 §2: month of invitation, last date of submission, invitation number, status (Submitted or Completed). */
export function EBiddingFilters({ onApply }: { onApply: (filter: EBiddingFilter) => void }) {
  const m = useMessages();
  const w = useEBiddingMessages().web;
  const titleId = useId();
  const form = useForm<EBiddingFilter>({ defaultValues: EMPTY_FILTER });
  const { control, handleSubmit, reset } = form;
  const onSubmit = handleSubmit((values) => onApply({ ...values, monthOfInvitation: /^\d{4}-\d{2}$/.test(values.monthOfInvitation) ? values.monthOfInvitation : '' }));
  const statuses = [{ value: 'All', label: w.allStatuses }, ...EBIDDING_FILTER_STATUSES.map((s) => ({ value: s, label: EBIDDING_STATUS_LABELS[s] }))];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <FilterAltOutlined fontSize="small" color="primary" aria-hidden="true" />
          {w.filterTitle}
        </Typography>
        <FormProvider {...form}>
          <Box
            component="form"
            role="search"
            aria-labelledby={titleId}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            onReset={(event) => {
              event.preventDefault();
              reset(EMPTY_FILTER);
              onApply(EMPTY_FILTER);
            }}
          >
            <Grid container spacing={2}>
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
        </FormProvider>
      </CardContent>
    </Card>
  );
}
