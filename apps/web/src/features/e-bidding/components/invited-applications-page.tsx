import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { EBIDDING_BIDDER_ROLES, EBIDDING_STATUS_LABELS, type InvitationDetail } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { ListEmpty } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { eBiddingQueries } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { BackToList } from './invitation-page';
import { isNotFoundError } from './load-error';
import { LoadErrorAlert } from './load-error-alert';
import { applyPath } from './paths';

type Invited = InvitationDetail['eBiddedApplications'][number];

/**
 * `/e-bidding/apply/:invitationId` (spec 000 §2 fragment /apply/:id?; issue 11 item 10): the invited
 * applications of one invitation the caller may see (a bidder: its own; staff: all), each opening
 * its Form ST3 — Apply while the bidder may still bid, View otherwise. An invitation that is not
 * found shows the not-found page (spec 000 §8).
 */
export function InvitedApplicationsPage() {
  const t = useEBiddingMessages();
  const w = t.web;
  const user = useAuthUser();
  const { invitationId = '' } = useParams();
  const query = useQuery(eBiddingQueries.invitation(invitationId));
  if (query.isError && isNotFoundError(query.error)) return <NotFoundView />;

  const bidder = !!user && (EBIDDING_BIDDER_ROLES as readonly Role[]).includes(user.role);
  const detail = query.data;
  const open = !!detail && (detail.status.status === 'Initiated' || detail.status.status === 'Submitted') && !detail.deadlinePassed;
  const columns: Column<Invited>[] = [
    { key: 'applicationNo', header: w.applicationNo, render: (r) => r.applicationNo },
    { key: 'applicantName', header: w.applicantName, render: (r) => r.applicantName },
    { key: 'fromDate', header: w.fromDate, render: (r) => formatDisplayDate(r.fromDate) },
    { key: 'toDate', header: w.toDate, render: (r) => formatDisplayDate(r.toDate) },
    { key: 'appliedQuantum', header: w.appliedQuantum, align: 'right', render: (r) => r.appliedQuantum },
    { key: 'status', header: w.status, render: (r) => EBIDDING_STATUS_LABELS[r.proposalStatus ?? 'None'] },
    {
      key: 'action',
      header: w.actions,
      render: (r) => {
        const apply =
          bidder &&
          open &&
          r.status === 'Invited' &&
          (r.proposalStatus === undefined || r.proposalStatus === 'None' || r.proposalStatus === 'Draft');
        const label = apply ? w.actionLabels.Apply! : w.view;
        return (
          <Button
            size="small"
            variant={apply ? 'contained' : 'outlined'}
            component={Link}
            to={applyPath(invitationId, r.applicationId, r.proposalId ?? r.id)}
            aria-label={w.actionOf(label, r.applicationNo)}
          >
            {label}
          </Button>
        );
      },
    },
  ];

  let body;
  if (query.isPending) body = <Skeleton variant="rounded" height={240} aria-label={w.loading} />;
  else if (query.isError) body = <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <Card>
        <CardContent>
          {query.data.eBiddedApplications.length === 0 ? (
            <ListEmpty text={w.invitedApplicationsEmpty} />
          ) : (
            <ListTable
              label={w.invitedApplicationsGrid}
              columns={columns}
              rows={query.data.eBiddedApplications}
              rowKey={(r) => r.id}
              stackOnPhone
            />
          )}
        </CardContent>
      </Card>
    );

  return (
    <Box>
      <PageHeader
        title={w.invitedApplicationsTitle}
        subtitle={detail ? `${detail.bidInvitationNo} · ${detail.status.statusDescription}` : undefined}
        actions={<BackToList />}
      />
      {body}
    </Box>
  );
}
