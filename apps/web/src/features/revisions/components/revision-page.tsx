import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import { REVISION_REMARKS_REQUIRED_ACTIONS, type RevisionDetail } from '@stoa/shared/revisions';

import { DecisionActions } from '../../../components/decision-actions';
import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { useRevisionMessages } from '../i18n';
import { revisionQueries, useRevisionDecision } from '../api/revision-queries';
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

/** Approve / Reject for the SLDC business user (allowedActions), with remarks and the version seen; a 409 reloads. */
function Actions({ revision, onChanged }: { revision: RevisionDetail; onChanged: () => void }) {
  const all = useRevisionMessages();
  const t = all.pages;
  const decide = useRevisionDecision();
  const actions = (['Approve', 'Reject'] as const).filter((a) => revision.allowedActions.includes(a));
  return (
    <DecisionActions
      actions={actions}
      label={(a) => all.actionLabels[a]}
      remarksRequired={REVISION_REMARKS_REQUIRED_ACTIONS}
      texts={{
        title: t.actionsTitle,
        hint: t.actionsHint,
        none: t.noActions,
        conflictTitle: t.conflictTitle,
        confirm: t.confirmAction,
        working: t.working,
        remarksLabel: t.remarks,
        remarksHint: t.remarksHint,
        requiredHint: t.remarksHint,
        remarksRequired: all.errors.remarksRequired,
      }}
      decide={async (action, remarks) => {
        const saved = await decide.mutateAsync({ action, revisionId: revision.id, version: revision.version, remarks });
        return t.actionDone(all.actionLabels[action], saved.revisionNo);
      }}
      busy={decide.isPending}
      onChanged={onChanged}
    />
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
    return (
      <DetailLoadState title={t.notFound} actions={back} error={query.error} notFound={t.notFound} onRetry={() => void query.refetch()} />
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
