import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';

import { LOAD_CENTRE_ROLES, UTILITY_ROLES } from '@stoa/shared/account';
import { formatPaise } from '@stoa/shared/common';
import type { StandingClearanceAction, StandingClearanceDetail } from '@stoa/shared/inter-state';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';
import { formatReceiptCode } from '@stoa/shared/payments';

import { Field, FieldList, Section } from '../../../components/detail-section';
import { FormDialog } from '../../../components/form-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { downloadCertificate, standingClearanceQueries, useStandingClearanceDecision } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';
import { ClearanceStatusChip, FeeUnpaidChip } from './status-chip';
import { BlockCapsTable } from './standing-clearance-block-caps';
import { UtilisationSection } from './utilisation-section';

function Summary({ d }: { d: StandingClearanceDetail }) {
  const t = useInterStateMessages();
  const w = t.web;
  const sldc = (LOAD_CENTRE_ROLES as readonly string[]).includes(d.viewerRole);
  const point = [d.injectionPoint && `Injection: ${d.injectionPoint}`, d.drawalPoint && `Drawal: ${d.drawalPoint}`]
    .filter(Boolean)
    .join('; ');
  return (
    <Section title={w.summary}>
      <FieldList>
        <Field label={t.fields.status}>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <ClearanceStatusChip status={d.status} />
            {d.feeUnpaid && <FeeUnpaidChip label={w.feeUnpaid} />}
          </Box>
        </Field>
        <Field label={t.fields.transactionType}>{t.typeLabels[d.transactionType]}</Field>
        <Field label={t.fields.entityName}>{`${d.entityName}${d.registrationNo ? ` (${d.registrationNo})` : ''}`}</Field>
        <Field label={t.fields.maxBuyMw}>{d.maxBuyMw ?? w.none}</Field>
        <Field label={t.fields.maxSellMw}>{d.maxSellMw ?? w.none}</Field>
        <Field
          label={`${t.fields.validFrom} – ${t.fields.validTo}`}
        >{`${formatDisplayDate(d.validFrom)} – ${formatDisplayDate(d.validTo)}`}</Field>
        <Field label={w.point}>{point || w.none}</Field>
        <Field label={t.fields.appliedBy}>{`${d.appliedByName}, ${formatIstDateTime(d.appliedOn)}`}</Field>
        <Field label={t.fields.fee}>
          {d.feeAmount === null ? w.none : `${formatPaise(d.feeAmount)} · ${d.feeStatus === 'DUE' ? w.feeUnpaid : (d.feeStatus ?? '')}`}
          {d.feeUnpaid && !sldc && (
            <>
              {' · '}
              <MuiLink component={Link} to={WEB_LINKS.payments()}>
                {w.feePay}
              </MuiLink>
            </>
          )}
        </Field>
        <Field label={t.fields.declaration}>{d.declaration ? 'Accepted' : w.none}</Field>
        <Field label={t.fields.remarks}>{d.remarks ?? w.none}</Field>
        {d.consentUtility && (
          <Field label={w.consent}>
            {d.consentedOn
              ? w.consentGiven(d.consentUtility, formatIstDateTime(d.consentedOn))
              : d.status === 'ConsentPending'
                ? w.consentPending(d.consentUtility)
                : w.consentNotGiven(d.consentUtility)}
          </Field>
        )}
        {d.decisionReason && <Field label={t.fields.reason}>{`${d.decisionReason} (${formatIstDateTime(d.decidedOn)})`}</Field>}
      </FieldList>
      {d.blockCaps.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {w.blockCapsTitle}
          </Typography>
          <BlockCapsTable rows={d.blockCaps} />
        </Box>
      )}
    </Section>
  );
}

function Certificate({ d }: { d: StandingClearanceDetail }) {
  const m = useMessages();
  const t = useInterStateMessages();
  const w = t.web;
  const { busy, download } = useDownload(w.downloadFailed || m.common.genericError);
  if (!d.certificateNo || !d.verificationCode) return null;
  const certificateNo = d.certificateNo;
  return (
    <Section title={w.certificate}>
      {d.deemed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>{w.deemedTitle}.</strong> {w.deemedText}
        </Alert>
      )}
      <FieldList>
        <Field label={t.fields.certificateNo}>{d.certificateNo}</Field>
        <Field label={t.fields.issuedOn}>{formatIstDateTime(d.issuedOn)}</Field>
        <Field label={t.fields.verificationCode}>
          <MuiLink component={Link} to={WEB_LINKS.verifyReceipt(d.verificationCode)} aria-label={w.checkPublic}>
            {formatReceiptCode(d.verificationCode)}
          </MuiLink>
        </Field>
      </FieldList>
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        disabled={busy}
        onClick={() => void download(() => downloadCertificate(d.id, certificateNo))}
      >
        {busy ? w.downloading : w.download}
      </Button>
    </Section>
  );
}

