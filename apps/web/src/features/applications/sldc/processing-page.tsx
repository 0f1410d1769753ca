import ArrowBack from '@mui/icons-material/ArrowBack';
import CallSplit from '@mui/icons-material/CallSplit';
import DoneAll from '@mui/icons-material/DoneAll';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { type AllocationItem, type AllocationPreview, type ApplicationType, istDate, type ProcessingResult, type QuantumAllocation, type Role } from '@stoa/shared';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { StatusPage } from '../../../components/status-page';
import { visuallyHidden } from '../../../lib/a11y';
import { errorText } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { ApplicationStatusChip } from '../common/status-chip';
import { ContingencyTabs } from './application-list-page';
import { parseSldcType, sldcListPath, sldcProcessingPath, sldcViewPath } from './application-type';
import { useSldcApplicationsMessages } from './i18n';
import { sldcApplicationQueries, useAllocateProRataPreview, useAllocateQuantum, useApproveAll, useProcessApplications } from './sldc-queries';

/** The date a run is usually made for: Day-Ahead applications are for tomorrow, the others start today (IST). */
export function defaultProcessingDate(type: ApplicationType, now = new Date()): string {
  return istDate(type === 'DayAhead' ? new Date(now.getTime() + 86_400_000) : now);
}

/** 'YYYY-MM' as 'Nov 2026'. */
const monthLabel = (month: string) => formatDisplayDate(`${month}-01`).replace(/ \d{2},/, '');

/** Granted as a share of requested ('62.5 %'), or '–' without a request. */
export function grantedShare(requestedMwh: string, grantedMwh: string): string {
  const requested = Number(requestedMwh);
  if (!(requested > 0)) return '–';
  const pct = (Number(grantedMwh) / requested) * 100;
  return `${Number.isInteger(pct) ? pct : pct.toFixed(1)} %`;
}

/** The status an approver approves from (Approver I: STOA approved; Approver II: approved by Approver I). */
const APPROVER_LEVEL: Partial<Record<Role, string>> = { SLDCApproverI: 'STOAApproved', SLDCApproverII: 'SLDCApproverIApproved' };

