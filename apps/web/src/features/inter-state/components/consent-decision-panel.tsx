import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { InterStateConsentDecisionAction, InterStateConsentDetail } from '@stoa/shared/inter-state';

import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useConsentDecision } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';
import { type Errors, Section, serverErrors } from './consent-page-parts';
import { type RowValues, ScheduleRowsEditor } from './consent-schedule-rows';

/** The SLDC's decision: reduced MW spans (prefilled with the business user's proposal), remarks, the actions allowed. */
export function DecisionPanel({ d }: { d: InterStateConsentDetail }) {
  // Revoke is the page's own action with its reason dialog (consent-revoke-dialog.tsx).
  const actions = d.actions.filter((a): a is InterStateConsentDecisionAction => a !== 'Revoke');
  const m = useMessages();
  const t = useConsentMessages();
  const w = t.web;
  const decide = useConsentDecision();
  const [rows, setRows] = useState<RowValues[]>(d.proposedReductions);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const act = async (action: InterStateConsentDecisionAction) => {
    setBanner(null);
    if (action === 'Refuse' && !remarks.trim()) {
      setErrors({ remarks: w.reasonRequired });
      return;
    }
    setErrors({});
    try {
      await decide.mutateAsync({ action, id: d.id, body: { version: d.version, remarks, reductions: action === 'Refuse' ? [] : rows } });
      notify.success(w.done(t.actionLabels[action]));
    } catch (error) {
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      setBanner(errorText(error, m.common.genericError));
    }
  };
  return (
    <Section title={w.decision}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {banner}
        </Alert>
      )}
      {actions.some((a) => a !== 'Refuse') && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {w.reductionsHelp}
          </Typography>
          <ScheduleRowsEditor
            rows={rows}
            onChange={setRows}
            errors={errors}
            path="reductions"
            label={t.fields.reductions}
            mwLabel={t.fields.grantedMw}
            disabled={decide.isPending}
            minDate={d.fromDate}
          />
        </>
      )}
      <TextField
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 2 }}
        label={w.reason}
        value={remarks}
        onChange={(ev) => setRemarks(ev.target.value)}
        error={!!errors.remarks}
        helperText={errors.remarks}
        disabled={decide.isPending}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 2, flexWrap: 'wrap' }}>
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'Refuse' ? 'outlined' : 'contained'}
            color={a === 'Refuse' ? 'error' : 'primary'}
            onClick={() => void act(a)}
            disabled={decide.isPending}
          >
            {t.actionLabels[a]}
          </Button>
        ))}
      </Box>
    </Section>
  );
}
