import Grid from '@mui/material/Grid';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { CURTAILMENT_ORDER_LABELS, CURTAILMENT_ORDERS } from '@stoa/shared/curtailment';
import { SETTING_KEYS, type SettingKey, settingInputSchema } from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAddSetting } from '../api/use-configuration-mutations';
import { todayIst } from '../format';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

/** The select starts empty (''); the rest is the contract's input. */
type SettingFormValues = Omit<z.input<typeof settingInputSchema>, 'key'> & { key: SettingKey | '' };

const FIELDS = ['key', 'value', 'effectiveFrom'] as const;
const toPayload = (values: SettingFormValues) => ({
  key: values.key || undefined,
  value: values.value,
  effectiveFrom: values.effectiveFrom,
});

/** A setting's value as people read it: Yes/No, the curtailment order's label, else as stored. */
export function settingValueText(value: string, words: { yes: string; no: string }): string {
  if (value === 'true') return words.yes;
  if (value === 'false') return words.no;
  return (CURTAILMENT_ORDER_LABELS as Record<string, string>)[value] ?? value;
}

/** A new value of an operating rule from an effective date (today or later). */
export function SettingDialog({
  settingKey,
  inForce,
  onClose,
}: {
  settingKey?: SettingKey;
  inForce: Partial<Record<SettingKey, string>>;
  onClose: () => void;
}) {
  const m = useMessages();
  const t = useConfigMessages();
  const r = t.rules;
  const add = useAddSetting();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => todayIst(), []);
  const { control, handleSubmit, setError, setValue } = useForm<SettingFormValues>({
    defaultValues: { key: settingKey ?? '', value: '', effectiveFrom: '' },
    resolver: requiredFirst(
      payloadResolver(settingInputSchema, toPayload, {
        extra: (values) => ({ effectiveFrom: values.effectiveFrom && values.effectiveFrom < today ? t.notInPast : undefined }),
      }),
      { key: m.common.required(r.rule), effectiveFrom: m.common.required(t.effectiveFrom) },
    ),
  });
  const key = useWatch({ control, name: 'key' });
  const current = key ? inForce[key] : undefined;
  const shown = current === undefined ? undefined : settingValueText(current, m.common);
  const inForceText = shown !== undefined ? `${t.states.CURRENT}: ${shown}` : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await add.mutateAsync(toValidPayload(settingInputSchema, toPayload(values)));
      notify.success(r.added);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });

  const busy = add.isPending;
  return (
    <FormDialog title={r.add} busy={busy} banner={banner} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Grid size={12}>
        <RhfSelectField
          control={control}
          name="key"
          label={r.rule}
          required
          disabled={busy}
          options={(Object.keys(SETTING_KEYS) as SettingKey[]).map((k) => ({ value: k, label: SETTING_KEYS[k].label }))}
          onValueChange={() => setValue('value', '')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {key === 'secondFourthSaturdayOff' || key === 'feeBeforeScrutiny' || key === 'standingClearanceConsentRequired' ? (
          <RhfSelectField
            control={control}
            name="value"
            label={r.value}
            required
            disabled={busy}
            options={[
              { value: 'true', label: m.common.yes },
              { value: 'false', label: m.common.no },
            ]}
            helperText={inForceText}
          />
        ) : key === 'curtailmentOrder' ? (
          <RhfSelectField
            control={control}
            name="value"
            label={r.value}
            required
            disabled={busy}
            options={CURTAILMENT_ORDERS.map((order) => ({ value: order, label: CURTAILMENT_ORDER_LABELS[order] }))}
            helperText={inForceText}
          />
        ) : (
          <RhfTextField
            control={control}
            name="value"
            label={r.value}
            required
            disabled={busy}
            htmlInput={{ maxLength: 50 }}
            helperText={inForceText}
          />
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField
          control={control}
          name="effectiveFrom"
          label={t.effectiveFrom}
          required
          minDate={today}
          disabled={busy}
          helperText={t.dateHint}
        />
      </Grid>
    </FormDialog>
  );
}
