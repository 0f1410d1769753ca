import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { jobsEndpoints, type JobOutcome, RECURRING_JOBS_PAGE_SIZE, type RecurringJob } from '@stoa/shared/jobs';
import { messages } from '@stoa/shared/messages';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { call } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-error';
import { formatIstDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { jobQueries } from '../api/job-queries';
import { useJobsMessages } from '../i18n';

const OUTCOME_COLOR = { Succeeded: 'success', Failed: 'error', Processing: 'info' } as const;

function When({ value, none }: { value: string | null; none: string }) {
  if (!value) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {none}
      </Typography>
    );
  }
  return (
    <Box component="time" dateTime={value} sx={{ whiteSpace: 'nowrap' }}>
      {formatIstDateTime(value)}
    </Box>
  );
}

function OutcomeChip({ outcome }: { outcome: JobOutcome }) {
  const t = useJobsMessages();
  // MUI's info blue is below 4.5:1 behind white chip text: its dark shade instead.
  const sx = outcome === 'Processing' ? { bgcolor: 'info.dark', color: '#fff' } : undefined;
  return (
    <Chip
      size="small"
      color={OUTCOME_COLOR[outcome]}
      variant={outcome === 'Succeeded' ? 'outlined' : 'filled'}
      label={t.outcomes[outcome]}
      sx={sx}
    />
  );
}

/**
 * The Admin's 'Recurring Jobs' table (spec 000 §2 /hangfire): id, job, next execution, last
 * execution (with how it ended, and 'Late' when a scheduled run has not started) and created, for the
 * first 50 recurring jobs; times in IST. The Admin's dashboard counts its Failed and Late rows.
 */
export function RecurringJobsPage() {
  const t = useJobsMessages();
  const jobs = useQuery(jobQueries.recurring());
  const rows = jobs.data ?? [];
  const refreshing = jobs.isFetching && !jobs.isPending;
  const queryClient = useQueryClient();
  const runNow = useMutation({
    mutationFn: (id: string) => call(jobsEndpoints.triggerRecurringJob, { params: { id }, body: {} }),
    onSuccess: (result) => {
      notify.success(t.queued(result.id));
      void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
    },
    onError: (error) => notify.error(errorText(error, messages.common.genericError)),
  });
  const columns: Column<RecurringJob>[] = [
    {
      key: 'id',
      header: t.id,
      render: (x) => (
        <Box
          component="code"
          sx={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.85rem',
            fontWeight: 600,
            whiteSpace: 'nowrap',
          }}
        >
          {x.id}
        </Box>
      ),
    },
    {
      key: 'job',
      header: t.job,
      minWidth: 240,
      render: (x) => (
        <>
          <Box component="span" sx={{ display: 'block' }}>
            {x.job}
          </Box>
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          >
            {t.schedule(x.cron, x.timeZone)}
          </Typography>
        </>
      ),
    },
    { key: 'next', header: t.nextExecution, render: (x) => <When value={x.nextExecution} none={t.notScheduled} /> },
    { key: 'last', header: t.lastExecution, render: (x) => <When value={x.lastExecution} none={t.neverRun} /> },
    {
      key: 'outcome',
      header: t.lastOutcome,
      render: (x) =>
        x.lastOutcome || x.late ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {x.lastOutcome && <OutcomeChip outcome={x.lastOutcome} />}
            {x.late && <Chip size="small" color="warning" label={t.late} title={t.lateHint} aria-label={`${t.late}: ${t.lateHint}`} />}
          </Box>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    { key: 'created', header: t.created, render: (x) => <When value={x.created} none="" /> },
    {
      key: 'actions',
      header: t.actions,
      render: (x) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={runNow.isPending && runNow.variables === x.id ? <CircularProgress size={14} aria-hidden="true" /> : <PlayArrow />}
          disabled={runNow.isPending}
          aria-label={t.runNowOf(x.id)}
          onClick={() => runNow.mutate(x.id)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t.runNow}
        </Button>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button
            variant="outlined"
            startIcon={refreshing ? <CircularProgress size={16} aria-hidden="true" /> : <Refresh />}
            disabled={jobs.isFetching}
            onClick={() => void jobs.refetch()}
          >
            {t.refresh}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          {jobs.isPending ? (
            <ListLoading rows={3} />
          ) : jobs.isError ? (
            <ListError onRetry={() => void jobs.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={t.none} />
          ) : (
            <>
              <ListTable
                label={t.tableLabel}
                columns={columns}
                rows={rows.slice(0, RECURRING_JOBS_PAGE_SIZE)}
                rowKey={(x) => x.id}
                minWidth={900}
                stackOnPhone
                columnChooser={messages.common.columns}
              />
              {rows.length >= RECURRING_JOBS_PAGE_SIZE && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {t.firstOnly(RECURRING_JOBS_PAGE_SIZE)}
                </Typography>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
