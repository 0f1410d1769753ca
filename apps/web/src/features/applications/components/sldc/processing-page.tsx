import ArrowBack from '@mui/icons-material/ArrowBack';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import type { ApplicationType, ProcessingResult } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';

import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../../components/list-states';
import { PageHeader } from '../../../../components/page-header';
import { StatusPage } from '../../../../components/status-page';
import { visuallyHidden } from '../../../../lib/a11y';
import { errorText } from '../../../../lib/api-error';
import { useAuthUser } from '../../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../../lib/dates';
import { INVALID_DATE } from '../../../../lib/form/date-input';
import { LazyDateInput } from '../../../../lib/form/lazy-date-field';
import { useMessages } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { ContingencyTabs } from './application-list-page';
import { parseSldcType, sldcListPath, sldcProcessingPath } from './application-type';
import { useSldcApplicationsMessages } from '../../i18n';
import { sldcApplicationQueries, useAllocateProRataPreview, useProcessApplications } from '../../api/sldc-queries';
import { ProRataPreviewDialog, Section } from './processing-parts';
import { RunResult } from './processing-run-result';

export { grantedShare } from './processing-parts';

/** The date a run is usually made for: Day-Ahead applications are for tomorrow, the others start today (IST). */
export function defaultProcessingDate(type: ApplicationType, now = new Date()): string {
  return istDate(type === 'DayAhead' ? new Date(now.getTime() + 86_400_000) : now);
}

/**
 * A date of the type's batch: the SLDC business user processes it (ProcessApplications/{type}/{date}
 * after a confirmation); every load-centre role can preview its pro-rata shares (AllocateProRata).
 */
function BatchForm({
  type,
  canProcess,
  onProcessed,
}: {
  type: ApplicationType;
  canProcess: boolean;
  onProcessed: (result: ProcessingResult) => void;
}) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const typeLabel = all.typeLabels[type];
  const [date, setDate] = useState(() => defaultProcessingDate(type));
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const process = useProcessApplications();
  const preview = useAllocateProRataPreview();

  const valid = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setProblem(date === INVALID_DATE ? m.validation.dateInvalid : m.common.required(t.processingDate));
      return false;
    }
    setProblem(null);
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canProcess || !valid()) return;
    process.reset();
    setConfirming(true);
  };

  const showPreview = () => {
    if (!valid()) return;
    setPreviewing(date);
    preview.mutate({ type, date });
  };

  const run = async () => {
    setConfirming(false);
    try {
      const result = await process.mutateAsync({ type, date });
      notify.success(t.processed(typeLabel, formatDisplayDate(result.run.processingDate)));
      onProcessed(result);
    } catch {
      // Shown under the form (409 already processed, 422 nothing to process, …).
    }
  };

  return (
    <Section
      title={canProcess ? t.processTitle : t.previewFormTitle}
      hint={canProcess ? t.processHint(typeLabel) : t.previewFormHint(typeLabel)}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-busy={process.isPending}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <LazyDateInput
          label={t.processingDate}
          value={date}
          onChange={setDate}
          required
          error={problem !== null}
          helperText={problem ?? undefined}
          disabled={process.isPending}
          fullWidth={false}
          sx={{ minWidth: 220 }}
        />
        {canProcess && (
          <Button type="submit" variant="contained" size="large" startIcon={<PlayArrow />} disabled={process.isPending} sx={{ mt: 0.5 }}>
            {process.isPending ? t.processingRunning : t.process}
          </Button>
        )}
        <Button
          type="button"
          variant="outlined"
          size="large"
          startIcon={<Visibility />}
          disabled={process.isPending || preview.isPending}
          onClick={showPreview}
          sx={{ mt: 0.5 }}
        >
          {preview.isPending ? t.previewRunning : t.previewProRata}
        </Button>
      </Box>
      {process.isPending && (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress aria-label={t.processingRunning} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t.processingRunning}
          </Typography>
        </Box>
      )}
      {process.isError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => process.reset()}>
          {errorText(process.error, m.common.genericError)}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.confirmProcessTitle}
        text={t.confirmProcess(typeLabel, formatDisplayDate(date))}
        hint={t.confirmProcessHint}
        confirmLabel={t.process}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
      <ProRataPreviewDialog
        open={previewing !== null}
        type={type}
        date={previewing ?? date}
        pending={preview.isPending}
        error={preview.error}
        preview={preview.data}
        onClose={() => {
          setPreviewing(null);
          preview.reset();
        }}
      />
    </Section>
  );
}