function DecisionDialog({
  action,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  action: StandingClearanceAction;
  busy: boolean;
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}) {
  const t = useInterStateMessages();
  const w = t.web;
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const needsReason = action === 'Refuse' || action === 'Revoke' || action === 'RefuseConsent';
  const label = t.actionLabels[action];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (needsReason && !remarks.trim()) {
      setProblem(t.errors.reasonRequired);
      return;
    }
    onConfirm(remarks.trim());
  };
  return (
    <FormDialog
      title={w.confirmAction(label)}
      busy={busy}
      banner={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={w.working}
      submitColor={needsReason ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={needsReason ? w.reasonLabel : w.remarksLabel}
        required={needsReason}
        value={remarks}
        onChange={(e) => {
          setRemarks(e.target.value);
          if (problem && e.target.value.trim()) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? (needsReason ? ' ' : w.remarksHint)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

const NEGATIVE: ReadonlySet<StandingClearanceAction> = new Set(['Refuse', 'Revoke', 'RefuseConsent']);

/** The SLDC's or the consenting DISCOM/TRANSCO's actions (what the detail allows the caller), with the version seen; a 409 reloads. */
function Actions({ d, onChanged }: { d: StandingClearanceDetail; onChanged: () => void }) {
  const m = useMessages();
  const t = useInterStateMessages();
  const w = t.web;
  const decide = useStandingClearanceDecision();
  const [action, setAction] = useState<StandingClearanceAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const confirm = async (remarks: string) => {
    if (!action) return;
    setError(null);
    try {
      const saved = await decide.mutateAsync({ action, id: d.id, version: d.version, remarks });
      notify.success(w.done(t.actionLabels[action], saved.certificateNo ?? saved.applicationNo));
      setAction(null);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        setAction(null);
        setConflict(failure.firstMessage);
        onChanged();
        return;
      }
      setError(errorText(failure, m.common.genericError));
    }
  };
  return (
    <Section title={w.actionsTitle} hint={d.actions.length > 0 ? w.actionsHint : w.noActions}>
      {conflict && (
        <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setConflict(null)}>
          <strong>{w.conflictTitle}.</strong> {conflict}
        </Alert>
      )}
      {d.actions.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {d.actions.map((a) => (
            <Button
              key={a}
              variant={NEGATIVE.has(a) ? 'outlined' : 'contained'}
              color={NEGATIVE.has(a) ? 'error' : 'primary'}
              disabled={decide.isPending}
              onClick={() => {
                setError(null);
                setAction(a);
              }}
            >
              {t.actionLabels[a]}
            </Button>
          ))}
        </Box>
      )}
      {action && (
        <DecisionDialog
          action={action}
          busy={decide.isPending}
          error={error}
          onConfirm={(r) => void confirm(r)}
          onClose={() => setAction(null)}
        />
      )}
    </Section>
  );
}

function History({ d }: { d: StandingClearanceDetail }) {
  const t = useInterStateMessages();
  const w = t.web;
  const label = (a: string) =>
    a === 'Submit' ? w.submitAction : (w.systemActions[a] ?? t.actionLabels[a as StandingClearanceAction] ?? a);
  return (
    <Section title={w.historyTitle}>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {d.history.map((h, i) => (
          <li key={i}>
            <Typography variant="body2">
              <strong>{label(h.action)}</strong> — {t.statusLabels[h.toStatus as keyof typeof t.statusLabels] ?? h.toStatus} ·{' '}
              {h.actorName ?? (h.actorRole ? '' : w.system)} · {formatIstDateTime(h.createdOn)}
              {h.remarks ? ` · ${h.remarks}` : ''}
            </Typography>
          </li>
        ))}
      </Box>
    </Section>
  );
}

/**
 * `/standing-clearance-power/:id`: the application (entity, MW, validity, fee), the certificate once issued
 * (download, verification code; marked when deemed issued), the SLDC's actions (Verify and Forward, Issue, Refuse,
 * Revoke), the DISCOM/TRANSCO's (Give Consent, Refuse Consent; decision 0062) and the history.
 */
export function StandingClearanceDetailPage() {
  const m = useMessages();
  const t = useInterStateMessages();
  const w = t.web;
  const { id = '' } = useParams();
  const query = useQuery(standingClearanceQueries.detail(id));
  const back = (
    <Button component={Link} to={WEB_ROUTES.standingClearances.path} startIcon={<ArrowBack />} variant="outlined">
      {w.back}
    </Button>
  );
  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <PageHeader title={t.title} actions={back} />
        <Skeleton variant="rounded" height={220} aria-label={m.common.loading} />
      </Box>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Box>
        <PageHeader title={t.title} actions={back} />
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {m.common.retry}
              </Button>
            )
          }
        >
          {missing ? w.notFound : m.common.fetchError}
        </Alert>
      </Box>
    );
  }
  const d = query.data;
  const acts = [...LOAD_CENTRE_ROLES, ...UTILITY_ROLES].some((r) => r === d.viewerRole);
  return (
    <Box>
      <PageHeader title={w.detailTitle(d.applicationNo)} subtitle={`${t.typeLabels[d.transactionType]} · ${d.entityName}`} actions={back} />
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {acts && <Actions d={d} onChanged={() => void query.refetch()} />}
        <Certificate d={d} />
        <Summary d={d} />
        {d.certificateNo && <UtilisationSection id={d.id} />}
        <History d={d} />
      </Box>
    </Box>
  );
}
