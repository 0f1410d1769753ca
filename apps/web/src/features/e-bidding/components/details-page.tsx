import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';

import { displayTime, type EBiddingDetails } from '@stoa/shared/e-bidding';

import { ListEmpty } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { eBiddingQueries } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { BackToList } from './invitation-page';

/** Spec 000 §9: the e-bidding details grid shows 10 rows per page, paged in the browser. */
export const DETAILS_PAGE_SIZE = 10;

/** The details table: a page of 10 rows and the Total row (totals of every row, not just the page). */
export function EBiddingDetailsTable({ details }: { details: EBiddingDetails }) {
  const w = useEBiddingMessages().web;
  const [page, setPage] = useState(0);
  const rows = details.ebiddingDetails.slice(page * DETAILS_PAGE_SIZE, (page + 1) * DETAILS_PAGE_SIZE);
  if (details.ebiddingDetails.length === 0) return <ListEmpty text={w.detailsEmpty} />;
  const num = { align: 'right' as const };
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={w.detailsGrid}>
        <Table
          size="small"
          aria-label={w.detailsGrid}
          sx={{ minWidth: 1100, '& thead th': { fontWeight: 600, color: 'text.secondary' }, '& tbody td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{w.fromDate}</TableCell>
              <TableCell>{w.toDate}</TableCell>
              <TableCell>{w.fromTime}</TableCell>
              <TableCell>{w.toTime}</TableCell>
              <TableCell {...num}>{w.appliedQuantum}</TableCell>
              <TableCell {...num}>{w.appliedMwh}</TableCell>
              <TableCell {...num}>{w.approvedQuantum}</TableCell>
              <TableCell {...num}>{w.approvedMwh}</TableCell>
              <TableCell {...num}>{w.quotedPrice}</TableCell>
              <TableCell {...num}>{w.applicableStuPrice}</TableCell>
              <TableCell {...num}>{w.totalPrice}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={`${page}-${i}`}>
                <TableCell>{formatDisplayDate(r.fromDate)}</TableCell>
                <TableCell>{formatDisplayDate(r.toDate)}</TableCell>
                <TableCell>{displayTime(r.fromTime)}</TableCell>
                <TableCell>{displayTime(r.toTime)}</TableCell>
                <TableCell {...num}>{r.appliedQuantum}</TableCell>
                <TableCell {...num}>{r.appliedQuantumMwh}</TableCell>
                <TableCell {...num}>{r.approvedQuantum}</TableCell>
                <TableCell {...num}>{r.approvedQuantumMwh}</TableCell>
                <TableCell {...num}>{r.quotedPrice ?? '—'}</TableCell>
                <TableCell {...num}>{r.applicableSTUPrice ?? '—'}</TableCell>
                <TableCell {...num}>{r.totalApplicableSTUPrice}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableCell component="th" scope="row" colSpan={5}>
                {w.total}
              </TableCell>
              <TableCell {...num}>{details.totalAppliedQuantum}</TableCell>
              <TableCell />
              <TableCell {...num}>{details.totalApprovedQuantum}</TableCell>
              <TableCell colSpan={2} />
              <TableCell {...num}>{details.totalPrice}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={details.ebiddingDetails.length}
        page={page}
        onPageChange={(_e, next) => setPage(next)}
        rowsPerPage={DETAILS_PAGE_SIZE}
        rowsPerPageOptions={[DETAILS_PAGE_SIZE]}
      />
    </>
  );
}

/** `/e-bidding/details/:id` 'Ebidding Details' of an application (id) after processing (spec 000 §2). */
export function EBiddingDetailsPage() {
  const t = useEBiddingMessages();
  const w = t.web;
  const { id = '' } = useParams();
  const query = useQuery(eBiddingQueries.details(id));
  let body;
  if (query.isPending) body = <Skeleton variant="rounded" height={280} aria-label={w.loading} />;
  else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    body = (
      <Alert
        severity="error"
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {w.reload}
            </Button>
          )
        }
      >
        {notFound ? w.detailsNotFound : errorText(query.error, w.detailsNotFound)}
      </Alert>
    );
  } else
    body = (
      <Card>
        <CardContent>
          <EBiddingDetailsTable details={query.data} />
        </CardContent>
      </Card>
    );
  return (
    <Box>
      <PageHeader
        title={t.titles.details}
        subtitle={query.data ? `${query.data.applicationNo} · ${query.data.bidInvitationNo}` : undefined}
        actions={<BackToList />}
      />
      {body}
    </Box>
  );
}
