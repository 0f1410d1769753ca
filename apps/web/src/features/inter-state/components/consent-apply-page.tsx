import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { applicationEndpoints, validateSchedule } from '@stoa/shared/applications';
import { formatPaise, istDate } from '@stoa/shared/common';
import { INTER_STATE_CONSENT_DIRECTIONS, type InterStateConsentDetail, type InterStateConsentDirection } from '@stoa/shared/inter-state';
import { WEB_LINKS } from '@stoa/shared/navigation';

import { ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { call } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { consentQueries, useApplyConsent } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';
import { CertificateButton } from './consent-certificate-button';
import { DecisionPanel } from './consent-decision-panel';
import { RevokeConsentButton } from './consent-revoke-dialog';
import { ConsentStatusChip } from './consent-list-page';
import { BackButton, type Errors, listPath, Section, serverErrors } from './consent-page-parts';
import { emptyRow, type RowValues, ScheduleRowsEditor } from './consent-schedule-rows';

interface FormState {
  registrationId: string;
  direction: InterStateConsentDirection | '';
  counterpartyState: string;
  counterpartyEntity: string;
  traderName: string;
  remarks: string;
  rows: RowValues[];
}

/** The application form: new, or the caller's draft (`draft`). Saved as a draft or submitted. */
export function ConsentForm({ draft }: { draft?: InterStateConsentDetail }) {
  const m = useMessages();
  const t = useConsentMessages();
  const w = t.web;
  const navigate = useNavigate();
  const today = istDate(new Date());
  const tomorrow = istDate(new Date(Date.now() + 86_400_000));
  const registrations = useQuery({
    queryKey: [...consentQueries.all(), 'registrations'] as const,
    queryFn: ({ signal }) => call(applicationEndpoints.getAvailableRegistrations, { signal }),
    staleTime: 30_000,
  });
  const apply = useApplyConsent();
  const [banner, setBanner] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [v, setV] = useState<FormState>(() => ({
    registrationId: draft?.registrationId ?? '',
    direction: draft?.direction ?? 'Sale',
    counterpartyState: draft?.counterpartyState ?? '',
    counterpartyEntity: draft?.counterpartyEntity ?? '',
    traderName: draft?.traderName ?? '',
    remarks: draft?.remarks ?? '',
    rows: draft?.scheduleList ?? [emptyRow(tomorrow)],
  }));
  const set = <K extends keyof FormState>(k: K, value: FormState[K]) => setV((s) => ({ ...s, [k]: value }));

  const save = async (submit: boolean) => {
    setBanner(null);
    const local: Errors = {};
    const required = (key: keyof FormState, label: string) => {
      if (!String(v[key]).trim()) local[key] = t.errors.required(label);
    };
    required('registrationId', t.fields.registrationId);
    required('direction', t.fields.direction);
    required('counterpartyState', t.fields.counterpartyState);
    required('counterpartyEntity', t.fields.counterpartyEntity);
    for (const issue of validateSchedule(v.rows)) local[issue.fieldName] ??= issue.message;
    v.rows.forEach((r, i) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(r.oaFromDate) && r.oaFromDate < today) local[`scheduleList.${i}.oaFromDate`] ??= t.rules.pastFrom;
    });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setBanner(w.fixErrors);
      return;
    }
    try {
      const saved = await apply.mutateAsync({
        ...(draft ? { id: draft.id, version: draft.version } : {}),
        registrationId: v.registrationId,
        direction: v.direction as InterStateConsentDirection,
        counterpartyState: v.counterpartyState,
        counterpartyEntity: v.counterpartyEntity,
        traderName: v.traderName,
        remarks: v.remarks,
        scheduleList: v.rows,
        submit,
      });
      notify.success(submit ? w.submitted(saved.applicationNo) : w.saved(saved.applicationNo));
      void navigate(submit ? listPath : WEB_LINKS.interStateConsent(saved.id), { replace: !submit && !!draft });
    } catch (error) {
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      setBanner(Object.keys(fromServer).length > 0 ? w.fixErrors : errorText(error, m.common.genericError));
    }
  };

  let body: ReactNode;
  if (registrations.isPending) body = <ListLoading rows={3} />;
  else if (registrations.isError) body = <ListError onRetry={() => void registrations.refetch()} />;
  else if (registrations.data.length === 0) body = <Alert severity="info">{w.noEntities}</Alert>;
  else {
    const chosen = registrations.data.find((r) => r.id === v.registrationId);
    const busy = apply.isPending;
    const field = (
      key: 'counterpartyState' | 'counterpartyEntity' | 'traderName' | 'remarks',
      label: string,
      required: boolean,
      max: number,
    ) => (
      <TextField
        fullWidth
        label={label}
        required={required}
        value={v[key]}
        onChange={(ev) => set(key, ev.target.value)}
        disabled={busy}
        error={!!errors[key]}
        helperText={errors[key]}
        multiline={key === 'remarks'}
        minRows={key === 'remarks' ? 2 : undefined}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    );
    body = (
      <Card component="form" noValidate aria-label={t.applyTitle} onSubmit={(ev) => ev.preventDefault()}>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          {banner && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {banner}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                select
                fullWidth
                required
                label={t.fields.registrationId}
                value={v.registrationId}
                onChange={(ev) => set('registrationId', ev.target.value)}
                disabled={busy}
                error={!!errors.registrationId}
                helperText={errors.registrationId ?? w.entityHelp}
              >
                {registrations.data.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {`${r.entityName}${r.registrationNo ? ` (${r.registrationNo})` : ''}`}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                fullWidth
                required
                label={t.fields.direction}
                value={v.direction}
                onChange={(ev) => set('direction', ev.target.value as InterStateConsentDirection)}
                disabled={busy}
                error={!!errors.direction}
                helperText={errors.direction}
              >
                {INTER_STATE_CONSENT_DIRECTIONS.filter((d) => !chosen || (d === 'Sale' ? chosen.canSell : chosen.canBuy)).map((d) => (
                  <MenuItem key={d} value={d}>
                    {t.directionLabels[d]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{field('counterpartyState', t.fields.counterpartyState, true, 100)}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{field('counterpartyEntity', t.fields.counterpartyEntity, true, 200)}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{field('traderName', t.fields.traderName, false, 200)}</Grid>
          </Grid>
          <ScheduleRowsEditor
            rows={v.rows}
            onChange={(rows) => set('rows', rows)}
            errors={errors}
            path="scheduleList"
            label={t.fields.scheduleList}
            disabled={busy}
            minDate={today}
          />
          <Box sx={{ mt: 3 }}>{field('remarks', t.fields.remarks, false, 1000)}</Box>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void save(false)} disabled={busy}>
              {w.saveDraft}
            </Button>
            <Button variant="contained" onClick={() => void save(true)} disabled={busy}>
              {w.submit}
            </Button>
          </Box>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <PageHeader title={draft ? `${t.applyTitle}: ${draft.applicationNo}` : t.applyTitle} actions={<BackButton />} />
      {body}
    </>
  );
}

function RowsTable({ rows, label }: { rows: InterStateConsentDetail['scheduleList']; label: string }) {
  const t = useConsentMessages();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t.fields.period}</TableCell>
            <TableCell>From – To</TableCell>
            <TableCell align="right">MW</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell>
                {r.oaFromDate === r.oaToDate
                  ? formatDisplayDate(r.oaFromDate)
                  : `${formatDisplayDate(r.oaFromDate)} – ${formatDisplayDate(r.oaToDate)}`}
              </TableCell>
              <TableCell>{`${r.fromTimeBlock} – ${r.toTimeBlock}`}</TableCell>
              <TableCell align="right">{r.oaRequirement}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One application as submitted: details, schedule, the SLDC's margin and dues check, what was consented, history. */
export function ConsentView({ d }: { d: InterStateConsentDetail }) {
  const t = useConsentMessages();
  const w = t.web;
  const sldc = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'].includes(d.viewerRole);
  const item = (label: string, value: ReactNode) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Grid>
  );
  return (
    <>
      <PageHeader
        title={`${t.title}: ${d.applicationNo}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <CertificateButton d={d} />
            <RevokeConsentButton d={d} />
            <BackButton />
          </Box>
        }
      />
      {d.deemed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {w.deemed}
        </Alert>
      )}
      {d.status === 'Revoked' && d.revokedOn && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {w.revoked(formatIstDateTime(d.revokedOn), d.revocationReason ?? '')}
        </Alert>
      )}
      {d.expired && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {w.expired(formatDisplayDate(d.toDate))}
        </Alert>
      )}
      {d.decisionReason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {w.decided(d.decisionReason)}
        </Alert>
      )}
      <Section title={w.details}>
        <Grid container spacing={2}>
          {item(t.fields.status, <ConsentStatusChip status={d.status} label={t.statusLabels[d.status]} />)}
          {item(t.fields.certificateNo, d.certificateNo ?? '—')}
          {item(t.fields.entityName, `${d.entityName}${d.registrationNo ? ` (${d.registrationNo})` : ''}`)}
          {item(t.fields.direction, t.directionLabels[d.direction])}
          {item(t.fields.point, d.point)}
          {item(t.fields.counterpartyEntity, `${d.counterpartyEntity} (${d.counterpartyState})`)}
          {item(t.fields.traderName, d.traderName ?? '—')}
          {item(t.fields.period, `${formatDisplayDate(d.fromDate)} – ${formatDisplayDate(d.toDate)}`)}
          {item(`${t.fields.requestedMw} / ${t.fields.grantedMw}`, `${d.maxRequestedMw} / ${d.maxGrantedMw ?? '—'}`)}
          {d.remarks && item(t.fields.remarks, d.remarks)}
        </Grid>
      </Section>
      <Section title={w.schedule}>
        <RowsTable rows={d.scheduleList} label={w.schedule} />
      </Section>
      {d.grantedList.length > 0 && (
        <Section title={w.granted}>
          <RowsTable rows={d.grantedList} label={w.granted} />
        </Section>
      )}
      {sldc && (
        <Section title={w.checks}>
          {d.defaulter && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {w.defaulter}
            </Alert>
          )}
          <Typography sx={{ mb: 2 }}>{d.unpaidDuesPaise > 0 ? w.dues(formatPaise(d.unpaidDuesPaise)) : w.noDues}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={w.checks}>
              <TableHead>
                <TableRow>
                  <TableCell>{w.checkDate}</TableCell>
                  <TableCell align="right">{w.maxRequested}</TableCell>
                  <TableCell align="right">{w.minRemaining}</TableCell>
                  <TableCell>{w.shortBlocks}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.checks.map((c) => (
                  <TableRow key={c.date}>
                    <TableCell>{formatDisplayDate(c.date)}</TableCell>
                    <TableCell align="right">{c.maxRequestedMw}</TableCell>
                    <TableCell align="right">{c.minRemainingMw ?? w.noMargin}</TableCell>
                    <TableCell>{c.shortBlocks.length ? c.shortBlocks.join(', ') : w.none}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Section>
      )}
      {d.actions.some((a) => a !== 'Revoke') && <DecisionPanel key={d.version} d={d} />}
      <Section title={w.history}>
        {d.history.map((h, i) => (
          <Typography key={i} sx={{ mb: 0.5 }}>
            {`${formatDisplayDate(h.createdOn.slice(0, 10))} · ${h.action} → ${t.statusLabels[h.toStatus as keyof typeof t.statusLabels] ?? h.toStatus}${h.actorName ? ` · ${h.actorName}` : ''}${h.remarks ? ` · ${h.remarks}` : ''}`}
          </Typography>
        ))}
      </Section>
    </>
  );
}

/** `/consent-for-inter-state-stoa-transactions/apply/{id?}` (spec 001 §2; decision 0068): a new application, a draft, or one application. */
export function ConsentApplyPage() {
  const { id } = useParams();
  const detail = useQuery({ ...consentQueries.detail(id ?? ''), enabled: !!id });
  if (!id) return <ConsentForm />;
  if (detail.isPending) return <ListLoading rows={4} />;
  if (detail.isError) return <ListError onRetry={() => void detail.refetch()} />;
  return detail.data.editable ? <ConsentForm key={detail.data.version} draft={detail.data} /> : <ConsentView d={detail.data} />;
}
