import Grid from '@mui/material/Grid';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { CHARGE_HEAD_INFO, CHARGE_HEAD_VALUES, type ChargeHead } from '@stoa/shared/configuration';
import { istDate } from '@stoa/shared/common';
import { type TdsConfig, tdsConfigInputSchema, TDS_SECTIONS, type TdsSection } from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveTdsConfig } from '../api/use-tds-mutations';
import { usePaymentsMessages } from '../i18n';

/** The selects start empty (''); the rest is the contract's input. */
type Values = Omit<z.input<typeof tdsConfigInputSchema>, 'head' | 'section'> & { head: ChargeHead | ''; section: TdsSection | '' };

const FIELDS = ['head', 'section', 'effectiveFrom', 'remarks'] as const;
const toPayload = (v: Values) => ({
  head: v.head || undefined,
  section: v.section || undefined,
  effectiveFrom: v.effectiveFrom,
  remarks: v.remarks || null,
});

/** Declare TDS on a charge head from a date (today or later), or change a declaration not yet in force. */
export function TdsConfigDialog({ config, onClose }: { config?: TdsConfig; onClose: () => void }) {
  const m = useMessages();
  const p = usePaymentsMessages();
  const t = p.tds;
  const f = t.fields;
  const save = useSaveTdsConfig();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => istDate(new Date()), []);
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: {
      head: config?.head ?? '',
      section: config?.section ?? '',
      effectiveFrom: config?.effectiveFrom ?? '',
      remarks: config?.remarks ?? '',
    },
    resolver: requiredFirst(
      payloadResolver(tdsConfigInputSchema, toPayload, {
        extra: (v) => ({
          effectiveFrom: v.effectiveFrom && v.effectiveFrom < today ? p.notInPast : undefined,
        }),
      }),
      { head: m.common.required(f.head), section: m.common.required(f.section), effectiveFrom: m.common.required(f.effectiveFrom) },
    ),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: config?.id, body: toValidPayload(tdsConfigInputSchema, toPayload(values)) });
      notify.success(t.saved);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = save.isPending;
  return (
    <FormDialog
      title={config ? t.edit : t.add}
      busy={busy}
      banner={banner}
      submitLabel={p.save}
      busyLabel={p.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <RhfSelectField
          control={control}
          name="head"
          label={f.head}
          required
          // The head of a declaration cannot change: a new declaration is added instead.
          readOnly={!!config}
          disabled={busy}
          options={CHARGE_HEAD_VALUES.map((h) => ({ value: h, label: CHARGE_HEAD_INFO[h].label }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField
          control={control}
          name="section"
          label={f.section}
          required
          disabled={busy}
          options={TDS_SECTIONS.map((s) => ({ value: s, label: t.sections[s] }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField control={control} name="effectiveFrom" label={f.effectiveFrom} required minDate={today} disabled={busy} />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="remarks" label={f.remarks} disabled={busy} htmlInput={{ maxLength: 500 }} />
      </Grid>
    </FormDialog>
  );
}
