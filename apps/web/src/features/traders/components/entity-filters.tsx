import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import type { ApplicantFilter } from '../api/trader-queries';
import { useTradersMessages } from '../i18n';

export const EMPTY_FILTER: ApplicantFilter = { entityName: '', entityType: '', registrationNo: '' };

/** Applicant types a trader can be associated with (traders do not choose traders). */
const APPLICANT_TYPES = ['InjectingEntity', 'DraweeEntity', 'BothEntity'] as const;

/** 'Filter Applicants': Entity Name, Entity Type and Registration No. with Reset and Submit. */
export function EntityFilters({ onApply }: { onApply: (filter: ApplicantFilter) => void }) {
  const m = useMessages();
  const t = useTradersMessages();
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<ApplicantFilter>({ defaultValues: EMPTY_FILTER });
  const onSubmit = handleSubmit((values) => onApply(values));
  const onReset = () => {
    reset(EMPTY_FILTER);
    onApply(EMPTY_FILTER);
  };
  const typeOptions = [{ value: '', label: t.allEntityTypes }, ...APPLICANT_TYPES.map((value) => ({ value, label: t.entityTypeLabels[value] }))];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <FilterAltOutlined fontSize="small" color="primary" aria-hidden="true" />
          {t.filterTitle}
        </Typography>
        <Box
          component="form"
          role="search"
          aria-labelledby={titleId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          onReset={(event) => {
            event.preventDefault();
            onReset();
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfTextField control={control} name="entityName" label={t.list.entityName} htmlInput={{ maxLength: 200 }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfSelectField control={control} name="entityType" label={t.list.entityType} options={typeOptions} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfTextField control={control} name="registrationNo" label={t.list.registrationNo} htmlInput={{ maxLength: 50 }} />
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
