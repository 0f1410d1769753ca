import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import type { ApplicationDetail } from '@stoa/shared/applications';

import { errorText, isApiError } from '../../../../lib/api-error';
import { useMessages } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { useSldcApplicationsMessages } from '../../i18n';
import { RemarksDialog } from './remarks-dialog';
import { SLDC_DECISIONS, type SldcDecision, useApplicationDecision } from '../../api/sldc-queries';

const ORDER: SldcDecision[] = ['Forward', 'Approve', 'Return', 'Reject'];
const STYLE: Record<SldcDecision, { variant: 'contained' | 'outlined'; color: 'primary' | 'warning' | 'error' }> = {
  Forward: { variant: 'contained', color: 'primary' },
  Approve: { variant: 'contained', color: 'primary' },
  Return: { variant: 'outlined', color: 'warning' },
  Reject: { variant: 'outlined', color: 'error' },
};
const REMARKS_REQUIRED: readonly SldcDecision[] = ['Return', 'Reject'];

/** The SLDC's actions the server allows the caller now (detail.allowedActions), in button order. */
export function sldcActions(allowed: ApplicationDetail['allowedActions']): SldcDecision[] {
  return ORDER.filter((a) => (allowed as readonly string[]).includes(a) && SLDC_DECISIONS.includes(a));
}

/**
 * 'Workflow Actions' of an application for the load-centre roles: 'Accept' (SLDC verification),
 * Approve (approvers), 'Seek Clarification' and Reject, each confirmed with remarks and sent with the
 * version the user saw. A 409 (someone acted first) closes the dialog, says so and reloads.
 */
export function SldcApplicationActions({ application, onChanged }: { application: ApplicationDetail; onChanged: () => void }) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const titleId = useId();
  const decide = useApplicationDecision();
  const [action, setAction] = useState<SldcDecision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const actions = sldcActions(application.allowedActions);

  const confirm = async (remarks: string) => {
    if (!action) return;
    setError(null);
    try {
      const saved = await decide.mutateAsync({
        action,
        type: application.applicationType,
        id: application.id,
        version: application.version,
        remarks,
      });
      notify.success(t.actionDone(all.actionLabels[action], saved.applicationNo));
      setAction(null);
      setConflict(null);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        setAction(null);
        setConflict(failure.firstMessage || all.errors.statusConflict);
        onChanged();
        return;
      }
      setError(errorText(failure, m.common.genericError));
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ borderTop: 3, borderTopColor: actions.length > 0 ? 'primary.main' : 'divider' }}
    >
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t.actionsTitle}
        </Typography>
        {conflict && (
          <Alert severity="warning" sx={{ mt: 1.5 }} onClose={() => setConflict(null)}>
            <strong>{t.conflictTitle}.</strong> {conflict}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: actions.length > 0 ? 2 : 0 }}>
          {actions.length > 0 ? t.actionsHint : t.noActions}
        </Typography>
        {actions.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, '& > *': { flex: { xs: '1 1 100%', sm: '1 1 auto' } } }}>
            {actions.map((a) => (
              <Button
                key={a}
                variant={STYLE[a].variant}
                color={STYLE[a].color}
                disabled={decide.isPending}
                onClick={() => {
                  setError(null);
                  setAction(a);
                }}
              >
                {all.actionLabels[a]}
              </Button>
            ))}
          </Box>
        )}
      </CardContent>
      {action && (
        <RemarksDialog
          label={all.actionLabels[action]}
          required={REMARKS_REQUIRED.includes(action)}
          destructive={action === 'Reject'}
          busy={decide.isPending}
          error={error}
          onConfirm={(remarks) => void confirm(remarks)}
          onClose={() => setAction(null)}
        />
      )}
    </Card>
  );
}
