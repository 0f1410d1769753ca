import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Dispatch, type KeyboardEvent, type ReactNode, type SetStateAction, useState } from 'react';

import type { UtilityType } from '@stoa/shared/account';
import {
  INTER_STATE_REGIONS,
  INTER_STATE_REGISTRATION_DOCUMENTS,
  INTER_STATE_TRANSACTION_TYPES,
  type InterStateEligible,
  interStateRegistrationSubmitSchema,
  type InterStateRegistrationSubmitInput,
  type InterStateTransactionType,
} from '@stoa/shared/inter-state';

import { visuallyHidden } from '../../../lib/a11y';
import { useIsrMessages } from '../isr-i18n';
import { DocumentField } from './isr-document-field';

/** The form's values as typed (numbers as text until sent). */
export interface IsrFormValues {
  registrationId: string;
  utilityType: UtilityType;
  region: string;
  noarRegistrationNo: string;
  regionalEntityCode: string;
  transactionTypes: InterStateTransactionType[];
  interStateQuantumMw: string;
  mainMeterNo: string;
  checkMeterNo: string;
  meteringConfirmed: boolean;
  energyAccountingConfirmed: boolean;
  noarCertificateFileId: string;
  meterCertificateFileId: string;
  otherDocumentFileId: string;
}

export const EMPTY_ISR_VALUES: IsrFormValues = {
  registrationId: '',
  utilityType: 'DISCOM',
  region: '',
  noarRegistrationNo: '',
  regionalEntityCode: '',
  transactionTypes: [],
  interStateQuantumMw: '',
  mainMeterNo: '',
  checkMeterNo: '',
  meteringConfirmed: false,
  energyAccountingConfirmed: false,
  noarCertificateFileId: '',
  meterCertificateFileId: '',
  otherDocumentFileId: '',
};

/** The request body of the values (empty values left out, the quantum as a number). */
export function bodyOf(v: IsrFormValues, draft: boolean, record?: { id: string; version: number }): InterStateRegistrationSubmitInput {
  const text = (s: string) => (s.trim() ? s.trim() : undefined);
  const quantum = v.interStateQuantumMw.trim() === '' ? undefined : Number(v.interStateQuantumMw);
  return {
    ...(record ? { id: record.id, version: record.version } : {}),
    registrationId: v.registrationId,
    utilityType: v.utilityType,
    draft,
    region: (text(v.region) as InterStateRegistrationSubmitInput['region']) ?? undefined,
    noarRegistrationNo: text(v.noarRegistrationNo),
    regionalEntityCode: text(v.regionalEntityCode),
    transactionTypes: v.transactionTypes.length ? v.transactionTypes : undefined,
    interStateQuantumMw: quantum !== undefined && Number.isFinite(quantum) ? quantum : undefined,
    mainMeterNo: text(v.mainMeterNo),
    checkMeterNo: text(v.checkMeterNo),
    meteringConfirmed: v.meteringConfirmed,
    energyAccountingConfirmed: v.energyAccountingConfirmed,
    noarCertificateFileId: text(v.noarCertificateFileId),
    meterCertificateFileId: text(v.meterCertificateFileId),
    otherDocumentFileId: text(v.otherDocumentFileId),
  };
}

