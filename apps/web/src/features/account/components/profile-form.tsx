import Edit from '@mui/icons-material/Edit';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import {
  CONNECTED_TO_LICENCES,
  editProfileSchemaFor,
  type EntityType,
  hasEntityData,
  type Profile,
  type Role,
  utilityTypeOfRole,
} from '@stoa/shared/account';

import { PageHeader } from '../../../components/page-header';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import type { RhfDateField as RhfDateFieldComponent } from '../../../lib/form/rhf-date-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { TextInput } from '../../../lib/form/text-input';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useEditProfile } from '../api/use-account-mutations';
import { SubmitButton } from '../../../components/submit-button';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  contactNumber: string;
  contactPersonName: string;
  panCardNumber: string;
  registeredAddress: string;
  entityName: string;
  entityType: EntityType | '';
  dateOfIncorporation: string;
  connectedTo: '' | (typeof CONNECTED_TO_LICENCES)[number];
}

const FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'email',
  'contactNumber',
  'contactPersonName',
  'panCardNumber',
  'registeredAddress',
  'entityName',
  'entityType',
  'dateOfIncorporation',
  'connectedTo',
] as const satisfies readonly (keyof ProfileFormValues)[];

export function toProfileFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    userName: profile.userName,
    email: profile.email,
    contactNumber: profile.contactNumber ?? '',
    contactPersonName: profile.contactPersonName ?? '',
    panCardNumber: profile.panCardNumber ?? '',
    registeredAddress: profile.registeredAddress ?? '',
    entityName: profile.entityName ?? '',
    entityType: profile.entityType ?? '',
    dateOfIncorporation: profile.dateOfIncorporation ?? '',
    connectedTo: profile.connectedTo === 'TRANSCO' || profile.connectedTo === 'DISCOM' ? profile.connectedTo : '',
  };
}

/** The EditProfile body: empty optional fields travel as null; entity data only for entity roles. */
export function toProfilePayload(values: ProfileFormValues, role: Role) {
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  const entity = hasEntityData(role);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    userName: values.userName,
    email: values.email,
    contactNumber: values.contactNumber,
    contactPersonName: orNull(values.contactPersonName),
    panCardNumber: orNull(values.panCardNumber),
    registeredAddress: values.registeredAddress,
    entityName: entity ? orNull(values.entityName) : null,
    entityType: entity && values.entityType ? values.entityType : null,
    dateOfIncorporation: entity ? orNull(values.dateOfIncorporation) : null,
    connectedTo: role === 'OABusinessUser' && values.connectedTo ? values.connectedTo : null,
  };
}

/** The date picker (and its date library) loads only when the profile is edited. */
const RhfDateField = lazy(() =>
  import('../../../lib/form/rhf-date-field').then((module) => ({ default: module.RhfDateField })),
) as unknown as typeof RhfDateFieldComponent;

