import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { CONNECTED_TO_LICENCES, hasEntityData, OA_ENTITY_TYPES, type Role, ROLES, utilityTypeOfRole } from '@stoa/shared/account';
import { type User, USER_LABELS, userInputSchemaFor } from '@stoa/shared/users';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { userQueries } from '../api/user-queries';
import { useUsersMessages } from '../i18n';
import {
  EMPTY_USER,
  LOCKED_IN_EDIT,
  toUserFormValues,
  toUserPayload,
  USER_FORM_FIELDS,
  type UserFormValues,
  valuesForRole,
  type AddUserHandler,
  type UpdateUserHandler,
  type UserDialogMode,
} from './user-form-values';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="h6" component="h3" sx={{ color: 'primary.main', mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

const half = { xs: 12, sm: 6 } as const;

interface UserFormProps {
  mode: UserDialogMode;
  user?: User;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
  onEdit?: () => void;
  onAddUser?: AddUserHandler;
  onUpdateUser?: UpdateUserHandler;
}

export function UserForm({ mode, user, onClose, onBusy, onEdit, onAddUser, onUpdateUser }: UserFormProps) {
  const m = useMessages();
  const t = useUsersMessages();
  const formId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const schema = useMemo(() => userInputSchemaFor(), []);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, setError, setValue, getValues, trigger, formState } = useForm<UserFormValues>({
    defaultValues: user ? toUserFormValues(user) : EMPTY_USER,
    resolver: payloadResolver(schema, toUserPayload),
  });
  const role = useWatch({ control, name: 'role' }) as Role | '';
  const utilityType = role ? utilityTypeOfRole(role) : null;
  const entity = role !== '' && hasEntityData(role);
  const view = mode === 'view';
  const busy = saving;
  /** Spec 000 §8 'Missing handlers': the save of this mode was not given to the dialog. */
  const missingHandler = mode === 'create' && !onAddUser ? t.noAddHandler : mode === 'edit' && !onUpdateUser ? t.noUpdateHandler : null;
  const utilities = useQuery({ ...userQueries.utilities(), enabled: utilityType !== null && !view });

  /** Read-only in view mode, disabled when edit mode locks the field, disabled while saving. */
  const lock = (field: keyof UserFormValues) => ({
    readOnly: view,
    disabled: busy || (mode === 'edit' && LOCKED_IN_EDIT.has(field)),
  });
  const required = (rule = true) => !view && rule;

  const roleOptions = ROLES.map((r) => ({ value: r, label: m.roles[r] }));
  const entityTypeOptions =
    role === 'Trader'
      ? [{ value: 'Trader', label: m.entityTypes.Trader }]
      : OA_ENTITY_TYPES.map((type) => ({ value: type, label: m.entityTypes[type] }));
  const utilityOptions = useMemo(() => {
    const options = (utilities.data?.transcoDiscomList ?? [])
      .filter((u) => u.type === utilityType)
      .map((u) => ({ value: u.id, label: u.name, zone: u.zone }));
    // The stored utility is shown even before (or without) the list.
    if (user?.connectedTo && user.connectedToName && !options.some((o) => o.value === user.connectedTo) && utilityType) {
      options.unshift({ value: user.connectedTo, label: user.connectedToName, zone: user.zone ?? '' });
    }
    return options;
  }, [utilities.data, utilityType, user]);

  const revalidate = { shouldValidate: formState.isSubmitted, shouldDirty: true };
  const onRoleChange = (next: string) => {
    const values = valuesForRole({ ...getValues(), role: '' }, next as Role);
    setValue('entityType', values.entityType, revalidate);
    setValue('connectedTo', values.connectedTo, revalidate);
    setValue('zone', values.zone, revalidate);
    // The role decides which fields are required: check them all again once the form was submitted.
    if (formState.isSubmitted) void trigger();
  };
  const onUtilityChange = (id: string) => {
    setValue('zone', utilityOptions.find((o) => o.value === id)?.zone ?? '', revalidate);
  };

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    const save = mode === 'create' ? onAddUser : onUpdateUser;
    if (!save || missingHandler) {
      setBanner(missingHandler);
      return;
    }
    onBusy(true);
    setSaving(true);
    const payload = toValidPayload(schema, toUserPayload(values));
    try {
      if (mode === 'create') {
        await onAddUser!({ ...payload, acceptTerms: true, isEnabled: true });
        notify.success(t.added);
      } else {
        await onUpdateUser!({ ...payload, id: user!.id, acceptTerms: true, isEnabled: true });
        notify.success(t.updated);
      }
      setSaving(false);
      onBusy(false);
      onClose();
    } catch (error) {
      setSaving(false);
      onBusy(false);
      const applied = applyServerErrors(error, setError, USER_FORM_FIELDS);
      if (applied.length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });

  const utilityHelper =
    !view && utilityType && utilities.isSuccess && utilityOptions.length === 0
      ? t.noUtilities(utilityType)
      : !view && utilities.isError
        ? t.utilitiesError
        : undefined;

  return (
    <>
      <DialogContent dividers>
        <Box component="form" id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
          {missingHandler && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {missingHandler}
            </Alert>
          )}
          {banner && banner !== missingHandler && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {banner}
            </Alert>
          )}
          {mode === 'create' && (
            <Alert severity="info" variant="outlined" sx={{ mb: 2.5 }}>
              {t.createHint}
            </Alert>
          )}
          {user && mode === 'view' && (
            <Stack direction="row" spacing={1} sx={{ mb: 2.5, flexWrap: 'wrap', rowGap: 1 }} aria-label={t.status}>
              <Chip
                size="small"
                color={user.isEnabled ? 'success' : 'default'}
                label={user.isEnabled ? t.statusEnabled : t.statusDisabled}
              />
              {user.isDefaulter && <Chip size="small" color="warning" label={t.statusDefaulter} />}
            </Stack>
          )}

          <Section title={t.accountSection}>
            <Grid size={half}>
              <RhfSelectField
                control={control}
                name="role"
                label={USER_LABELS.role}
                options={roleOptions}
                required={required()}
                {...lock('role')}
                onValueChange={onRoleChange}
              />
            </Grid>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="userName"
                label={USER_LABELS.userName}
                required={required()}
                noSpaces
                autoComplete="off"
                htmlInput={{ maxLength: 50, spellCheck: false }}
                {...lock('userName')}
              />
            </Grid>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="email"
                label={USER_LABELS.email}
                type="email"
                required={required()}
                autoComplete="off"
                htmlInput={{ maxLength: 254 }}
                {...lock('email')}
              />
            </Grid>
          </Section>

          <Section title={t.contactSection}>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="firstName"
                label={USER_LABELS.firstName}
                required={required()}
                htmlInput={{ maxLength: 100 }}
                {...lock('firstName')}
              />
            </Grid>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="lastName"
                label={USER_LABELS.lastName}
                required={required()}
                htmlInput={{ maxLength: 100 }}
                {...lock('lastName')}
              />
            </Grid>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="contactNumber"
                label={USER_LABELS.contactNumber}
                type="tel"
                required={required()}
                noSpaces
                htmlInput={{ maxLength: 13 }}
                {...lock('contactNumber')}
              />
            </Grid>
            <Grid size={half}>
              <RhfTextField
                control={control}
                name="panCardNumber"
                label={USER_LABELS.panCardNumber}
                required={required(role !== 'DISCOMBusinessUser')}
                noSpaces
                transform={(value) => value.toUpperCase()}
                htmlInput={{ maxLength: 10, spellCheck: false }}
                {...lock('panCardNumber')}
              />
            </Grid>
            <Grid size={12}>
              <RhfTextField
                control={control}
                name="registeredAddress"
                label={USER_LABELS.registeredAddress}
                required={required()}
                multiline
                minRows={2}
                htmlInput={{ maxLength: 500 }}
                {...lock('registeredAddress')}
              />
            </Grid>
          </Section>

          {entity && (
            <Section title={t.entitySection}>
              <Grid size={half}>
                <RhfSelectField
                  control={control}
                  name="entityType"
                  label={USER_LABELS.entityType}
                  options={entityTypeOptions}
                  required={required()}
                  readOnly={view}
                  disabled={busy || mode === 'edit' || role === 'Trader'}
                />
              </Grid>
              <Grid size={half}>
                <RhfTextField
                  control={control}
                  name="entityName"
                  label={USER_LABELS.entityName}
                  required={required()}
                  htmlInput={{ maxLength: 200 }}
                  {...lock('entityName')}
                />
              </Grid>
              <Grid size={half}>
                <LazyDateField
                  control={control}
                  name="dateOfIncorporation"
                  label={USER_LABELS.dateOfIncorporation}
                  required={required()}
                  disableFuture
                  readOnly={view}
                  disabled={busy}
                />
              </Grid>
              {role === 'OABusinessUser' && (
                <Grid size={half}>
                  <RhfSelectField
                    control={control}
                    name="connectedTo"
                    label={m.profile.connectedTo}
                    options={CONNECTED_TO_LICENCES.map((licence) => ({ value: licence, label: m.connectedTo[licence] }))}
                    {...lock('connectedTo')}
                  />
                </Grid>
              )}
            </Section>
          )}

          {utilityType && (
            <Section title={t.utilitySection}>
              <Grid size={half}>
                <RhfSelectField
                  control={control}
                  name="connectedTo"
                  label={USER_LABELS.connectedTo}
                  options={utilityOptions}
                  required={required()}
                  helperText={utilityHelper}
                  onValueChange={onUtilityChange}
                  {...lock('connectedTo')}
                />
              </Grid>
              <Grid size={half}>
                <RhfTextField
                  control={control}
                  name="zone"
                  label={USER_LABELS.zone}
                  required={required()}
                  readOnly={!(mode === 'edit')}
                  disabled={mode === 'edit' || busy}
                  helperText={view ? undefined : t.zoneHint}
                />
              </Grid>
            </Section>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        {view ? (
          <>
            <Button onClick={onClose}>{m.common.close}</Button>
            <Button variant="contained" startIcon={<Edit />} onClick={onEdit}>
              {t.edit}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {m.common.cancel}
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={busy || missingHandler !== null}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {busy ? t.saving : mode === 'create' ? t.create : t.save}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
