import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { checkRevision, type CurrentSchedule } from '@stoa/shared/revisions';
import { FROM_TIME_BLOCKS, TO_TIME_BLOCKS } from '@stoa/shared/applications';
import { mwToCenti } from '@stoa/shared/common';

import { SubmitButton } from '../../../components/submit-button';
import { isApiError } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { LazyDateInput } from '../../../lib/form/lazy-date-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { blockRanges, revisionPath } from '../format';
import { useRevisionMessages } from '../i18n';
import { revisionQueries, useRequestRevision } from '../api/revision-queries';

interface RowForm {
  oaFromDate: string;
  oaToDate: string;
  fromTimeBlock: string;
  toTimeBlock: string;
  revisedRequirement: string;
}
type FieldKey = keyof RowForm | 'remarks' | 'row';

const FIELD = (name: string): FieldKey | null => {
  if (name === 'revisionList' || /^revisionList\.\d+$/.test(name)) return 'row';
  const m = /^revisionList\.\d+\.(\w+)$/.exec(name);
  if (m) return m[1] as FieldKey;
  return name === 'remarks' ? 'remarks' : null;
};

/** The first granted range at or after the effective block: what a revision most likely changes. */
export function defaultRow(schedule: CurrentSchedule): RowForm {
  const eff = schedule.effective;
  const next = blockRanges(schedule.days).find((r) => r.date > eff.date || (r.date === eff.date && r.toBlock >= eff.block));
  if (!next) {
    const date = eff.date > schedule.fromDate ? eff.date : schedule.fromDate;
    return {
      oaFromDate: date,
      oaToDate: date,
      fromTimeBlock: date === eff.date ? eff.time : '00:00',
      toTimeBlock: '24:00',
      revisedRequirement: '',
    };
  }
  const from = next.date === eff.date && next.fromBlock < eff.block ? eff.time : next.from;
  return { oaFromDate: next.date, oaToDate: next.date, fromTimeBlock: from, toTimeBlock: next.to, revisedRequirement: '' };
}

