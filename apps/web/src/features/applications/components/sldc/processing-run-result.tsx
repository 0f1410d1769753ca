import CallSplit from '@mui/icons-material/CallSplit';
import DoneAll from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { APPLICATION_TRANSITIONS, type ApplicationStatus, type ApplicationType, type QuantumAllocation } from '@stoa/shared/applications';
import type { Role } from '@stoa/shared/account';

import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ListLoading } from '../../../../components/list-states';
import { errorText } from '../../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../../lib/dates';
import { useMessages } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { ApplicationStatusChip } from '../common/status-chip';
import { sldcViewPath } from './application-type';
import { useSldcApplicationsMessages } from '../../i18n';
import { sldcApplicationQueries, useAllocateQuantum, useApproveAll } from '../../api/sldc-queries';
import { AllocationTable, Count, grantedShare, monthLabel, Section } from './processing-parts';

/** The status `role` approves from, read from the workflow table (Approver I: STOA approved; Approver II: approved by Approver I). */
const approvesFrom = (role: Role): ApplicationStatus | undefined =>
  APPLICATION_TRANSITIONS.find((t) => t.action === 'Approve' && t.actor === role)?.from;

/** ApproveAll/{type}/{processingDate}/{month} for one month of the run, after a confirmation. */
export function ApproveAllButton({
  type,
  processingDate,
  month,
  pending,
}: {
  type: ApplicationType;
  processingDate: string;
  month: string;
  pending: number;
}) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const approveAll = useApproveAll();
  const [confirming, setConfirming] = useState(false);
  const label = t.approveAllOf(monthLabel(month));
  const run = async () => {
    try {
      const result = await approveAll.mutateAsync({ type, processingDate, month });
      notify.success(t.approvedAll(result.approvedCount, result.skippedCount));
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      notify.error(errorText(error, m.common.genericError));
    }
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<DoneAll />}
        disabled={pending === 0 || approveAll.isPending}
        onClick={() => setConfirming(true)}
      >
        {`${label} · ${pending}`}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t.approveAllTitle}
        text={t.confirmApproveAll(all.typeLabels[type], formatDisplayDate(processingDate), monthLabel(month))}
        confirmLabel={all.actionLabels.Approve}
        busyLabel={t.working}
        busy={approveAll.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** AllocateQuantumProRataBasis/{processingDate}/{type} (SLDC business user): after a confirmation, with its result. */
export function AllocateMargin({ type, processingDate }: { type: ApplicationType; processingDate: string }) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const allocate = useAllocateQuantum();
  const [confirming, setConfirming] = useState(false);
  const [allocation, setAllocation] = useState<QuantumAllocation | null>(null);
  const run = async () => {
    try {
      const result = await allocate.mutateAsync({ type, processingDate });
      setAllocation(result);
      notify.success(t.allocated(result.allocatedCount, result.allocatedMwh));
    } catch {
      // Shown under the button (404 no run, 422 nothing to allocate, 409 busy or changed).
    }
    setConfirming(false);
  };
  return (
    <Box sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t.allocateHint}
      </Typography>
      <Button
        variant="contained"
        startIcon={<CallSplit />}
        disabled={allocate.isPending}
        onClick={() => {
          allocate.reset();
          setAllocation(null);
          setConfirming(true);
        }}
      >
        {allocate.isPending ? t.allocating : t.allocate}
      </Button>
      {allocate.isPending && (
        <Box sx={{ mt: 1.5 }} role="status">
          <LinearProgress aria-label={t.allocating} />
        </Box>
      )}
      {allocate.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => allocate.reset()}>
          {errorText(allocate.error, m.common.genericError)}
        </Alert>
      )}
      {allocation && (
        <Box sx={{ mt: 1.5 }}>
          <Alert severity="success" sx={{ mb: 1.5 }} onClose={() => setAllocation(null)}>
            {t.allocated(allocation.allocatedCount, allocation.allocatedMwh)}
          </Alert>
          {allocation.applicationList.length > 0 && (
            <AllocationTable label={t.allocationLabel} items={allocation.applicationList} type={type} mode="allocation" />
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.allocateTitle}
        text={t.confirmAllocate(all.typeLabels[type], formatDisplayDate(processingDate))}
        hint={t.confirmAllocateHint}
        confirmLabel={t.allocate}
        busyLabel={t.allocating}
        busy={allocate.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** GetApplicationProcessingResult: the run's summary, each application's outcome and, for approvers, Approve All. */
export function RunResult({ type, processingDate, role }: { type: ApplicationType; processingDate: string; role: Role | undefined }) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const result = useQuery(sldcApplicationQueries.processingResult(type, processingDate));
  const title = t.resultTitle(formatDisplayDate(processingDate));
  if (result.isPending)
    return (
      <Section title={title}>
        <ListLoading rows={4} />
      </Section>
    );
  if (result.isError)
    return (
      <Section title={title}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              {m.common.retry}
            </Button>
          }
        >
          {errorText(result.error, t.resultError)}
        </Alert>
      </Section>
    );
  const { run, applicationList } = result.data;
  const level = role ? approvesFrom(role) : undefined;
  const months = [...new Set(applicationList.map((a) => a.month))].sort();
  return (
    <Section
      title={title}
      hint={t.startedBy(run.startedBy.name, formatIstDateTime(run.finishedAt))}
      action={
        <Chip color={run.status === 'Congested' ? 'warning' : 'success'} label={`${t.runStatus}: ${t.runStatusLabels[run.status]}`} />
      }
    >
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, mb: 2 }}>
        <Count label={t.applicationCount} value={run.applicationCount} />
        <Count label={t.approvedCount} value={run.approvedCount} tone="success.dark" />
        <Count label={t.partiallyApprovedCount} value={run.partiallyApprovedCount} tone="warning.dark" />
        <Count label={t.rejectedCount} value={run.rejectedCount} tone="error.dark" />
        {run.status === 'Congested' && <Count label={t.congestedBlocks} value={run.congestedBlockCount} tone="error.dark" />}
      </Box>
      {run.status === 'Congested' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{t.runStatusLabels.Congested}</AlertTitle>
          {t.congestedHint}
        </Alert>
      )}
      {run.congestedElements.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t.congestedElements}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
            {run.congestedElements.map((e) => (
              <li key={e}>
                <Chip color="error" variant="outlined" label={e === '' ? t.noPathElement : e} />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {role === 'SLDCBusinessUser' && <AllocateMargin type={type} processingDate={run.processingDate} />}
      {level && months.length > 0 && (
        <Box sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t.approveAllHint}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {months.map((month) => (
              <ApproveAllButton
                key={month}
                type={type}
                processingDate={run.processingDate}
                month={month}
                pending={applicationList.filter((a) => a.month === month && a.status.status === level).length}
              />
            ))}
          </Box>
        </Box>
      )}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t.itemsLabel}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Table size="small" aria-label={t.itemsLabel}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t.applicationNo}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.seller}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.buyer}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.submittedOn}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.outcome}
              </TableCell>
              <TableCell component="th" scope="col">
                {t.currentStatus}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t.requestedMwh}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t.grantedMwh}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t.share}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {applicationList.map((item) => (
              <TableRow key={item.applicationId}>
                <TableCell component="th" scope="row">
                  <MuiLink component={Link} to={sldcViewPath(type, item.applicationId)} sx={{ fontWeight: 600 }}>
                    {item.applicationNo}
                  </MuiLink>
                </TableCell>
                <TableCell>{item.sellerName}</TableCell>
                <TableCell>{item.buyerName}</TableCell>
                <TableCell>{formatIstDateTime(item.submittedAt) || t.notApplicable}</TableCell>
                <TableCell>{t.outcomeLabels[item.outcome]}</TableCell>
                <TableCell>
                  <ApplicationStatusChip status={item.status.status} wrap />
                </TableCell>
                <TableCell align="right">{item.requestedMwh}</TableCell>
                <TableCell align="right">{item.grantedMwh}</TableCell>
                <TableCell align="right">{grantedShare(item.requestedMwh, item.grantedMwh)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
