import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { TranscoDiscomItem } from '@stoa/shared/users';
import type { UtilityType } from '@stoa/shared/account';
import { utilityInputSchema } from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveUtility } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

/** The type is the page's, not a field. */
type UtilityFormValues = Omit<z.input<typeof utilityInputSchema>, 'type'>;

const FIELDS = ['name', 'zone'] as const;

/** Add a TRANSCO or DISCOM utility, or rename / re-zone one (its users follow the zone). The type is the page's. */
export function UtilityDialog({ type, utility, onClose }: { type: UtilityType; utility?: TranscoDiscomItem; onClose: () => void }) {
  const m = useMessages();
  const t = useConfigMessages();
  const u = t.utilities;
  const save = useSaveUtility();
  const [banner, setBanner] = useState<string | null>(null);
  const toPayload = (values: UtilityFormValues) => ({ name: values.name, zone: values.zone, type });
  const { control, handleSubmit, setError } = useForm<UtilityFormValues>({
    defaultValues: { name: utility?.name ?? '', zone: utility?.zone ?? '' },
    resolver: payloadResolver(utilityInputSchema, toPayload),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: utility?.id, body: toValidPayload(utilityInputSchema, toPayload(values)) });
      notify.success(utility ? u.updated(type) : u.added(type));
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = save.isPending;
  return (
    <FormDialog
      title={utility ? u.editTitle(type) : u.add(type)}
      busy={busy}
      banner={banner}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <RhfTextField control={control} name="name" label={u.name} required disabled={busy} htmlInput={{ maxLength: 200 }} />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="zone" label={u.zone} required disabled={busy} htmlInput={{ maxLength: 100 }} />
      </Grid>
    </FormDialog>
  );
}
