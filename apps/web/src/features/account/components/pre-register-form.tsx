import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { ENTITY_TYPES, type EntityType, OA_ENTITY_TYPES, preRegisterRequestSchema } from '@stoa/shared/account';
import type { FieldError } from '@stoa/shared/common';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { STORAGE_KEYS } from '../../../config/app';
import { visuallyHidden } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfCheckbox } from '../../../lib/form/rhf-checkbox';
import { RhfDateField } from '../../../lib/form/rhf-date-field';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { storage } from '../../../lib/storage';
import { usePreRegister } from '../api/use-account-mutations';
import { SubmitButton } from '../../../components/submit-button';

export interface PreRegisterFormValues {
  isTrader: 'yes' | 'no';
  entityName: string;
  entityType: EntityType | '';
  registeredAddress: string;
  dateOfIncorporation: string;
  panCardNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  contactNumber: string;
  acceptTerms: boolean;
  acceptContractDemandTerms: boolean;
  acceptDedicatedFeederTerms: boolean;
}

const FIELDS = [
  'isTrader',
  'entityName',
  'entityType',
  'registeredAddress',
  'dateOfIncorporation',
  'panCardNumber',
  'firstName',
  'lastName',
  'email',
  'userName',
  'contactNumber',
  'acceptTerms',
  'acceptContractDemandTerms',
  'acceptDedicatedFeederTerms',
] as const satisfies readonly (keyof PreRegisterFormValues)[];

const DEFAULTS: PreRegisterFormValues = {
  isTrader: 'no',
  entityName: '',
  entityType: '',
  registeredAddress: '',
  dateOfIncorporation: '',
  panCardNumber: '',
  firstName: '',
  lastName: '',
  email: '',
  userName: '',
  contactNumber: '',
  acceptTerms: false,
  acceptContractDemandTerms: false,
  acceptDedicatedFeederTerms: false,
};

