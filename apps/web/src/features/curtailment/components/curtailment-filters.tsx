import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { CURTAILMENT_CAUSES } from '@stoa/shared';

import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { type CurtailmentFilter, EMPTY_FILTER } from '../api/curtailment-queries';
import { useCurtailmentMessages } from '../i18n';

/** 'Filter Curtailments': dates, element, cause and (for every role) application number, with Reset and Submit. */
export function CurtailmentFilters({ onApply }: { onApply: (filter: CurtailmentFilter) => void }) {
  const m = useMessages();
  const t = useCurtailmentMessages();
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<CurtailmentFilter>({ defaultValues: EMPTY_FILTER });
  const onSubmit = handleSubmit((values) => onApply(values));
  const causes = [{ value: 'All', label: t.web.allCauses }, ...CURTAILMENT_CAUSES.map((c) => ({ value: c, label: t.causeLabels[c] }))];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <FilterAltOutlined fontSize="small" color="primary" aria-hidden="true" />
          {t.web.filterTitle}
        </Typography>
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
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <LazyDateField control={control} name="fromDate" label={t.fields.fromDate} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <LazyDateField control={control} name="toDate" label={t.fields.toDate} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <RhfTextField control={control} name="element" label={t.fields.element} htmlInput={{ maxLength: 200 }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <RhfSelectField control={control} name="cause" label={t.fields.cause} options={causes} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <RhfTextField control={control} name="applicationNo" label={t.web.applicationNo} htmlInput={{ maxLength: 60 }} />
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
      </CardContent>
    </Card>
  );
}