/** GetApplicationProcessingDates of the type: the runs, newest first, each opening its result. */
function RunList({ type, selected, onSelect }: { type: ApplicationType; selected: string | null; onSelect: (date: string) => void }) {
  const t = useSldcApplicationsMessages().sldc;
  const runs = useQuery(sldcApplicationQueries.processingDates(type));
  let body;
  if (runs.isPending) body = <ListLoading rows={3} />;
  else if (runs.isError) body = <ListError onRetry={() => void runs.refetch()} />;
  else if (runs.data.length === 0)
    body = (
      <Box sx={{ textAlign: 'center' }}>
        <ListEmpty text={t.runsEmpty} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: -2, pb: 2 }}>
          {t.runsEmptyHint}
        </Typography>
      </Box>
    );
  else
    body = (
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t.runsTitle}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight: 360,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Table size="small" stickyHeader aria-label={t.runsTitle}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t.processingDate}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.runStatus}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t.applications}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.finishedAt}
              </TableCell>
              <TableCell component="th" scope="col">
                <Box component="span" sx={visuallyHidden}>
                  {t.actions}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.map((run) => {
              const current = run.processingDate === selected;
              return (
                <TableRow key={run.id} selected={current}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {formatDisplayDate(run.processingDate)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t.runStatusLabels[run.status]}
                      sx={{ bgcolor: run.status === 'Congested' ? 'warning.dark' : 'success.dark', color: '#fff', fontWeight: 500 }}
                    />
                  </TableCell>
                  <TableCell align="right">{run.applicationCount}</TableCell>
                  <TableCell>{formatIstDateTime(run.finishedAt)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => onSelect(run.processingDate)}
                      disabled={current}
                      aria-label={t.showResultOf(formatDisplayDate(run.processingDate))}
                    >
                      {current ? t.selected : t.showResult}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return <Section title={t.runsTitle}>{body}</Section>;
}

function Processing({ type, contingency }: { type: ApplicationType; contingency: boolean }) {
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const role = useAuthUser()?.role;
  const [search, setSearch] = useSearchParams();
  const selected = search.get('date');
  const select = (date: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('date', date);
        return next;
      },
      { replace: true },
    );
  return (
    <Box>
      <PageHeader
        title={t.processingTitle(contingency ? t.contingency : all.typeLabels[type])}
        subtitle={t.processingSubtitle}
        actions={
          <Button component={Link} to={sldcListPath(type)} startIcon={<ArrowBack />} variant="outlined">
            {t.back}
          </Button>
        }
      />
      {contingency && <ContingencyTabs type={type} to={(c) => sldcProcessingPath(c)} />}
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <BatchForm type={type} canProcess={role === 'SLDCBusinessUser'} onProcessed={(result) => select(result.run.processingDate)} />
        <RunList type={type} selected={selected} onSelect={select} />
        {selected ? (
          <RunResult key={selected} type={type} processingDate={selected} role={role} />
        ) : (
          <Section title={t.resultNone}>
            <ListEmpty text={t.resultEmpty} />
          </Section>
        )}
      </Box>
    </Box>
  );
}

/**
 * `/applications/sldc/:applicationType/processing` (load-centre roles): the SLDC business user
 * processes a type's batch of a date (ProcessApplications); everyone sees the runs
 * (GetApplicationProcessingDates) and a run's result (GetApplicationProcessingResult); approvers
 * approve a run's applications month by month (ApproveAll). Every load-centre role previews the
 * pro-rata shares of a date's batch (AllocateProRata, nothing saved); the business user hands the
 * margin left now to a run's short applications (AllocateQuantumProRataBasis).
 */
export function SldcProcessingPage() {
  const t = useSldcApplicationsMessages().sldc;
  const { applicationType } = useParams();
  const [search] = useSearchParams();
  const route = parseSldcType(applicationType, search.get('type'));
  if (!route) return <StatusPage title={t.unknownType} />;
  return <Processing key={route.type} type={route.type} contingency={route.kind === 'Contingency'} />;
}
