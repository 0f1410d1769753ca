import Grid from '@mui/material/Grid';
import { useForm } from 'react-hook-form';

import { CURTAILMENT_CAUSES } from '@stoa/shared/curtailment';

import { FilterCard } from '../../../components/filter-form';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { type CurtailmentFilter, EMPTY_FILTER } from '../api/curtailment-queries';
import { useCurtailmentMessages } from '../i18n';

/** 'Filter Curtailments': dates, element, cause and (for every role) application number, with Reset and Submit. */
export function CurtailmentFilters({ onApply }: { onApply: (filter: CurtailmentFilter) => void }) {
  const t = useCurtailmentMessages();
  const { control, handleSubmit, reset } = useForm<CurtailmentFilter>({ defaultValues: EMPTY_FILTER });
  const onSubmit = handleSubmit((values) => onApply(values));
  const causes = [{ value: 'All', label: t.web.allCauses }, ...CURTAILMENT_CAUSES.map((c) => ({ value: c, label: t.causeLabels[c] }))];
  return (
    <FilterCard
      title={t.web.filterTitle}
      onSubmit={(event) => void onSubmit(event)}
      onReset={() => {
        reset(EMPTY_FILTER);
        onApply(EMPTY_FILTER);
      }}
    >
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
    </FilterCard>
  );
}
