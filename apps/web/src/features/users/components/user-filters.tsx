import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import type { UserFilter } from '../api/user-queries';
import { useUsersMessages } from '../i18n';

export const EMPTY_FILTER: UserFilter = { firstName: '', lastName: '', userName: '', email: '' };

/** 'Filter Users': First Name, Last Name, User Name and Email with Reset and Submit (spec 000 §2). */
export function UserFilters({ onApply }: { onApply: (filter: UserFilter) => void }) {
  const m = useMessages();
  const t = useUsersMessages();
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<UserFilter>({ defaultValues: EMPTY_FILTER });
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
          {t.filterTitle}
        </Typography>
        <Box component="form" role="search" aria-labelledby={titleId} noValidate onSubmit={(event) => void onSubmit(event)} onReset={(event) => { event.preventDefault(); onReset(); }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField control={control} name="firstName" label={t.firstName} htmlInput={{ maxLength: 100 }} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField control={control} name="lastName" label={t.lastName} htmlInput={{ maxLength: 100 }} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField control={control} name="userName" label={t.userName} noSpaces htmlInput={{ maxLength: 100 }} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField control={control} name="email" label={t.email} htmlInput={{ maxLength: 254 }} />
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
