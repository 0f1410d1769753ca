import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import {
  CURTAILMENT_BASES,
  CURTAILMENT_CAUSES,
  type CurtailmentCause,
  type CurtailmentDetail,
  type CurtailmentInput,
  curtailmentInputSchema,
  type CurtailmentPreview,
} from '@stoa/shared/curtailment';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { curtailmentQueries, useCreateCurtailment, usePreviewCurtailment } from '../api/curtailment-queries';
import { formatRefund, orderLabel } from '../format';
import { useCurtailmentMessages } from '../i18n';
import { CurtailmentItems } from './curtailment-items';

interface FormValues {
  curtailmentDate: string;
  element: string;
  fromTimeBlock: string;
  toTimeBlock: string;
  basis: 'Reduction' | 'NewCapacity';
  quantum: string;
  cause: CurtailmentCause;
  remarks: string;
}

const FIELDS: (keyof FormValues)[] = ['curtailmentDate', 'element', 'fromTimeBlock', 'toTimeBlock', 'basis', 'quantum', 'cause', 'remarks'];
const toPayload = (v: FormValues): CurtailmentInput => ({ ...v });

/**
 * 'New Curtailment' of the SLDC business user: the element (from the ATC margins of the date), date,
 * block range, reduction or new capacity in MW, cause and remarks; Preview shows the schedules that
 * would be cut and by how much (nothing saved), then Curtail applies it.
 */
export function NewCurtailmentDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (detail: CurtailmentDetail) => void }) {
  const m = useMessages();
  const t = useCurtailmentMessages();
  const w = t.web;
  const today = istDate(new Date());
  const { control, handleSubmit, setError } = useForm<FormValues>({
    defaultValues: {
      curtailmentDate: today,
      element: '',
      fromTimeBlock: '',
      toTimeBlock: '',
      basis: 'Reduction',
      quantum: '',
      cause: 'TransmissionConstraint',
      remarks: '',
    },
    resolver: payloadResolver(curtailmentInputSchema, toPayload),
  });
  const date = useWatch({ control, name: 'curtailmentDate' });
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date ?? '');
  const elements = useQuery({ ...curtailmentQueries.elements(date), enabled: validDate });
  const preview = usePreviewCurtailment();
  const create = useCreateCurtailment();
  const [shown, setShown] = useState<CurtailmentPreview | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const elementOptions = useMemo(
    () => (elements.data?.elementList ?? []).map((e) => ({ value: e.element, label: e.element })),
    [elements.data],
  );
  const fromOptions = useMemo(() => FROM_TIME_BLOCKS.map((x) => ({ value: x, label: x })), []);
  const toOptions = useMemo(() => TO_TIME_BLOCKS.map((x) => ({ value: x, label: x })), []);
  const busy = preview.isPending || create.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    // The wire text, as validated by the resolver: the server reads the MW into centi-MW itself (decision 0027).
    const body = toPayload(values);
    try {
      if (!shown) {
        setShown(await preview.mutateAsync(body));
      } else {
        // The preview's margin version: a second submission of this confirmation answers 409.
        onCreated(await create.mutateAsync({ ...body, marginVersion: shown.marginVersion }));
      }
    } catch (error) {
      const applied = applyServerErrors(error, setError, FIELDS);
      if (applied.length > 0) setShown(null);
      else setBanner(errorText(error, m.common.fetchError));
    }
  });

  const elementHelp = !validDate
    ? w.pickDateFirst
    : elements.data && elementOptions.length === 0
      ? w.noElements
      : elements.data
        ? `${w.elementHelp} ${w.orderInForce(orderLabel(elements.data.order))}`
        : w.elementHelp;

  return (
    <FormDialog
      title={w.dialogTitle}
      busy={busy}
      banner={banner}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
      submitLabel={shown ? w.confirm : w.preview}
      busyLabel={shown ? w.confirming : w.previewing}
      submitColor={shown ? 'error' : 'primary'}
      canSubmit={!shown || shown.itemList.length > 0}
      grid={false}
    >
      {shown ? (
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2 }}>
            <Box>
              <Typography variant="h6" component="h3">
                {w.previewTitle}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shown.element} · {formatDisplayDate(shown.curtailmentDate)} · {shown.fromTimeBlock}–{shown.toTimeBlock} ·{' '}
                {t.basisLabels[shown.basis]}: {shown.quantum} · {orderLabel(shown.order)}
              </Typography>
            </Box>
            <Button onClick={() => setShown(null)} disabled={busy}>
              {w.editAgain}
            </Button>
          </Box>
          {shown.itemList.length === 0 ? (
            <Alert severity="info">{w.previewEmpty}</Alert>
          ) : (
            <>
              <Alert severity="warning" sx={{ mb: 2 }}>
                {w.totals(shown.curtailedMwh)} · {w.refund}: {formatRefund(shown.refundAmount)}. {shown.refundNote}
              </Alert>
              <CurtailmentItems items={shown.itemList} />
            </>
          )}
        </Box>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LazyDateField
              control={control}
              name="curtailmentDate"
              label={t.fields.curtailmentDate}
              required
              minDate={today}
              disabled={busy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfSelectField
              control={control}
              name="element"
              label={t.fields.element}
              options={elementOptions}
              required
              disabled={busy || !validDate}
              helperText={elementHelp}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <RhfSelectField
              control={control}
              name="fromTimeBlock"
              label={t.fields.fromTimeBlock}
              options={fromOptions}
              required
              disabled={busy}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <RhfSelectField
              control={control}
              name="toTimeBlock"
              label={t.fields.toTimeBlock}
              options={toOptions}
              required
              disabled={busy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <RhfSelectField
              control={control}
              name="basis"
              label={t.fields.basis}
              options={CURTAILMENT_BASES.map((b) => ({ value: b, label: t.basisLabels[b] }))}
              required
              disabled={busy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RhfTextField
              control={control}
              name="quantum"
              label={t.fields.quantum}
              required
              disabled={busy}
              htmlInput={{ inputMode: 'decimal', maxLength: 10 }}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <RhfSelectField
              control={control}
              name="cause"
              label={t.fields.cause}
              options={CURTAILMENT_CAUSES.map((c) => ({ value: c, label: t.causeLabels[c] }))}
              required
              disabled={busy}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <RhfTextField
              control={control}
              name="remarks"
              label={t.fields.remarks}
              required
              multiline
              minRows={2}
              disabled={busy}
              htmlInput={{ maxLength: 500 }}
            />
          </Grid>
        </Grid>
      )}
    </FormDialog>
  );
}
