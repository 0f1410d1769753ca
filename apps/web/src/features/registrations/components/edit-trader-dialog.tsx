import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo } from 'react';

import type { FormDefinition, FormValues } from '@stoa/shared/forms';
import { type RegistrationDetail, REGISTRATION_FORMS, TRADER_EDITABLE_FIELDS } from '@stoa/shared/registrations';

import { useMessages } from '../../../lib/i18n';
import { FormRenderer } from '../../forms';
import { useRegistrationsMessages } from '../i18n';

const EDITABLE = TRADER_EDITABLE_FIELDS as readonly string[];

/** The trader step of the Trader form with only the fields 'Edit Trader Details' may change. */
export function traderDetailsDefinition(title: string): FormDefinition {
  const step = REGISTRATION_FORMS.Trader.steps.find((s) => s.id === 'trader')!;
  return { id: 'TraderDetailsEdit', title, steps: [{ ...step, fields: step.fields.filter((f) => EDITABLE.includes(f.name)) }] };
}

/**
 * 'Edit Trader Details' (spec 001 §2 workflow action Edit) of an approved Trader registration:
 * only the trader step's fields, saved with PATCH EditTraderDetails.
 */
export function EditTraderDialog({
  detail,
  onSave,
  onClose,
}: {
  detail: RegistrationDetail;
  onSave: (values: FormValues) => Promise<void>;
  onClose: () => void;
}) {
  const m = useMessages();
  const t = useRegistrationsMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  const definition = useMemo(() => traderDetailsDefinition(t.detail.editTraderDetails), [t]);
  const defaults = useMemo(() => Object.fromEntries(EDITABLE.map((name) => [name, detail.data[name]])), [detail.data]);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t.detail.editTraderDetails}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.web.traderDialogHint}
        </Typography>
        <FormRenderer
          definition={definition}
          defaultValues={defaults}
          submitLabel={t.detail.saveTraderDetails}
          disableSubmitUntilDirty
          uploadFormName="Registration"
          onSubmit={onSave}
          extraActions={
            <Button type="button" onClick={onClose}>
              {m.common.cancel}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