/** The granted schedule now, as ranges of equal MW (the current MW per block, compactly). */
function CurrentScheduleTable({ schedule }: { schedule: CurrentSchedule }) {
  const t = useRevisionMessages().pages;
  const ranges = useMemo(() => blockRanges(schedule.days), [schedule.days]);
  if (ranges.length === 0) return <Alert severity="info">{t.currentEmpty}</Alert>;
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t.currentTitle}
      sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label={t.currentTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{t.date}</TableCell>
            <TableCell>{t.from}</TableCell>
            <TableCell>{t.to}</TableCell>
            <TableCell align="right">{t.mw}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ranges.map((r) => (
            <TableRow key={`${r.date}-${r.fromBlock}`}>
              <TableCell>{formatDisplayDate(r.date)}</TableCell>
              <TableCell>{r.from}</TableCell>
              <TableCell>{r.to}</TableCell>
              <TableCell align="right">{r.mw}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RevisionForm({ schedule, onCancel }: { schedule: CurrentSchedule; onCancel: () => void }) {
  const m = useMessages();
  const all = useRevisionMessages();
  const t = all.pages;
  const f = all.fields;
  const navigate = useNavigate();
  const request = useRequestRevision();
  const [row, setRow] = useState<RowForm>(() => defaultRow(schedule));
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const set = (key: keyof RowForm) => (event: { target: { value: string } }) => setRow((r) => ({ ...r, [key]: event.target.value }));

  const showIssues = (issues: { fieldName: string; message: string }[]) => {
    const next: Partial<Record<FieldKey, string>> = {};
    for (const i of issues) {
      const key = FIELD(i.fieldName);
      if (key && !next[key]) next[key] = i.message;
    }
    setErrors(next);
    if (next.row) setBanner(next.row);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const current = new Map(schedule.days.map((d) => [d.date, d.granted.map((v) => mwToCenti(v))]));
    const check = checkRevision([row], { effective: schedule.effective, fromDate: schedule.fromDate, toDate: schedule.toDate, current });
    if (check.issues.length > 0) {
      showIssues(check.issues);
      return;
    }
    setErrors({});
    try {
      const saved = await request.mutateAsync({
        applicationId: schedule.applicationId,
        revisionList: [row],
        remarks: remarks.trim() || undefined,
      });
      notify.success(t.requested(saved.revisionNo));
      void navigate(revisionPath(saved.id, saved.application.id));
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.length > 0) {
        showIssues(failure.fieldErrors.flatMap((f) => f.errorMessages.map((message) => ({ fieldName: f.fieldName, message }))));
        if (!failure.fieldErrors.some((f) => FIELD(f.fieldName))) setBanner(failure.firstMessage);
      } else setBanner(isApiError(failure) ? failure.firstMessage : m.common.genericError);
    }
  };
  const setDate = (key: 'oaFromDate' | 'oaToDate') => (value: string) => setRow((r) => ({ ...r, [key]: value }));

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t.rowTitle}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t.rowTitle}
      </Typography>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <LazyDateInput
            required
            label={f.oaFromDate}
            value={row.oaFromDate}
            onChange={setDate('oaFromDate')}
            minDate={schedule.fromDate}
            maxDate={schedule.toDate}
            error={!!errors.oaFromDate}
            helperText={errors.oaFromDate}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <LazyDateInput
            required
            label={f.oaToDate}
            value={row.oaToDate}
            onChange={setDate('oaToDate')}
            minDate={schedule.fromDate}
            maxDate={schedule.toDate}
            error={!!errors.oaToDate}
            helperText={errors.oaToDate}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <TextField
            select
            fullWidth
            required
            label={f.fromTimeBlock}
            value={row.fromTimeBlock}
            onChange={set('fromTimeBlock')}
            error={!!errors.fromTimeBlock}
            helperText={errors.fromTimeBlock}
          >
            {FROM_TIME_BLOCKS.map((time) => (
              <MenuItem key={time} value={time}>
                {time}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <TextField
            select
            fullWidth
            required
            label={f.toTimeBlock}
            value={row.toTimeBlock}
            onChange={set('toTimeBlock')}
            error={!!errors.toTimeBlock}
            helperText={errors.toTimeBlock}
          >
            {TO_TIME_BLOCKS.map((time) => (
              <MenuItem key={time} value={time}>
                {time}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <TextField
            fullWidth
            required
            label={f.revisedRequirement}
            value={row.revisedRequirement}
            onChange={set('revisedRequirement')}
            error={!!errors.revisedRequirement}
            helperText={errors.revisedRequirement}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 9 } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t.remarks}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            error={!!errors.remarks}
            helperText={errors.remarks}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 2 }}>
        <Button onClick={onCancel} disabled={request.isPending}>
          {t.cancel}
        </Button>
        <SubmitButton busy={request.isPending}>{request.isPending ? t.requesting : t.request}</SubmitButton>
      </Box>
    </Box>
  );
}

/**
 * 'New revision' (applicant, trader): pick one of the caller's approved applications, see its
 * granted MW now and where a revision requested now takes effect, enter the revised MW for a date
 * and time range. The shared rules check it as the server will; the server's field errors show on the fields.
 */
export function NewRevisionPanel({ onCancel }: { onCancel: () => void }) {
  const m = useMessages();
  const t = useRevisionMessages().pages;
  const titleId = useId();
  const revisable = useQuery(revisionQueries.revisable());
  const [applicationId, setApplicationId] = useState('');
  const current = useQuery({ ...revisionQueries.current(applicationId), enabled: applicationId !== '' });
  const options = revisable.data?.applicationList ?? [];

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5, borderTop: 3, borderTopColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t.newTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.newHint}
          </Typography>
        </Box>
        {revisable.isPending && <LinearProgress aria-label={t.loadingApplications} />}
        {revisable.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void revisable.refetch()}>
                {m.common.retry}
              </Button>
            }
          >
            {m.common.fetchError}
          </Alert>
        )}
        {revisable.isSuccess && options.length === 0 && <Alert severity="info">{t.noRevisable}</Alert>}
        {options.length > 0 && (
          <TextField select fullWidth label={t.application} value={applicationId} onChange={(e) => setApplicationId(e.target.value)}>
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {`${o.applicationNo} — ${o.sellerName} → ${o.buyerName} (${formatDisplayDate(o.fromDate)} – ${formatDisplayDate(o.toDate)})`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {applicationId !== '' && current.isPending && <LinearProgress aria-label={m.common.loading} />}
        {current.isError && <Alert severity="error">{m.common.fetchError}</Alert>}
        {current.data && (
          <>
            <Alert severity={current.data.revisable ? 'info' : 'warning'}>
              {current.data.revisable
                ? t.effectiveNow(current.data.effective.time, formatDisplayDate(current.data.effective.date), current.data.leadBlocks)
                : t.notRevisableNow}
            </Alert>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t.currentTitle}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t.currentVersion(current.data.currentVersion)}
              </Typography>
              <CurrentScheduleTable schedule={current.data} />
            </Box>
            {current.data.revisable && <RevisionForm key={current.data.applicationId} schedule={current.data} onCancel={onCancel} />}
          </>
        )}
        {!current.data && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t.cancel}</Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