function Section({ title, hint, children, action }: { title: string; hint?: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The applications of a pro-rata allocation: the preview's would-be grants or an allocation's before → now. */
function AllocationTable({ label, items, type, mode }: { label: string; items: AllocationItem[]; type: ApplicationType; mode: 'preview' | 'allocation' }) {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 420, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{t.applicationNo}</TableCell>
            <TableCell component="th" scope="col">{t.seller}</TableCell>
            <TableCell component="th" scope="col">{t.buyer}</TableCell>
            <TableCell component="th" scope="col" align="right">{t.requestedMwh}</TableCell>
            {mode === 'preview' ? (
              <>
                <TableCell component="th" scope="col" align="right">{t.previousGrantedMwh}</TableCell>
                <TableCell component="th" scope="col" align="right">{t.previewGranted}</TableCell>
              </>
            ) : (
              <TableCell component="th" scope="col" align="right">{t.grantedChange}</TableCell>
            )}
            <TableCell component="th" scope="col" align="right">{t.share}</TableCell>
            <TableCell component="th" scope="col">{t.outcome}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.applicationId}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {mode === 'allocation' ? (
                  <MuiLink component={Link} to={sldcViewPath(type, item.applicationId)} sx={{ fontWeight: 600 }}>
                    {item.applicationNo}
                  </MuiLink>
                ) : (
                  <Box component="span" sx={{ fontWeight: 600 }}>{item.applicationNo}</Box>
                )}
              </TableCell>
              <TableCell>{item.sellerName}</TableCell>
              <TableCell>{item.buyerName}</TableCell>
              <TableCell align="right">{item.requestedMwh}</TableCell>
              {mode === 'preview' ? (
                <>
                  <TableCell align="right">{item.previousGrantedMwh ?? t.notApplicable}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{item.grantedMwh}</TableCell>
                </>
              ) : (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${item.previousGrantedMwh ?? '0.00'} → ${item.grantedMwh}`}</TableCell>
              )}
              <TableCell align="right">{grantedShare(item.requestedMwh, item.grantedMwh)}</TableCell>
              <TableCell>{t.outcomeLabels[item.outcome]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** AllocateProRata's answer (a dry run) in a dialog: progress, the server's message, or the shares. */
function ProRataPreviewDialog({
  open,
  type,
  date,
  pending,
  error,
  preview,
  onClose,
}: {
  open: boolean;
  type: ApplicationType;
  date: string;
  pending: boolean;
  error: unknown;
  preview: AllocationPreview | undefined;
  onClose: () => void;
}) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const titleId = useId();
  let body;
  if (pending)
    body = (
      <Box role="status" sx={{ py: 2 }}>
        <LinearProgress aria-label={t.previewRunning} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.previewRunning}
        </Typography>
      </Box>
    );
  else if (error) body = <Alert severity="error">{errorText(error, m.common.genericError)}</Alert>;
  else if (preview)
    body = (
      <>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, mb: 2 }}>
          <Count label={t.applicationCount} value={preview.applicationList.length} />
          <Count label={t.previewDays} value={preview.days.length} />
          <Count label={t.previewRequested} value={preview.requestedMwh} />
          <Count label={t.previewGranted} value={preview.grantedMwh} tone="success.dark" />
          <Count label={t.congestedBlocks} value={preview.congestedBlockCount} tone={preview.congestedBlockCount > 0 ? 'error.dark' : undefined} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t.previewExplain}
        </Typography>
        <AllocationTable label={t.previewTableLabel} items={preview.applicationList} type={type} mode="preview" />
      </>
    );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t.previewTitle(all.typeLabels[type], formatDisplayDate(preview?.processingDate ?? date))}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.previewNotice}
        </Alert>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A date of the type's batch: the SLDC business user processes it (ProcessApplications/{type}/{date}
 * after a confirmation); every load-centre role can preview its pro-rata shares (AllocateProRata).
 */
function BatchForm({ type, canProcess, onProcessed }: { type: ApplicationType; canProcess: boolean; onProcessed: (result: ProcessingResult) => void }) {
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
      setProblem(m.common.required(t.processingDate));
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
    <Section title={canProcess ? t.processTitle : t.previewFormTitle} hint={canProcess ? t.processHint(typeLabel) : t.previewFormHint(typeLabel)}>
      <Box component="form" noValidate onSubmit={submit} aria-busy={process.isPending} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          type="date"
          label={t.processingDate}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          error={problem !== null}
          helperText={problem ?? undefined}
          disabled={process.isPending}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        />
        {canProcess && (
          <Button type="submit" variant="contained" size="large" startIcon={<PlayArrow />} disabled={process.isPending} sx={{ mt: 0.5 }}>
            {process.isPending ? t.processingRunning : t.process}
          </Button>
        )}
        <Button type="button" variant="outlined" size="large" startIcon={<Visibility />} disabled={process.isPending || preview.isPending} onClick={showPreview} sx={{ mt: 0.5 }}>
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
      <TableContainer tabIndex={0} role="region" aria-label={t.runsTitle} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 360, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
        <Table size="small" stickyHeader aria-label={t.runsTitle}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t.processingDate}</TableCell>
              <TableCell component="th" scope="col">{t.runStatus}</TableCell>
              <TableCell component="th" scope="col" align="right">{t.applications}</TableCell>
              <TableCell component="th" scope="col">{t.finishedAt}</TableCell>
              <TableCell component="th" scope="col"><Box component="span" sx={visuallyHidden}>{t.actions}</Box></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.map((run) => {
              const current = run.processingDate === selected;
              return (
                <TableRow key={run.id} selected={current}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>{formatDisplayDate(run.processingDate)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t.runStatusLabels[run.status]} sx={{ bgcolor: run.status === 'Congested' ? 'warning.dark' : 'success.dark', color: '#fff', fontWeight: 500 }} />
                  </TableCell>
                  <TableCell align="right">{run.applicationCount}</TableCell>
                  <TableCell>{formatIstDateTime(run.finishedAt)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => onSelect(run.processingDate)} disabled={current} aria-label={t.showResultOf(formatDisplayDate(run.processingDate))}>
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

function Count({ label, value, tone }: { label: string; value: number | string; tone?: 'success.dark' | 'warning.dark' | 'error.dark' }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.25, minWidth: 130 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, color: tone }}>
        {value}
      </Typography>
    </Box>
  );
}

/** ApproveAll/{type}/{processingDate}/{month} for one month of the run, after a confirmation. */
function ApproveAllButton({ type, processingDate, month, pending }: { type: ApplicationType; processingDate: string; month: string; pending: number }) {
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
      <Button variant="contained" startIcon={<DoneAll />} disabled={pending === 0 || approveAll.isPending} onClick={() => setConfirming(true)}>
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
function AllocateMargin({ type, processingDate }: { type: ApplicationType; processingDate: string }) {
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
          {allocation.applicationList.length > 0 && <AllocationTable label={t.allocationLabel} items={allocation.applicationList} type={type} mode="allocation" />}
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
function RunResult({ type, processingDate, role }: { type: ApplicationType; processingDate: string; role: Role | undefined }) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const result = useQuery(sldcApplicationQueries.processingResult(type, processingDate));
  const title = t.resultTitle(formatDisplayDate(processingDate));
  if (result.isPending) return <Section title={title}><ListLoading rows={4} /></Section>;
  if (result.isError)
    return (
      <Section title={title}>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void result.refetch()}>{m.common.retry}</Button>}>
          {errorText(result.error, t.resultError)}
        </Alert>
      </Section>
    );
  const { run, applicationList } = result.data;
  const level = role ? APPROVER_LEVEL[role] : undefined;
  const months = [...new Set(applicationList.map((a) => a.month))].sort();
  return (
    <Section
      title={title}
      hint={t.startedBy(run.startedBy.name, formatIstDateTime(run.finishedAt))}
      action={<Chip color={run.status === 'Congested' ? 'warning' : 'success'} label={`${t.runStatus}: ${t.runStatusLabels[run.status]}`} />}
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
      <TableContainer tabIndex={0} role="region" aria-label={t.itemsLabel} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
        <Table size="small" aria-label={t.itemsLabel}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t.applicationNo}</TableCell>
              <TableCell component="th" scope="col">{t.seller}</TableCell>
              <TableCell component="th" scope="col">{t.buyer}</TableCell>
              <TableCell component="th" scope="col">{t.submittedOn}</TableCell>
              <TableCell component="th" scope="col">{t.outcome}</TableCell>
              <TableCell component="th" scope="col">{t.currentStatus}</TableCell>
              <TableCell component="th" scope="col" align="right">{t.requestedMwh}</TableCell>
              <TableCell component="th" scope="col" align="right">{t.grantedMwh}</TableCell>
              <TableCell component="th" scope="col" align="right">{t.share}</TableCell>
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
        {selected ? <RunResult key={selected} type={type} processingDate={selected} role={role} /> : <Section title={t.resultNone}><ListEmpty text={t.resultEmpty} /></Section>}
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