/** A value that is never edited here. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const m = useMessages();
  return <TextInput label={label} value={value || m.common.notProvided} readOnly />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2.5, md: 3.5 } }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2.5, color: 'primary.main' }}>
          {title}
        </Typography>
        <Grid container spacing={2.5}>
          {children}
        </Grid>
      </CardContent>
    </Card>
  );
}

/** My Profile (spec 000 §2): read-only until Edit; Edit becomes Save. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const m = useMessages();
  const role = profile.role;
  const edit = useEditProfile();
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const schema = useMemo(() => editProfileSchemaFor(role), [role]);
  const { control, handleSubmit, reset, setError } = useForm<ProfileFormValues>({
    defaultValues: toProfileFormValues(profile),
    resolver: payloadResolver(schema, (values: ProfileFormValues) => toProfilePayload(values, role)),
  });

  const entity = hasEntityData(role);
  const isAdmin = role === 'Admin';
  const showZone = utilityTypeOfRole(role) !== null && !!profile.zone;
  const busy = edit.isPending;
  const locked = !editing || busy;
  const name = `${profile.firstName} ${profile.lastName}`.trim();

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await edit.mutateAsync(toValidPayload(schema, toProfilePayload(values, role)));
      reset(toProfileFormValues(saved));
      setEditing(false);
      notify.success(m.profile.success);
    } catch (error) {
      const applied = applyServerErrors(error, setError, FIELDS);
      if (applied.length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });

  const cancel = () => {
    reset(toProfileFormValues(profile));
    setBanner(null);
    setEditing(false);
  };

  const actions = editing ? (
    <>
      <Button variant="outlined" onClick={cancel} disabled={busy}>
        {m.common.cancel}
      </Button>
      <SubmitButton form="profile-form" busy={busy} icon={<Save />}>
        {busy ? m.profile.saving : m.profile.save}
      </SubmitButton>
    </>
  ) : (
    <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
      {m.profile.edit}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={m.profile.title} subtitle={m.profile.subtitle} actions={actions} />
      <Box component="form" id="profile-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Stack spacing={3}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 3.5 }, display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
              <UserAvatar firstName={profile.firstName} lastName={profile.lastName} size={64} />
              <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                <Typography variant="h3" component="p">
                  {name}
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {profile.email}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Chip label={m.roles[role]} color="primary" />
                {profile.entityName && entity && <Chip label={profile.entityName} variant="outlined" />}
              </Stack>
            </CardContent>
          </Card>

          <Section title={m.profile.accountSection}>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField control={control} name="userName" label={m.profile.userName} readOnly />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ReadOnlyField label={m.profile.role} value={m.roles[role]} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ReadOnlyField label={m.profile.dateOfRegistration} value={formatDisplayDate(profile.dateOfRegistration)} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ReadOnlyField label={m.profile.isEnabled} value={profile.isEnabled ? m.common.yes : m.common.no} />
            </Grid>
            {showZone && (
              <Grid size={{ xs: 12, md: 6 }}>
                <ReadOnlyField label={m.profile.zone} value={profile.zone ?? ''} />
              </Grid>
            )}
          </Section>

          <Section title={m.profile.contactSection}>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="firstName"
                label={m.profile.firstName}
                required={editing}
                readOnly={locked}
                autoComplete="given-name"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="lastName"
                label={m.profile.lastName}
                required={editing}
                readOnly={locked}
                autoComplete="family-name"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="email"
                label={m.profile.email}
                type="email"
                required={editing && isAdmin}
                readOnly={locked || !isAdmin}
                autoComplete="email"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="contactNumber"
                label={m.profile.contactNumber}
                required={editing}
                readOnly={locked}
                type="tel"
                autoComplete="tel-national"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="contactPersonName"
                label={m.profile.contactPersonName}
                readOnly={locked}
                autoComplete="name"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfTextField
                control={control}
                name="panCardNumber"
                label={m.profile.panCardNumber}
                required={editing && role !== 'DISCOMBusinessUser'}
                readOnly={locked}
                noSpaces
                transform={(value) => value.toUpperCase()}
                htmlInput={{ maxLength: 10, spellCheck: false }}
              />
            </Grid>
            <Grid size={12}>
              <RhfTextField
                control={control}
                name="registeredAddress"
                label={m.profile.registeredAddress}
                required={editing}
                readOnly={locked}
                multiline
                minRows={2}
                autoComplete="street-address"
              />
            </Grid>
          </Section>

          {entity && (
            <Section title={m.profile.entitySection}>
              <Grid size={{ xs: 12, md: 6 }}>
                <RhfTextField control={control} name="entityName" label={m.profile.entityName} readOnly />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ReadOnlyField label={m.profile.entityType} value={profile.entityType ? m.entityTypes[profile.entityType] : ''} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                {editing ? (
                  <Suspense
                    fallback={
                      <TextInput label={m.profile.dateOfIncorporation} value={formatDisplayDate(profile.dateOfIncorporation)} readOnly />
                    }
                  >
                    <RhfDateField
                      control={control}
                      name="dateOfIncorporation"
                      label={m.profile.dateOfIncorporation}
                      disableFuture
                      readOnly={busy}
                    />
                  </Suspense>
                ) : (
                  <ReadOnlyField label={m.profile.dateOfIncorporation} value={formatDisplayDate(profile.dateOfIncorporation)} />
                )}
              </Grid>
              {role === 'OABusinessUser' && !editing && (
                <Grid size={{ xs: 12, md: 6 }}>
                  <ReadOnlyField
                    label={m.profile.connectedTo}
                    value={profile.connectedTo === 'TRANSCO' || profile.connectedTo === 'DISCOM' ? m.connectedTo[profile.connectedTo] : ''}
                  />
                </Grid>
              )}
              {role === 'OABusinessUser' && editing && (
                <Grid size={12}>
                  <Controller
                    control={control}
                    name="connectedTo"
                    render={({ field, fieldState }) => (
                      <FormControl component="fieldset" error={!!fieldState.error} disabled={busy}>
                        <FormLabel component="legend" sx={{ fontWeight: 500, mb: 0.5 }}>
                          {m.profile.connectedTo}
                        </FormLabel>
                        <RadioGroup name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                          {CONNECTED_TO_LICENCES.map((licence) => (
                            <FormControlLabel key={licence} value={licence} control={<Radio />} label={m.connectedTo[licence]} />
                          ))}
                        </RadioGroup>
                        {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                      </FormControl>
                    )}
                  />
                </Grid>
              )}
            </Section>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
