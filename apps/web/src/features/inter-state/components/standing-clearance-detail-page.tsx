import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { LOAD_CENTRE_ROLES, UTILITY_ROLES } from '@stoa/shared/account';
import { formatPaise } from '@stoa/shared/common';
import { STANDING_CLEARANCE_REASON_ACTIONS, type StandingClearanceAction, type StandingClearanceDetail } from '@stoa/shared/inter-state';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';
import { formatReceiptCode } from '@stoa/shared/payments';

import { Field, FieldList, Section } from '../../../components/detail-section';
import { DecisionActions } from '../../../components/decision-actions';
import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
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

/** The SLDC's or the consenting DISCOM/TRANSCO's actions (what the detail allows the caller), with the version seen; a 409 reloads. */
function Actions({ d, onChanged }: { d: StandingClearanceDetail; onChanged: () => void }) {
  const t = useInterStateMessages();
  const w = t.web;
  const decide = useStandingClearanceDecision();
  return (
    <DecisionActions
      actions={d.actions}
      label={(a) => t.actionLabels[a]}
      remarksRequired={STANDING_CLEARANCE_REASON_ACTIONS}
      texts={{
        title: w.actionsTitle,
        hint: w.actionsHint,
        none: w.noActions,
        conflictTitle: w.conflictTitle,
        confirm: w.confirmAction,
        working: w.working,
        remarksLabel: w.remarksLabel,
        requiredLabel: w.reasonLabel,
        remarksHint: w.remarksHint,
        remarksRequired: t.errors.reasonRequired,
      }}
      decide={async (action, remarks) => {
        const saved = await decide.mutateAsync({ action, id: d.id, version: d.version, remarks });
        return w.done(t.actionLabels[action], saved.certificateNo ?? saved.applicationNo);
      }}
      busy={decide.isPending}
      onChanged={onChanged}
    />
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
    return (
      <DetailLoadState title={t.title} actions={back} error={query.error} notFound={w.notFound} onRetry={() => void query.refetch()} />
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
