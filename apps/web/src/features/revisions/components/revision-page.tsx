import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import type { RevisionDetail } from '@stoa/shared/revisions';

import { FormDialog } from '../../../components/form-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useRevisionMessages } from '../i18n';
import { type RevisionDecisionAction, revisionQueries, useRevisionDecision } from '../api/revision-queries';
import { RevisionStatusChip } from './status-chip';
import { Versions } from './revision-versions';
import { Field, FieldList, Section } from '../../../components/detail-section';

function Summary({ revision }: { revision: RevisionDetail }) {
  const all = useRevisionMessages();
  const t = all.pages;
  const f = all.fields;
  const a = revision.application;
  return (
    <Section title={t.summaryTitle}>
      <FieldList>
        <Field label={t.statusLabel}>
          <RevisionStatusChip status={revision.status} />
        </Field>
        <Field label={t.applicationLabel}>{`${a.applicationNo} (${a.sellerName} → ${a.buyerName})`}</Field>
        <Field label={t.requestedByLabel}>{`${revision.requestedBy.name}, ${formatIstDateTime(revision.requestedAt)}`}</Field>
        <Field
          label={t.effectiveLabel}
        >{`${formatDisplayDate(revision.effective.date)} ${revision.effective.time} (block ${revision.effective.block})`}</Field>
        <Field label={t.version}>
          {revision.scheduleVersion === null
            ? '—'
            : revision.status === 'Requested'
              ? t.proposedLabel(revision.scheduleVersion)
              : t.versionLabel(revision.scheduleVersion)}
        </Field>
        <Field label={t.remarksLabel}>{revision.remarks ?? '—'}</Field>
      </FieldList>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
        {t.rowsTitle}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t.rowsTitle}>
        <Table size="small" aria-label={t.rowsTitle}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{f.oaFromDate}</TableCell>
              <TableCell>{f.oaToDate}</TableCell>
              <TableCell>{f.fromTimeBlock}</TableCell>
              <TableCell>{f.toTimeBlock}</TableCell>
              <TableCell align="right">{f.revisedRequirement}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revision.revisionList.map((r) => (
              <TableRow key={r.rowNo}>
                <TableCell>{r.rowNo}</TableCell>
                <TableCell>{formatDisplayDate(r.oaFromDate)}</TableCell>
                <TableCell>{formatDisplayDate(r.oaToDate)}</TableCell>
                <TableCell>{r.fromTimeBlock}</TableCell>
                <TableCell>{r.toTimeBlock}</TableCell>
                <TableCell align="right">{r.revisedRequirement}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
        {t.chargesTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t.chargesHint} {revision.status === 'Requested' ? t.chargesEstimate : ''}
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        <FieldList>
          <Field label={t.reduced}>{t.mwh(revision.reducedMwh)}</Field>
          <Field label={t.retained}>{t.mwh(revision.retainedMwh)}</Field>
          <Field label={t.released}>{t.mwh(revision.releasedMwh)}</Field>
        </FieldList>
      </Box>
    </Section>
  );
}

function DecisionDialog({
  action,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  action: RevisionDecisionAction;
  busy: boolean;
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}) {
  const all = useRevisionMessages();
  const t = all.pages;
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = all.actionLabels[action];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action === 'Reject' && !remarks.trim()) {
      setProblem(all.errors.remarksRequired);
      return;
    }
    onConfirm(remarks.trim());
  };
  return (
    <FormDialog
      title={t.confirmAction(label)}
      busy={busy}
      banner={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={t.working}
      submitColor={action === 'Reject' ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={4}
        label={t.remarks}
        required={action === 'Reject'}
        value={remarks}
        onChange={(e) => {
          setRemarks(e.target.value);
          if (problem && e.target.value.trim()) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? t.remarksHint}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

/** Approve / Reject for the SLDC business user (allowedActions), with remarks and the version seen; a 409 reloads. */
function Actions({ revision, onChanged }: { revision: RevisionDetail; onChanged: () => void }) {
  const m = useMessages();
  const all = useRevisionMessages();
  const t = all.pages;
  const decide = useRevisionDecision();
  const [action, setAction] = useState<RevisionDecisionAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const actions = (['Approve', 'Reject'] as const).filter((a) => revision.allowedActions.includes(a));
  const confirm = async (remarks: string) => {
    if (!action) return;
    setError(null);
    try {
      const saved = await decide.mutateAsync({ action, revisionId: revision.id, version: revision.version, remarks });
      notify.success(t.actionDone(all.actionLabels[action], saved.revisionNo));
      setAction(null);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        setAction(null);
        setConflict(failure.firstMessage);
        onChanged();
        return;
      }
      setError(isApiError(failure) && failure.status === 422 ? failure.message : errorText(failure, m.common.genericError));
    }
  };
  return (
    <Section title={t.actionsTitle} hint={actions.length > 0 ? t.actionsHint : t.noActions}>
      {conflict && (
        <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setConflict(null)}>
          <strong>{t.conflictTitle}.</strong> {conflict}
        </Alert>
      )}
      {actions.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'Approve' ? 'contained' : 'outlined'}
              color={a === 'Approve' ? 'primary' : 'error'}
              disabled={decide.isPending}
              onClick={() => setAction(a)}
            >
              {all.actionLabels[a]}
            </Button>
          ))}
        </Box>
      )}
      {action && (
        <DecisionDialog
          action={action}
          busy={decide.isPending}
          error={error}
          onConfirm={(r) => void confirm(r)}
          onClose={() => setAction(null)}
        />
      )}
    </Section>
  );
}