/** Every field error of the values as the contract checks them (the server checks the rest). */
export function clientErrors(v: IsrFormValues, draft: boolean): Record<string, string> {
  const res = interStateRegistrationSubmitSchema.safeParse(bodyOf(v, draft));
  const out: Record<string, string> = {};
  if (!res.success) for (const issue of res.error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

const STEPS = [
  { id: 'entity', fields: ['registrationId', 'utilityType'] },
  { id: 'participation', fields: ['region', 'noarRegistrationNo', 'regionalEntityCode', 'transactionTypes', 'interStateQuantumMw'] },
  { id: 'metering', fields: ['mainMeterNo', 'checkMeterNo', 'meteringConfirmed', 'energyAccountingConfirmed'] },
  { id: 'documents', fields: ['noarCertificateFileId', 'meterCertificateFileId', 'otherDocumentFileId'] },
] as const;

export interface IsrFormProps {
  values: IsrFormValues;
  /** A state setter: uploads finishing together each update the values as they are then. */
  onChange: Dispatch<SetStateAction<IsrFormValues>>;
  eligible: InterStateEligible[];
  /** Editing an existing record: the entity is fixed. */
  fixedEntity: boolean;
  errors: Record<string, string>;
  fileNames: Record<string, string>;
  onFileName: (fileId: string, name: string) => void;
  busy: boolean;
  onSave: () => void;
  onSubmit: () => void;
}

/**
 * The inter-state registration as a multi-step form (the registrations' pattern): Entity and Utility,
 * Inter-State Participation, Metering and Accounting, Documents; Next and Previous (Ctrl + arrows) move
 * between steps, a step with errors carries a warning, the last step submits; Save Draft on every step.
 */
export function IsrForm({
  values: v,
  onChange,
  eligible,
  fixedEntity,
  errors,
  fileNames,
  onFileName,
  busy,
  onSave,
  onSubmit,
}: IsrFormProps) {
  const t = useIsrMessages();
  const w = t.web;
  const F = t.fields;
  const [active, setActive] = useState(0);
  // On a phone only the active step's title shows (the registrations' stepper does the same).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const set = <K extends keyof IsrFormValues>(key: K, value: IsrFormValues[K]) => onChange((prev) => ({ ...prev, [key]: value }));
  const chosen = eligible.find((x) => x.registrationId === v.registrationId);
  const flagged = (i: number) => STEPS[i]!.fields.some((f) => errors[f]);
  const titles = [t.steps.entity, t.steps.participation, t.steps.metering, t.steps.documents];
  const last = active === STEPS.length - 1;
  const onKey = (e: KeyboardEvent) => {
    if (!e.ctrlKey) return;
    if (e.key === 'ArrowRight' && !last) setActive(active + 1);
    if (e.key === 'ArrowLeft' && active > 0) setActive(active - 1);
  };
  const text = (key: 'noarRegistrationNo' | 'regionalEntityCode' | 'mainMeterNo' | 'checkMeterNo', label: string, required = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        label={label}
        required={required}
        value={v[key]}
        onChange={(e) => set(key, e.target.value)}
        error={!!errors[key]}
        helperText={errors[key] ?? ' '}
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
    </Grid>
  );
  const steps: ReactNode[] = [
    <Grid container spacing={2} key="entity">
      <Grid size={12}>
        <TextField
          select
          fullWidth
          required
          label={F.registrationId}
          value={v.registrationId}
          disabled={fixedEntity}
          onChange={(e) => {
            const next = eligible.find((x) => x.registrationId === e.target.value);
            const types = next?.utilities.map((u) => u.utilityType) ?? [];
            onChange({
              ...v,
              registrationId: e.target.value,
              utilityType: types.includes(v.utilityType) ? v.utilityType : (types[0] ?? v.utilityType),
            });
          }}
          error={!!errors.registrationId}
          helperText={errors.registrationId ?? (eligible.length === 0 ? w.noEligible : w.chooseEntity)}
        >
          {eligible.map((x) => (
            <MenuItem key={x.registrationId} value={x.registrationId} disabled={!!x.openInterStateRegistrationId && !fixedEntity}>
              {`${x.entityName} (${x.registrationNo ?? x.entityType})${x.openInterStateRegistrationId && !fixedEntity ? ` — ${w.openExists}` : ''}`}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <FormControl error={!!errors.utilityType}>
          <FormLabel id="isr-utility-type">{F.utilityType}</FormLabel>
          <RadioGroup
            aria-labelledby="isr-utility-type"
            value={v.utilityType}
            onChange={(e) => set('utilityType', e.target.value as UtilityType)}
          >
            {(['DISCOM', 'TRANSCO'] as const).map((type) => {
              const utility = chosen?.utilities.find((u) => u.utilityType === type);
              return (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio />}
                  disabled={!!chosen && !utility}
                  label={`${t.utilityTypeLabels[type]}${utility ? `: ${utility.name}` : ''}`}
                />
              );
            })}
          </RadioGroup>
          <FormHelperText>
            {errors.utilityType ?? (chosen?.maxQuantumMw != null ? w.registeredQuantum(chosen.maxQuantumMw.toFixed(2)) : ' ')}
          </FormHelperText>
        </FormControl>
      </Grid>
    </Grid>,
    <Grid container spacing={2} key="participation">
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          required
          label={F.region}
          value={v.region}
          onChange={(e) => set('region', e.target.value)}
          error={!!errors.region}
          helperText={errors.region ?? ' '}
        >
          {INTER_STATE_REGIONS.map((r) => (
            <MenuItem key={r} value={r}>
              {t.regionLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {text('noarRegistrationNo', F.noarRegistrationNo, true)}
      {text('regionalEntityCode', F.regionalEntityCode)}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          type="number"
          label={F.interStateQuantumMw}
          value={v.interStateQuantumMw}
          onChange={(e) => set('interStateQuantumMw', e.target.value)}
          onKeyDown={(e) => {
            if (['e', 'E', '-', '+'].includes(e.key)) e.preventDefault();
          }}
          error={!!errors.interStateQuantumMw}
          helperText={
            errors.interStateQuantumMw ?? (chosen?.maxQuantumMw != null ? w.registeredQuantum(chosen.maxQuantumMw.toFixed(2)) : ' ')
          }
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
        />
      </Grid>
      <Grid size={12}>
        <FormControl error={!!errors.transactionTypes} component="fieldset">
          <FormLabel component="legend">{`${F.transactionTypes} *`}</FormLabel>
          <FormGroup row>
            {INTER_STATE_TRANSACTION_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                label={t.transactionLabels[type]}
                control={
                  <Checkbox
                    checked={v.transactionTypes.includes(type)}
                    onChange={(e) =>
                      set(
                        'transactionTypes',
                        e.target.checked ? [...v.transactionTypes, type] : v.transactionTypes.filter((x) => x !== type),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormHelperText>{errors.transactionTypes ?? ' '}</FormHelperText>
        </FormControl>
      </Grid>
    </Grid>,
    <Grid container spacing={2} key="metering">
      {text('mainMeterNo', F.mainMeterNo, true)}
      {text('checkMeterNo', F.checkMeterNo)}
      {(['meteringConfirmed', 'energyAccountingConfirmed'] as const).map((key) => (
        <Grid size={12} key={key}>
          <FormControl error={!!errors[key]}>
            <FormControlLabel control={<Checkbox checked={v[key]} onChange={(e) => set(key, e.target.checked)} />} label={F[key]} />
            {errors[key] && <FormHelperText>{errors[key]}</FormHelperText>}
          </FormControl>
        </Grid>
      ))}
    </Grid>,
    <Box key="documents" sx={{ display: 'grid', gap: 1.5 }}>
      {INTER_STATE_REGISTRATION_DOCUMENTS.map((d) => (
        <DocumentField
          key={d.name}
          name={d.name}
          label={d.label}
          required={d.required}
          fileId={v[d.name]}
          fileName={fileNames[v[d.name]] ?? null}
          error={errors[d.name]}
          onUploaded={(id, name) => {
            onFileName(id, name);
            set(d.name, id);
          }}
        />
      ))}
    </Box>,
  ];
  return (
    <Card onKeyDown={onKey}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Box component="nav" aria-label="Form steps" sx={{ overflowX: 'auto', pb: 1, mb: 2 }}>
          <Stepper nonLinear activeStep={active} alternativeLabel={!phone} sx={{ minWidth: phone ? undefined : 440 }}>
            {titles.map((title, i) => (
              <Step key={title} completed={false}>
                <StepButton onClick={() => setActive(i)} aria-current={i === active ? 'step' : undefined}>
                  <StepLabel error={flagged(i)}>
                    <Box component="span" sx={phone && i !== active ? visuallyHidden : undefined}>
                      {title}
                    </Box>
                    {flagged(i) && <Box component="span" sx={visuallyHidden}>{` (${w.stepHasErrors})`}</Box>}
                  </StepLabel>
                </StepButton>
              </Step>
            ))}
          </Stepper>
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', mt: 1 }}>
            {w.keyboardHint}
          </Typography>
        </Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {`${titles[active]} · ${w.stepOf(active + 1, STEPS.length)}`}
        </Typography>
        {Object.keys(errors).length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {w.fixErrors}
          </Alert>
        )}
        {steps[active]}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', mt: 3 }}>
          <Button variant="text" disabled={active === 0 || busy} onClick={() => setActive(active - 1)}>
            {w.previous}
          </Button>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" disabled={busy || !v.registrationId} onClick={onSave}>
              {t.actions.saveDraft}
            </Button>
            {last ? (
              <Button variant="contained" disabled={busy} onClick={onSubmit}>
                {t.actions.submit}
              </Button>
            ) : (
              <Button variant="contained" disabled={busy} onClick={() => setActive(active + 1)}>
                {w.next}
              </Button>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
