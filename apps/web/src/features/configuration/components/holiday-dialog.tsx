import Grid from '@mui/material/Grid';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { holidayInputSchema, type holidaySchema } from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveHoliday } from '../api/use-configuration-mutations';
import { todayIst } from '../format';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export type Holiday = z.infer<typeof holidaySchema>;

type HolidayFormValues = z.input<typeof holidayInputSchema>;

const FIELDS = ['date', 'description'] as const;

/** Add a holiday (today or later) or change a future one. `onSaved` gets the saved holiday. */
export function HolidayDialog({
  holiday,
  onSaved,
  onClose,
}: {
  holiday?: Holiday;
  onSaved?: (holiday: Holiday) => void;
  onClose: () => void;
}) {
  const m = useMessages();
  const t = useConfigMessages();
  const h = t.holidays;
  const save = useSaveHoliday();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => todayIst(), []);
  const { control, handleSubmit, setError } = useForm<HolidayFormValues>({
    defaultValues: { date: holiday?.date ?? '', description: holiday?.description ?? '' },
    resolver: requiredFirst(
      payloadResolver(holidayInputSchema, (values: HolidayFormValues) => values, {
        extra: (values) => ({ date: values.date && values.date < today ? t.notInPast : undefined }),
      }),
      { date: m.common.required(h.date) },
    ),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync({ id: holiday?.id, body: toValidPayload(holidayInputSchema, values) });
      notify.success(holiday ? h.updated : h.added);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = save.isPending;
  return (
    <FormDialog
      title={holiday ? h.editTitle : h.add}
      busy={busy}
      banner={banner}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField control={control} name="date" label={h.date} required minDate={today} disabled={busy} helperText={h.dateHint} />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="description" label={h.description} required disabled={busy} htmlInput={{ maxLength: 200 }} />
      </Grid>
    </FormDialog>
  );
}