/** The Preregister payload (booleans as JSON booleans, the date as YYYY-MM-DD). */
export function toPreRegisterPayload(values: PreRegisterFormValues) {
  return { ...values, isTrader: values.isTrader === 'yes' };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography
        variant="h4"
        component="h2"
        sx={{ mb: 2, pb: 1, borderBottom: '1px solid', borderColor: 'divider', color: 'primary.main' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Pre-Registration (Form-A), spec 000 §2 and §5. */
export function PreRegisterForm() {
  const m = useMessages();
  const navigate = useNavigate();
  const preRegister = usePreRegister();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  const { control, handleSubmit, setValue, setError, formState } = useForm<PreRegisterFormValues>({
    defaultValues: DEFAULTS,
    resolver: payloadResolver(preRegisterRequestSchema, toPreRegisterPayload),
  });
  const isTrader = useWatch({ control, name: 'isTrader' }) === 'yes';
  const entityTypes: readonly EntityType[] = isTrader ? ENTITY_TYPES : OA_ENTITY_TYPES;
  const termsError =
    formState.errors.acceptTerms ?? formState.errors.acceptContractDemandTerms ?? formState.errors.acceptDedicatedFeederTerms;

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors([]);
    setBanner(null);
    try {
      const payload = toValidPayload(preRegisterRequestSchema, toPreRegisterPayload(values));
      await preRegister.mutateAsync(payload);
      storage.set(STORAGE_KEYS.setPasswordEmail, payload.email);
      notify.success(m.preRegister.success);
      navigate(WEB_ROUTES.setPassword.path);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        setServerErrors(error.fieldErrors);
        applyServerErrors(error, setError, FIELDS);
      } else {
        setBanner(isApiError(error) ? error.message : m.common.genericError);
      }
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  });

  const busy = preRegister.isPending;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack spacing={4}>
        {(serverErrors.length > 0 || banner) && (
          <Stack spacing={1} data-testid="server-errors">
            {banner && <Alert severity="error">{banner}</Alert>}
            {serverErrors.map((entry) =>
              entry.errorMessages[0] ? (
                <Alert key={entry.fieldName} severity="error">
                  {entry.errorMessages[0]}
                </Alert>
              ) : null,
            )}
          </Stack>
        )}

        <Section title={m.preRegister.entitySection}>
          <Grid container spacing={2.5}>
            <Grid size={12}>
              <Controller
                control={control}
                name="isTrader"
                render={({ field }) => (
                  <FormControl component="fieldset" disabled={busy}>
                    <FormLabel component="legend" sx={{ fontWeight: 500, color: 'text.primary' }}>
                      {m.preRegister.isTrader}
                    </FormLabel>
                    <RadioGroup
                      row
                      name={field.name}
                      value={field.value}
                      onChange={(event) => {
                        const next = event.target.value as 'yes' | 'no';
                        field.onChange(next);
                        if (next === 'yes') setValue('entityType', 'Trader', { shouldValidate: formState.isSubmitted });
                        else setValue('entityType', '', { shouldValidate: false });
                      }}
                    >
                      <FormControlLabel value="yes" control={<Radio />} label={m.common.yes} />
                      <FormControlLabel value="no" control={<Radio />} label={m.common.no} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="entityName"
                label={m.preRegister.entityName}
                required
                autoComplete="organization"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfSelectField
                control={control}
                name="entityType"
                label={m.preRegister.entityType}
                required
                disabled={busy || isTrader}
                options={entityTypes.map((type) => ({ value: type, label: m.entityTypes[type] }))}
              />
            </Grid>
            <Grid size={12}>
              <RhfTextField
                control={control}
                name="registeredAddress"
                label={m.preRegister.registeredAddress}
                required
                multiline
                minRows={2}
                autoComplete="street-address"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfDateField
                control={control}
                name="dateOfIncorporation"
                label={m.preRegister.dateOfIncorporation}
                required
                disableFuture
                helperText={m.preRegister.dateFormatHint}
                readOnly={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="panCardNumber"
                label={m.preRegister.panCardNumber}
                required
                noSpaces
                transform={(value) => value.toUpperCase()}
                disabled={busy}
                htmlInput={{ maxLength: 10, spellCheck: false, autoCapitalize: 'characters' }}
              />
            </Grid>
          </Grid>
        </Section>

        <Section title={m.preRegister.contactSection}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="firstName"
                label={m.preRegister.firstName}
                required
                autoComplete="given-name"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="lastName"
                label={m.preRegister.lastName}
                required
                autoComplete="family-name"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="email"
                label={m.preRegister.email}
                type="email"
                required
                autoComplete="email"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="contactNumber"
                label={m.preRegister.contactNumber}
                required
                type="tel"
                autoComplete="tel-national"
                disabled={busy}
                htmlInput={{ inputMode: 'tel' }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="userName"
                label={m.preRegister.userName}
                required
                noSpaces
                autoComplete="username"
                disabled={busy}
              />
            </Grid>
          </Grid>
        </Section>

        <Section title={m.preRegister.declarationsSection}>
          <FormControl component="fieldset" error={!!termsError} sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={visuallyHidden}>
              {m.preRegister.declarationsSection}
            </FormLabel>
            <Stack spacing={1.5}>
              <RhfCheckbox control={control} name="acceptTerms" label={m.preRegister.acceptTerms} disabled={busy} />
              <RhfCheckbox
                control={control}
                name="acceptContractDemandTerms"
                label={m.preRegister.acceptContractDemandTerms}
                disabled={busy}
              />
              <RhfCheckbox
                control={control}
                name="acceptDedicatedFeederTerms"
                label={m.preRegister.acceptDedicatedFeederTerms}
                disabled={busy}
              />
            </Stack>
            {termsError && (
              <FormHelperText role="alert" sx={{ fontSize: '0.875rem', mt: 1 }}>
                {m.preRegister.acceptRequired}
              </FormHelperText>
            )}
          </FormControl>
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SubmitButton size="large" busy={busy} sx={{ minWidth: { xs: '100%', sm: 220 } }}>
            {busy ? m.preRegister.submitting : m.preRegister.submit}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
