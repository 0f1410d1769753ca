import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';

import type { InterStateRegistrationDetail } from '@stoa/shared/inter-state';
import { WORKFLOW_ACTION_LABELS } from '@stoa/shared/registrations';

import { Field, FieldList, Section } from '../../../components/detail-section';
import { FormDialog } from '../../../components/form-dialog';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { downloadIsrDocument, type ReviewAction, useIsrAction } from '../api/isr-queries';
import { useIsrMessages } from '../isr-i18n';
import { IsrStatusChip } from './isr-list-page';

/** The read-only parts of an inter-state registration's page: its values, documents, history and the reviewer's actions. */

/** The record's values, documents (downloads) and history, read-only. */
export function DetailView({ d }: { d: InterStateRegistrationDetail }) {
  const t = useIsrMessages();
  const w = t.web;
  const F = t.fields;
  const v = d.values;
  const { busy, download } = useDownload(w.downloadFailed);
  return (
    <>
      <Section title={w.summary}>
        <FieldList>
          <Field label={F.status}>
            <IsrStatusChip status={d.status.status} label={d.status.statusDescription} />
          </Field>
          <Field label={F.interStateRegistrationNo}>{d.interStateRegistrationNo ?? w.none}</Field>
          <Field label={F.entityName}>{`${d.entityName}${d.registrationNo ? ` (${d.registrationNo})` : ''}`}</Field>
          <Field label={F.utilityType}>{t.utilityTypeLabels[d.utilityType]}</Field>
          <Field label={F.utility}>{d.utilityName ?? w.none}</Field>
          <Field label={F.region}>{v.region ? t.regionLabels[v.region] : w.none}</Field>
          <Field label={F.noarRegistrationNo}>{v.noarRegistrationNo ?? w.none}</Field>
          <Field label={F.regionalEntityCode}>{v.regionalEntityCode ?? w.none}</Field>
          <Field label={F.transactionTypes}>{v.transactionTypes?.map((x) => t.transactionLabels[x]).join(', ') || w.none}</Field>
          <Field label={F.interStateQuantumMw}>{v.interStateQuantumMw !== undefined ? v.interStateQuantumMw.toFixed(2) : w.none}</Field>
          <Field label={F.mainMeterNo}>{v.mainMeterNo ?? w.none}</Field>
          <Field label={F.checkMeterNo}>{v.checkMeterNo ?? w.none}</Field>
          <Field label={t.steps.metering}>{v.meteringConfirmed && v.energyAccountingConfirmed ? w.yes : w.none}</Field>
          {d.submittedOn && <Field label="Submitted On">{formatIstDateTime(d.submittedOn)}</Field>}
          {d.approvedOn && <Field label="Approved On">{formatIstDateTime(d.approvedOn)}</Field>}
        </FieldList>
      </Section>
      <Section title={t.detail.documents}>
        {d.documents.length === 0 ? (
          <Typography variant="body2">{t.detail.noDocuments}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {busy && <LinearProgress aria-label={w.downloading} />}
            {d.documents.map((doc) => (
              <Box key={doc.fieldName} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                  <strong>{doc.label}</strong> · {doc.fileName}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  disabled={busy}
                  aria-label={w.documentDownload(doc.label)}
                  onClick={() => void download(() => downloadIsrDocument(doc.fileId, doc.fileName))}
                >
                  {busy ? w.downloading : t.actions.downloadPdf.replace(' PDF', '')}
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section title={w.historyTitle}>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {d.history.map((h, i) => (
            <li key={i}>
              <Typography variant="body2">
                <strong>
                  {h.action === 'Submit'
                    ? w.submitAction
                    : h.action === 'DeemedConsent'
                      ? w.deemedAction
                      : (WORKFLOW_ACTION_LABELS[h.action as ReviewAction] ?? h.action)}
                </strong>{' '}
                — {t.statusLabels[h.toStatus as keyof typeof t.statusLabels] ?? h.toStatus} · {h.actorName ?? w.system} ·{' '}
                {formatIstDateTime(h.createdOn)}
                {h.remarks ? ` · ${h.remarks}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      </Section>
    </>
  );
}

const NEGATIVE = new Set<ReviewAction>(['Return', 'Reject']);

/** The reviewer's workflow actions the server allows, each confirmed in a dialog with remarks; a 409 reloads. */
export function Actions({ d, onChanged }: { d: InterStateRegistrationDetail; onChanged: () => void }) {
  const m = useMessages();
  const t = useIsrMessages();
  const w = t.web;
  const act = useIsrAction();
  const actions = d.allowedActions.filter((a): a is ReviewAction => a !== 'Submit');
  const [action, setAction] = useState<ReviewAction | null>(null);
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  if (d.isOwner) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action) return;
    if (NEGATIVE.has(action) && !remarks.trim()) {
      setProblem(t.errors.remarksRequired);
      return;
    }
    setError(null);
    try {
      await act.mutateAsync({ action, id: d.id, version: d.version, remarks: remarks.trim() });
      notify.success(w.done(WORKFLOW_ACTION_LABELS[action], d.entityName));
      setAction(null);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        setAction(null);
        setConflict(failure.firstMessage);
        onChanged();
        return;
      }
      setError(errorText(failure, m.common.genericError));
    }
  };
  return (
    <Section title={w.actionsTitle} hint={actions.length > 0 ? w.actionsHint : w.noActions}>
      {conflict && (
        <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setConflict(null)}>
          <strong>{w.conflictTitle}.</strong> {conflict}
        </Alert>
      )}
      {actions.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {actions.map((a) => (
            <Button
              key={a}
              variant={NEGATIVE.has(a) ? 'outlined' : 'contained'}
              color={a === 'Reject' ? 'error' : 'primary'}
              disabled={act.isPending}
              onClick={() => {
                setError(null);
                setProblem(null);
                setRemarks('');
                setAction(a);
              }}
            >
              {WORKFLOW_ACTION_LABELS[a]}
            </Button>
          ))}
        </Box>
      )}
      {action && (
        <FormDialog
          title={w.confirmAction(WORKFLOW_ACTION_LABELS[action])}
          busy={act.isPending}
          banner={error}
          onSubmit={(e) => void submit(e)}
          onClose={() => setAction(null)}
          submitLabel={WORKFLOW_ACTION_LABELS[action]}
          busyLabel={w.working}
          submitColor={action === 'Reject' ? 'error' : 'primary'}
          grid={false}
        >
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={w.remarksLabel}
            required={NEGATIVE.has(action)}
            value={remarks}
            onChange={(e) => {
              setRemarks(e.target.value);
              if (problem && e.target.value.trim()) setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? (NEGATIVE.has(action) ? ' ' : w.remarksHint)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </FormDialog>
      )}
    </Section>
  );
}
