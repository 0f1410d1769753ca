import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { type BidProposal, displayTime, type InvitationProposals } from '@stoa/shared/e-bidding';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { eBiddingDownloads, eBiddingQueries, useProcessInvitation } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { BackToList } from './invitation-page';
import { isNotFoundError } from './load-error';
import { LoadErrorAlert } from './load-error-alert';
import { detailsPath } from './paths';
import { EBiddingStatusChip } from './status-chip';

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const at = (date: string | null, time: string | null) => `${formatDisplayDate(date)} ${displayTime(time)}`.trim();

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

function CongestionDetails({ view }: { view: InvitationProposals }) {
  const w = useEBiddingMessages().web;
  return (
    <Card sx={{ mb: 2.5 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {w.congestionDetails}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Detail label={w.congestionFrom} value={at(view.congestionFromDate, view.congestionFromTime)} />
          <Detail label={w.congestionTo} value={at(view.congestionToDate, view.congestionToTime)} />
          <Detail label={w.deadline} value={at(view.lastDateOfSubmission, view.deadLine)} />
          <Detail label={w.appliedByAll} value={view.allApplicationsAppliedQuantum} />
          <Detail label={w.availableMargin} value={dash(view.availableMargin)} />
          <Detail label={w.floorPrice} value={dash(view.floorPrice)} />
          <Detail label={w.status} value={view.status.statusDescription} />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * `/e-bidding/process/:id` 'Process E-Bidded Applications' (spec 000 §2, §4; decision 0015): the
 * congestion details and the submitted proposals with the allocation the server would make (or the
 * recorded result); the SLDC business user approves when the API allows it ('E-Bidding Processed
 * Successfully', then back to the list). Prices stay sealed until the deadline has passed.
 */
export function ProcessPage() {
  const t = useEBiddingMessages();
  const w = t.web;
  const m = useMessages();
  const user = useAuthUser();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery(eBiddingQueries.proposalsOf(id));
  const process = useProcessInvitation();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const columns: Column<BidProposal>[] = [
    { key: 'applicationNo', header: w.applicationNo, render: (r) => r.applicationNo },
    { key: 'applicantName', header: w.applicantName, render: (r) => r.applicantName },
    { key: 'appliedQuantum', header: w.appliedQuantum, align: 'right', render: (r) => r.appliedQuantum },
    { key: 'quotedPrice', header: w.quotedPrice, align: 'right', render: (r) => (query.data?.sealed ? w.sealed : dash(r.quotedPrice)) },
    { key: 'allocatedQuantum', header: w.allocatedQuantum, align: 'right', render: (r) => dash(r.allocatedQuantum) },
    { key: 'applicablePrice', header: w.applicablePrice, align: 'right', render: (r) => dash(r.applicablePrice) },
    {
      key: 'details',
      header: w.details,
      hiddenHeader: true,
      render: (r) =>
        query.data?.status.status === 'Completed' ? (
          <Button size="small" component={Link} to={detailsPath(r.applicationId)} aria-label={w.detailsOf(r.applicationNo)}>
            {w.details}
          </Button>
        ) : null,
    },
  ];

  const approve = async (view: InvitationProposals) => {
    setProblem(null);
    try {
      await process.mutateAsync({
        bidInvitationId: view.bidInvitationId,
        congestionFromDate: view.congestionFromDate,
        congestionFromTime: view.congestionFromTime,
        congestionToDate: view.congestionToDate,
        congestionToTime: view.congestionToTime,
        applicationDetails: view.proposalList.map((p) => ({
          proposalId: p.proposalId,
          applicationId: p.applicationId,
          applicationNo: p.applicationNo,
          quotedPrice: p.quotedPrice,
          appliedQuantum: p.appliedQuantum,
          allocatedQuantum: p.allocatedQuantum,
          applicablePrice: p.applicablePrice,
        })),
      });
      setConfirming(false);
      notify.success(t.success.processed);
      await query.refetch();
      void navigate(WEB_ROUTES.eBidding.path);
    } catch (error) {
      setConfirming(false);
      setProblem(errorText(error, m.common.genericError));
      void query.refetch();
    }
  };

  if (query.isError && isNotFoundError(query.error)) return <NotFoundView />;
  let body;
  if (query.isPending) body = <Skeleton variant="rounded" height={320} aria-label={w.loading} />;
  else if (query.isError) {
    body = <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const view = query.data;
    const maker = user?.role === 'SLDCBusinessUser';
    body = (
      <>
        <CongestionDetails view={view} />
        <Card>
          <CardContent>
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {w.proposalsTitle}
              </Typography>
              <EBiddingStatusChip status={view.status.status} label={view.status.statusDescription} />
            </Stack>
            {view.sealed && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {w.sealedNote}
              </Alert>
            )}
            {view.status.status === 'Completed' && (
              <Alert severity="success" sx={{ mb: 2 }}>
                {w.completedNote}
              </Alert>
            )}
            {view.proposalList.length === 0 ? (
              <ListEmpty text={w.noProposals} />
            ) : (
              <ListTable label={w.proposalsTitle} columns={columns} rows={view.proposalList} rowKey={(r) => r.proposalId} stackOnPhone />
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {problem}
              </Alert>
            )}
            {maker && view.status.status !== 'Completed' && (
              <Stack direction="row" spacing={1.5} sx={{ mt: 3, alignItems: 'center', justifyContent: 'flex-end' }}>
                {!view.canProcess && (
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {w.cannotProcess}
                  </Typography>
                )}
                <Button
                  variant="contained"
                  startIcon={<CheckCircleOutline />}
                  disabled={!view.canProcess}
                  onClick={() => setConfirming(true)}
                >
                  {w.approve}
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
        <ConfirmDialog
          open={confirming}
          title={w.approveTitle}
          text={w.approveText}
          confirmLabel={w.approve}
          busyLabel={w.approving}
          busy={process.isPending}
          onConfirm={() => void approve(view)}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  }

  return (
    <Box>
      <PageHeader
        title={t.titles.process}
        subtitle={query.data ? w.processSubtitle(query.data.bidInvitationNo) : undefined}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {query.data && <ProposalsDownload id={query.data.bidInvitationId} />}
            <BackToList />
          </Stack>
        }
      />
      {body}
    </Box>
  );
}

function ProposalsDownload({ id }: { id: string }) {
  const w = useEBiddingMessages().web;
  const m = useMessages();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        eBiddingDownloads
          .proposalsOf(id)
          .catch((error: unknown) => notify.error(errorText(error, m.common.downloadFailed)))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? w.downloading : w.downloadProposals}
    </Button>
  );
}
