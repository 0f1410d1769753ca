import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { formatPaise, istDate } from '@stoa/shared/common';
import {
  maxValidTo,
  STANDING_CLEARANCE_TYPES,
  type StandingClearanceApplyInput,
  standingClearanceApplySchema,
  type StandingClearanceType,
} from '@stoa/shared/inter-state';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { errorText } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { RhfCheckbox } from '../../../lib/form/rhf-checkbox';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { standingClearanceQueries, useApplyStandingClearance } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';
import { BLOCK_CAP_FIELDS, BlockCapsEditor, type BlockCapValues } from './standing-clearance-block-caps';
import { clearancePath } from './standing-clearance-list-page';

interface FormValues {
  registrationId: string;
  transactionType: StandingClearanceType;
  maxBuyMw: string;
  maxSellMw: string;
  validFrom: string;
  validTo: string;
  declaration: boolean;
  remarks: string;
  blockCaps: BlockCapValues[];
}

const FIELDS: (keyof FormValues)[] = [
  'registrationId',
  'transactionType',
  'maxBuyMw',
  'maxSellMw',
  'validFrom',
  'validTo',
  'declaration',
  'remarks',
  'blockCaps',
];
const toPayload = (v: FormValues): StandingClearanceApplyInput => ({ ...v, declaration: v.declaration as true });

/**
 * `/standing-clearance-power/apply` (OA applicant, trader): the entity (an approved registration of its own or,
 * for a trader, of an applicant it trades for), the transaction type, the maximum MW to buy and/or sell, the
 * validity (at most 11 months), optional caps per block range (decision 0077) and the declaration; the fee
 * raised on submission is shown before.
 */
export function StandingClearanceApplyPage() {
  const m = useMessages();
  const t = useInterStateMessages();
  const w = t.web;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialType = STANDING_CLEARANCE_TYPES.find((x) => x === params.get('type')) ?? 'PowerExchange';
  const today = istDate(new Date());
  const registrations = useQuery(standingClearanceQueries.registrations());
  const fee = useQuery(standingClearanceQueries.fee());
  const apply = useApplyStandingClearance();
  const [banner, setBanner] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues>({
    defaultValues: {
      registrationId: '',
      transactionType: initialType,
      maxBuyMw: '',
      maxSellMw: '',
      validFrom: today,
      validTo: '',
      declaration: false,
      remarks: '',
      blockCaps: [],
    },
    resolver: payloadResolver(standingClearanceApplySchema, toPayload),
  });
  const { errors } = useFormState({ control });
  const registrationId = useWatch({ control, name: 'registrationId' });
  const validFrom = useWatch({ control, name: 'validFrom' });
  const blockCaps = useWatch({ control, name: 'blockCaps' });
  const chosen = registrations.data?.find((r) => r.id === registrationId);
  const options = useMemo(
    () =>
      (registrations.data ?? []).map((r) => ({ value: r.id, label: `${r.entityName}${r.registrationNo ? ` (${r.registrationNo})` : ''}` })),
    [registrations.data],
  );
  const back = (
    <Button component={Link} to={WEB_ROUTES.standingClearances.path} startIcon={<ArrowBack />} variant="outlined">
      {w.back}
    </Button>
  );

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await apply.mutateAsync(toPayload(values));
      notify.success(w.submitted(saved.applicationNo));
      void navigate(clearancePath(saved.id));
    } catch (error) {
      // The rows' fields too: `blockCaps.{i}.{field}` (decision 0077).
      const rowFields = values.blockCaps.flatMap((_, i) => BLOCK_CAP_FIELDS.map((f) => `blockCaps.${i}.${f}` as const));
      const applied = applyServerErrors(error, setError, [...FIELDS, ...rowFields]);
      if (applied.length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });

  let body;
  if (registrations.isPending) body = <ListLoading rows={3} />;
  else if (registrations.isError) body = <ListError onRetry={() => void registrations.refetch()} />;
  else if (registrations.data.length === 0) body = <Alert severity="info">{w.noEntities}</Alert>;
  else {
    const validDate = /^\d{4}-\d{2}-\d{2}$/.test(validFrom ?? '');
    body = (
      <Card component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={w.applyTitle}>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          {banner && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {banner}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <RhfSelectField
                control={control}
                name="registrationId"
                label={t.fields.registrationId}
                options={options}
                required
                disabled={apply.isPending}
                helperText={chosen ? w.entityHelp(chosen.stoaDrawlQuantum, chosen.stoaInjectionQuantum) : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <RhfSelectField
                control={control}
                name="transactionType"
                label={t.fields.transactionType}
                options={STANDING_CLEARANCE_TYPES.map((x) => ({ value: x, label: t.typeLabels[x] }))}
                required
                disabled={apply.isPending}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <RhfTextField
                control={control}
                name="maxBuyMw"
                label={t.fields.maxBuyMw}
                disabled={apply.isPending || (!!chosen && !chosen.canBuy)}
                helperText={w.mwHelp}
                htmlInput={{ inputMode: 'decimal', maxLength: 10 }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <RhfTextField
                control={control}
                name="maxSellMw"
                label={t.fields.maxSellMw}
                disabled={apply.isPending || (!!chosen && !chosen.canSell)}
                helperText={w.mwHelp}
                htmlInput={{ inputMode: 'decimal', maxLength: 10 }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <LazyDateField
                control={control}
                name="validFrom"
                label={t.fields.validFrom}
                required
                minDate={today}
                disabled={apply.isPending}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <LazyDateField
                control={control}
                name="validTo"
                label={t.fields.validTo}
                required
                minDate={validDate ? validFrom : today}
                disabled={apply.isPending}
                helperText={validDate ? w.validityHelp(formatDisplayDate(maxValidTo(validFrom))) : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <BlockCapsEditor
                control={control}
                disabled={apply.isPending}
                values={blockCaps}
                canBuy={!chosen || chosen.canBuy}
                canSell={!chosen || chosen.canSell}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <RhfTextField
                control={control}
                name="remarks"
                label={t.fields.remarks}
                multiline
                minRows={2}
                disabled={apply.isPending}
                htmlInput={{ maxLength: 1000 }}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Box sx={{ border: 1, borderColor: errors.declaration ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
                  {t.fields.declaration}
                </Typography>
                <RhfCheckbox control={control} name="declaration" label={t.declarationText} disabled={apply.isPending} />
                {errors.declaration && <FormHelperText error>{errors.declaration.message}</FormHelperText>}
              </Box>
            </Grid>
          </Grid>
          {fee.data && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {w.feeNote(formatPaise(fee.data.totalAmount))}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 2.5, flexWrap: 'wrap' }}>
            <Button component={Link} to={WEB_ROUTES.standingClearances.path} disabled={apply.isPending}>
              {m.common.cancel}
            </Button>
            <SubmitButton busy={apply.isPending}>{apply.isPending ? w.submitting : w.submit}</SubmitButton>
          </Box>
        </CardContent>
      </Card>
    );
  }
  return (
    <Box>
      <PageHeader title={w.applyTitle} subtitle={w.applySubtitle} actions={back} />
      {body}
    </Box>
  );
}
