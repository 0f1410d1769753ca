import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import {
  INTER_STATE_REGISTRATION_REJECTED_STATUSES,
  INTER_STATE_REGISTRATION_TRANSITIONS,
  type InterStateRegistrationDetail,
} from '@stoa/shared/inter-state';
import { WORKFLOW_ACTION_LABELS, WORKFLOW_REMARKS_REQUIRED_ACTIONS } from '@stoa/shared/registrations';

import { Field, FieldList, Section } from '../../../components/detail-section';
import { DecisionActions } from '../../../components/decision-actions';
import { formatIstDateTime } from '../../../lib/dates';
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

/** The actions that end a record refused (Reject): shown in the error colour. */
const REFUSING = INTER_STATE_REGISTRATION_TRANSITIONS.filter((x) =>
  (INTER_STATE_REGISTRATION_REJECTED_STATUSES as readonly string[]).includes(x.to),
).map((x) => x.action);

/** The reviewer's workflow actions the server allows, each confirmed in a dialog with remarks; a 409 reloads. */
export function Actions({ d, onChanged }: { d: InterStateRegistrationDetail; onChanged: () => void }) {
  const t = useIsrMessages();
  const w = t.web;
  const act = useIsrAction();
  if (d.isOwner) return null;
  return (
    <DecisionActions
      actions={d.allowedActions.filter((a): a is ReviewAction => a !== 'Submit')}
      label={(a) => WORKFLOW_ACTION_LABELS[a]}
      remarksRequired={WORKFLOW_REMARKS_REQUIRED_ACTIONS}
      destructive={REFUSING}
      texts={{
        title: w.actionsTitle,
        hint: w.actionsHint,
        none: w.noActions,
        conflictTitle: w.conflictTitle,
        confirm: w.confirmAction,
        working: w.working,
        remarksLabel: w.remarksLabel,
        remarksHint: w.remarksHint,
        remarksRequired: t.errors.remarksRequired,
      }}
      decide={async (action, remarks) => {
        await act.mutateAsync({ action, id: d.id, version: d.version, remarks });
        return w.done(WORKFLOW_ACTION_LABELS[action], d.entityName);
      }}
      busy={act.isPending}
      onChanged={onChanged}
    />
  );
}