function History({ revision }: { revision: RevisionDetail }) {
  const all = useRevisionMessages();
  const t = all.pages;
  return (
    <Section title={t.historyTitle}>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {revision.history.map((h, i) => (
          <li key={i}>
            <Typography variant="body2">
              <strong>{all.actionLabels[h.action]}</strong> — {all.statusLabels[h.toStatus]} · {h.actorName ?? ''} ·{' '}
              {formatIstDateTime(h.at)}
              {h.remarks ? ` · ${h.remarks}` : ''}
            </Typography>
          </li>
        ))}
      </Box>
    </Section>
  );
}

/**
 * `/revision/:revisionId/:applicationId`: the revision (rows, effective block, charge figures), the
 * SLDC's actions, the version history of the application's schedule with the difference per block
 * range between any two versions (by default this revision's change), and the history.
 */
export function RevisionPage() {
  const m = useMessages();
  const t = useRevisionMessages().pages;
  const { revisionId = '', applicationId = '' } = useParams();
  const user = useAuthUser();
  const query = useQuery(revisionQueries.detail(revisionId, applicationId));
  const sldc = user ? (LOAD_CENTRE_ROLES as readonly string[]).includes(user.role) : false;
  const back = (
    <Button component={Link} to={sldc ? '/revision/sldc' : '/revision/oa'} startIcon={<ArrowBack />} variant="outlined">
      {t.back}
    </Button>
  );
  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} aria-label={m.common.loading} />
      </Box>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Box>
        <PageHeader title={t.notFound} actions={back} />
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {m.common.retry}
              </Button>
            )
          }
        >
          {missing ? t.notFound : m.common.fetchError}
        </Alert>
      </Box>
    );
  }
  const revision = query.data;
  return (
    <Box>
      <PageHeader title={`${t.summaryTitle} ${revision.revisionNo}`} subtitle={revision.application.applicationNo} actions={back} />
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {sldc && <Actions revision={revision} onChanged={() => void query.refetch()} />}
        <Summary revision={revision} />
        <Versions key={`${revision.id}-${revision.version}`} revision={revision} />
        <History revision={revision} />
      </Box>
    </Box>
  );
}
