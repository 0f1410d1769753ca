import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { ALL, type EntityType, REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '@stoa/shared';

import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { EMPTY_FILTER, type RegistrationFilter } from '../api/registration-queries';
import { useRegistrationsMessages } from '../i18n';

/**
 * The reviewers' filter: status (the spec's labels, plus All), entity type, entity name and
 * registration number, with Reset and Submit.
 */
export function RegistrationFilters({ entityTypes, onApply }: { entityTypes: readonly EntityType[]; onApply: (filter: RegistrationFilter) => void }) {
  const m = useMessages();
  const t = useRegistrationsMessages();
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<RegistrationFilter>({ defaultValues: EMPTY_FILTER });
  const statusOptions = useMemo(
    () => [{ value: ALL, label: t.list.all }, ...REGISTRATION_STATUSES.map((s) => ({ value: s, label: REGISTRATION_STATUS_LABELS[s] }))],
    [t],
  );
  const typeOptions = useMemo(() => [{ value: ALL, label: t.list.all }, ...entityTypes.map((e) => ({ value: e, label: t.entityTypeLabels[e] }))], [t, entityTypes]);
  const onSubmit = handleSubmit((values) => onApply(values));
  const onReset = () => {
    reset(EMPTY_FILTER);
    onApply(EMPTY_FILTER);
  };
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
            onReset();
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <RhfSelectField control={control} name="status" label={t.list.statusFilter} options={statusOptions} />
            </Grid>
            {entityTypes.length > 1 && (
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <RhfSelectField control={control} name="entityType" label={t.list.entityType} options={typeOptions} />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <RhfTextField control={control} name="entityName" label={t.list.entityName} htmlInput={{ maxLength: 200 }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
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
