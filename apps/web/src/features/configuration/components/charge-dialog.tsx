import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import {
  CHARGE_HEAD_INFO,
  CHARGE_HEAD_VALUES,
  type ChargeHead,
  type ChargeRate,
  chargeRateInputSchema,
  type ChargeUnit,
  UNIT_LABELS,
} from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { ChargeKind } from '../api/configuration-queries';
import { useSaveCharge } from '../api/use-configuration-mutations';
import { todayIst } from '../format';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export interface ChargeFormValues {
  head: ChargeHead | '';
  unit: ChargeUnit | '';
  amount: string;
  gstRatePercent: string;
  effectiveFrom: string;
  remarks: string;
}

const FIELDS = ['head', 'unit', 'amount', 'gstRatePercent', 'effectiveFrom', 'remarks'] as const;

export const headsOf = (kind: ChargeKind) => CHARGE_HEAD_VALUES.filter((head) => CHARGE_HEAD_INFO[head].kind === kind);

/** The units a head may be expressed in (CHARGE_HEAD_INFO), with their labels. */
export const unitOptionsOf = (head: ChargeHead | '') =>
  head ? CHARGE_HEAD_INFO[head].units.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] })) : [];

function toPayload(values: ChargeFormValues) {
  return {
    head: values.head || undefined,
    unit: values.unit || undefined,
    amount: values.amount,
    gstRatePercent: values.gstRatePercent,
    effectiveFrom: values.effectiveFrom,
    remarks: values.remarks.trim() === '' ? null : values.remarks,
  };
}

function initialValues(charge: ChargeRate | undefined, head: ChargeHead | undefined): ChargeFormValues {
  if (charge) {
    return {
      head: charge.head,
      unit: charge.unit,
      amount: charge.amount,
      gstRatePercent: charge.gstRatePercent,
      effectiveFrom: charge.effectiveFrom,
      remarks: charge.remarks ?? '',
    };
  }
  const units = head ? CHARGE_HEAD_INFO[head].units : [];
  return { head: head ?? '', unit: units.length === 1 ? units[0]! : '', amount: '', gstRatePercent: '', effectiveFrom: '', remarks: '' };
}

/**
 * Add a fee or charge value from an effective date (today or later), or change one that has not
 * taken effect yet. The unit is limited to the head's units; the head of a value cannot change.
 */
export function ChargeDialog({
  kind,
  charge,
  head,
  onClose,
}: {
  kind: ChargeKind;
  charge?: ChargeRate;
  head?: ChargeHead;
  onClose: () => void;
}) {
  const m = useMessages();
  const t = useConfigMessages();
  const c = t.charges;
  const save = useSaveCharge();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => todayIst(), []);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<ChargeFormValues>({
    defaultValues: initialValues(charge, head),
    resolver: requiredFirst(
      payloadResolver(chargeRateInputSchema, toPayload, {
        extra: (values) => ({ effectiveFrom: values.effectiveFrom && values.effectiveFrom < today ? t.notInPast : undefined }),
      }),
      {
        head: m.common.required(c.head),
        unit: m.common.required(c.unit),
        effectiveFrom: m.common.required(t.effectiveFrom),
      },
    ),
  });
  const selectedHead = useWatch({ control, name: 'head' });
  const unit = useWatch({ control, name: 'unit' });
  const unitOptions = unitOptionsOf(selectedHead);

  const onHeadChange = (next: string) => {
    const units = unitOptionsOf(next as ChargeHead).map((o) => o.value);
    const current = getValues('unit');
    if (!current || !units.includes(current as ChargeUnit)) {
      setValue('unit', units.length === 1 ? units[0]! : '', { shouldValidate: formState.isSubmitted });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: charge?.id, body: toValidPayload(chargeRateInputSchema, toPayload(values)) });
      notify.success(charge ? c.updated : c.added);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });

  const busy = save.isPending;
  const title = kind === 'FEE' ? (charge ? c.editFee : c.addFee) : charge ? c.editCharge : c.addCharge;
  return (
    <FormDialog title={title} busy={busy} banner={banner} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Grid size={12}>
        <RhfSelectField
          control={control}
          name="head"
          label={c.head}
          required
          disabled={busy || !!charge}
          options={headsOf(kind).map((h) => ({ value: h, label: CHARGE_HEAD_INFO[h].label }))}
          onValueChange={onHeadChange}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField control={control} name="unit" label={c.unit} required disabled={busy || !selectedHead} options={unitOptions} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="amount"
          label={c.amount}
          required
          disabled={busy}
          noSpaces
          htmlInput={{ inputMode: 'decimal', maxLength: 15 }}
          endAdornment={unit ? <InputAdornment position="end">{UNIT_LABELS[unit]}</InputAdornment> : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="gstRatePercent"
          label={c.gst}
          required
          disabled={busy}
          noSpaces
          htmlInput={{ inputMode: 'decimal', maxLength: 8 }}
          endAdornment={<InputAdornment position="end">%</InputAdornment>}
        />
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
      <Grid size={12}>
        <RhfTextField
          control={control}
          name="remarks"
          label={c.remarks}
          disabled={busy}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 500 }}
        />
      </Grid>
    </FormDialog>
  );
}
