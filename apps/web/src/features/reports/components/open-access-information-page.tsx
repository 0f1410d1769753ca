import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';
import { type OpenAccessInformation, REFUSAL_REASONS } from '@stoa/shared/reports';

import { ListEmpty } from '../../../components/list-states';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { QueryProvider } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { openAccessInformationQuery } from '../api/open-access-information';
import { MarginsSection } from './open-access-margins';
import { DataTable, Section, useOpenAccessMessages } from './open-access-table';

/**
 * The public Open Access Information page (issue 15, decision 0085), signed in or not: the decisions
 * on applications by month, the margin available for the next days and the processing time of each
 * workflow step, all from one public call. Loading shows a progress bar, a failure an alert with a
 * retry, and each section says so when it has nothing to show.
 */
export function OpenAccessInformationPage() {
  const t = useOpenAccessMessages();
  useDocumentTitle(t.title);
  const signedIn = Boolean(useAuthUser());
  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 1120, mx: 'auto', p: { xs: 2, sm: 3, md: 4 }, borderRadius: 2 }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '1.9rem' } }}>
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 820 }}>
        {t.intro}
      </Typography>
      <QueryProvider>
        <Figures />
      </QueryProvider>
      {!signedIn && (
        <Box sx={{ mt: 4 }}>
          <Link component={RouterLink} to={WEB_ROUTES.login.path}>
            {t.signIn}
          </Link>
        </Box>
      )}
    </Paper>
  );
}

function Figures() {
  const t = useOpenAccessMessages();
  const q = useQuery(openAccessInformationQuery());
  if (q.isPending)
    return (
      <Box role="status" aria-label={t.loading} sx={{ mt: 3 }}>
        <LinearProgress aria-label={t.loading} />
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          {[120, 220, 180].map((h) => (
            <Skeleton key={h} variant="rounded" height={h} />
          ))}
        </Stack>
      </Box>
    );
  if (q.isError)
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ mt: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void q.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {t.error}
      </Alert>
    );
  const data = q.data;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.asOf(formatIstDateTime(data.generatedAt))}
      </Typography>
      <DecisionsSection data={data.decisions} />
      <MarginsSection data={data.margins} />
      <ProcessingSection data={data.processingTimes} />
    </>
  );
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function DecisionsSection({ data }: { data: OpenAccessInformation['decisions'] }) {
  const t = useOpenAccessMessages().decisions;
  const any = data.months.some((m) => m.approved + m.partiallyApproved + m.refused > 0);
  return (
    <Section title={t.title} intro={t.intro}>
      {any ? (
        <DataTable
          label={t.tableLabel}
          columns={[t.month, t.approved, t.partiallyApproved, t.refused, ...REFUSAL_REASONS.map((r) => t.reasons[r])]}
          numeric={(i) => i > 0}
          rows={data.months.map((m) => ({
            key: m.month,
            cells: [monthLabel(m.month), m.approved, m.partiallyApproved, m.refused, ...REFUSAL_REASONS.map((r) => m.refusedBy[r])],
          }))}
        />
      ) : (
        <ListEmpty text={t.empty} />
      )}
    </Section>
  );
}

function ProcessingSection({ data }: { data: OpenAccessInformation['processingTimes'] }) {
  const t = useOpenAccessMessages().processing;
  const any = data.steps.some((s) => s.count > 0);
  const time = (minutes: number | null) => (minutes === null ? t.none : t.duration(minutes));
  return (
    <Section title={t.title} intro={t.intro(formatDisplayDate(data.fromDate), formatDisplayDate(data.toDate))}>
      {any ? (
        <DataTable
          label={t.tableLabel}
          columns={[t.process, t.step, t.completed, t.median, t.p90]}
          numeric={(i) => i > 1}
          rows={data.steps.map((s) => ({
            key: `${s.process}.${s.status}`,
            cells: [
              t.processes[s.process],
              t.steps[`${s.process}.${s.status}`] ?? s.status,
              s.count,
              time(s.medianMinutes),
              time(s.p90Minutes),
            ],
          }))}
        />
      ) : (
        <ListEmpty text={t.empty} />
      )}
    </Section>
  );
}
