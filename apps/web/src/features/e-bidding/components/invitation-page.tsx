import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import {
  type CongestedApplicationsQuery,
  EBIDDING_STAFF_ROLES,
  type InvitationDetail,
  invitationFormDefinition,
  invitationFormValues,
  invitationSubmitPayload,
  VIEW_AFFECTED_ACTION,
} from '@stoa/shared/e-bidding';
import { type FormValues, normalizeForm } from '@stoa/shared/forms';
import type { Role } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { FormRenderer } from '../../forms';
import { eBiddingDownloads, eBiddingQueries, useSubmitInvitation } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { type AffectedApplication, AffectedApplicationsTable, CongestedApplicationsDialog } from './congested-applications-dialog';
import { isNotFoundError } from './load-error';
import { LoadErrorAlert } from './load-error-alert';
import { invitationPath } from './paths';
import { SaveButton } from './save-button';

export function BackToList() {
  const w = useEBiddingMessages().web;
  return (
    <Button component={Link} to={WEB_ROUTES.eBidding.path} startIcon={<ArrowBack />}>
      {w.back}
    </Button>
  );
}

export function PdfButton({ id, no }: { id: string; no: string }) {
  const w = useEBiddingMessages().web;
  const m = useMessages();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <FileDownloadOutlined />}
      onClick={() => {
        setBusy(true);
        eBiddingDownloads
          .invitationPdf(id, no)
          .catch((error: unknown) => notify.error(errorText(error, m.common.downloadFailed)))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? w.downloading : w.downloadPdf}
    </Button>
  );
}

/** What the ATC uploads allow for the available margin (issue 11 item 14, decision 0016): staff see it next to the field. */
export function AtcMarginNote({ limit }: { limit: InvitationDetail['atcMargin'] | undefined }) {
  const w = useEBiddingMessages().web;
  if (limit === undefined) return null;
  return (
    <Alert severity={limit?.availableMargin ? 'info' : 'warning'} sx={{ mt: 3 }} aria-label={w.atcMarginTitle}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        {w.atcMarginTitle}
      </Typography>
      {limit?.availableMargin ? (
        <Typography variant="body2">{w.atcMarginLimit(limit.availableMargin)}</Typography>
      ) : (
        !limit && <Typography variant="body2">{w.atcMarginUnknown}</Typography>
      )}
      {limit && limit.elements.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {limit.elements.map((e) => (
            <li key={e.element}>
              <Typography variant="body2">
                {e.availableMargin
                  ? w.atcMarginElement(e.element, e.availableMargin)
                  : w.atcMarginMissing(e.element, e.missingDates.map((d) => formatDisplayDate(d)).join(', '))}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

const affectedOf = (detail: InvitationDetail | null): AffectedApplication[] =>
  (detail?.eBiddedApplications ?? []).map((a) => ({
    applicationId: a.applicationId,
    applicationNo: a.applicationNo,
    applicationDate: a.applicationDate,
    registrationNo: a.registrationNo,
    registrationValidity: a.registrationValidity,
    applicantName: a.applicantName,
    fromDate: a.fromDate,
    toDate: a.toDate,
    appliedQuantum: a.appliedQuantum,
    status: a.status,
  }));

/** The congestion period filled so far, for the candidates' applied quantum (only complete, valid parts). */
function periodOf(values: FormValues): CongestedApplicationsQuery {
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const from = s(values.congestionFromDate);
  const to = s(values.congestionToDate);
  const q: CongestedApplicationsQuery = {};
  if (from && to && from <= to) {
    q.congestionFromDate = from;
    q.congestionToDate = to;
    const ft = s(values.congestionFromTime);
    const tt = s(values.congestionToTime);
    if (ft && tt && ft < tt) {
      q.congestionFromTime = ft;
      q.congestionToTime = tt;
    }
  }
  return q;
}

/** Form ST2 itself: six steps, Save and Submit while writable, the affected applications. */
function InvitationForm({ detail }: { detail: InvitationDetail | null }) {
  const t = useEBiddingMessages();
  const w = t.web;
  const user = useAuthUser();
  const navigate = useNavigate();
  const submit = useSubmitInvitation();
  const writable = detail ? detail.formPermission === 'Write' : user?.role === 'SLDCBusinessUser';
  const [affected, setAffected] = useState<AffectedApplication[]>(() => affectedOf(detail));
  const [affectedError, setAffectedError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ period: CongestedApplicationsQuery } | null>(null);
  const [saved, setSaved] = useState(detail ? { id: detail.id, version: detail.version } : null);

  const send = async (values: FormValues, isDraft: boolean) => {
    setAffectedError(null);
    try {
      const result = await submit.mutateAsync(
        invitationSubmitPayload(normalizeForm(invitationFormDefinition, values), {
          isDraft,
          applicationIds: affected.map((a) => a.applicationId),
          saved,
        }),
      );
      return result;
    } catch (error) {
      if (isApiError(error)) {
        const onApps = error.fieldErrors
          .filter((f) => f.fieldName === 'eBiddedApplications' || f.fieldName.startsWith('eBiddedApplications.'))
          .flatMap((f) => f.errorMessages);
        if (onApps.length > 0) setAffectedError(onApps.join(' '));
      }
      throw error;
    }
  };

  const onSave = async (values: FormValues) => {
    const result = await send(values, true);
    setSaved({ id: result.id, version: result.version });
    notify.success(w.saved);
    if (!detail || detail.id !== result.id) void navigate(invitationPath(result.id), { replace: true });
  };

  const onButton = useCallback((action: string, values: FormValues) => {
    if (action === VIEW_AFFECTED_ACTION) setDialog({ period: periodOf(values) });
  }, []);

  const staff = !!user && (EBIDDING_STAFF_ROLES as readonly Role[]).includes(user.role);
  const renderStepExtra = (stepId: string) =>
    stepId === 'transmission' ? (
      staff ? (
        <AtcMarginNote limit={detail?.atcMargin ?? null} />
      ) : null
    ) : stepId === 'general' ? (
      <Box sx={{ mt: 3 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {w.affectedTitle}
        </Typography>
        {affectedError && (
          <Alert severity="error" sx={{ mb: 1.5 }} role="alert">
            {affectedError}
          </Alert>
        )}
        {affected.length === 0 ? (
          <Typography color="text.secondary">{w.affectedNone}</Typography>
        ) : (
          <AffectedApplicationsTable rows={affected} withStatus={!!detail && !detail.isDraft} />
        )}
      </Box>
    ) : null;

  return (
    <>
      {!writable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {detail && !detail.isDraft ? w.readOnlyNote : w.readOnlyDraft}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <FormRenderer
            definition={invitationFormDefinition}
            defaultValues={{
              ...invitationFormValues(detail),
              dateOfInvitation: detail?.dateOfInvitation ? formatDisplayDate(detail.dateOfInvitation) : '',
            }}
            readOnly={!writable}
            uploadFormName="EBidding"
            onButton={onButton}
            renderStepExtra={renderStepExtra}
            extraActions={writable ? <SaveButton definition={invitationFormDefinition} onSave={onSave} /> : undefined}
            onSubmit={
              writable
                ? async (values) => {
                    await send(values, false);
                    notify.success(t.success.invitationSent);
                    void navigate(WEB_ROUTES.eBidding.path);
                  }
                : undefined
            }
          />
        </CardContent>
      </Card>
      {dialog && (
        <CongestedApplicationsDialog
          open
          writable={writable}
          selected={affected}
          period={dialog.period}
          onChange={(next) => {
            setAffected(next);
            setAffectedError(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function ExistingInvitation({ id }: { id: string }) {
  const t = useEBiddingMessages();
  const w = t.web;
  const query = useQuery(eBiddingQueries.invitation(id));
  if (query.isPending) {
    return (
      <Box>
        <PageHeader title={t.titles.invitationForm} actions={<BackToList />} />
        <Skeleton variant="rounded" height={360} aria-label={w.loading} />
      </Box>
    );
  }
  if (query.isError) {
    if (isNotFoundError(query.error)) return <NotFoundView />;
    return (
      <Box>
        <PageHeader title={t.titles.invitationForm} actions={<BackToList />} />
        <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  const detail = query.data;
  return (
    <Box>
      <PageHeader
        title={t.titles.invitationForm}
        subtitle={`${detail.bidInvitationNo} · ${detail.status.statusDescription}`}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <PdfButton id={detail.id} no={detail.bidInvitationNo} />
            <BackToList />
          </Stack>
        }
      />
      <InvitationForm detail={detail} />
    </Box>
  );
}

/**
 * `/e-bidding/invitation/:id?` 'Form ST2 – Congestion Information and Invitation of E–Bidding by
 * SLDC' (spec 000 §2, §4, §5): without id a new invitation (SLDC business user); with id the
 * invitation, writable per its form permission (the SLDC business user while Draft), with the PDF.
 */
export function InvitationPage() {
  const t = useEBiddingMessages();
  const user = useAuthUser();
  const m = useMessages();
  const { id } = useParams();
  if (id) return <ExistingInvitation key={id} id={id} />;
  return (
    <Box>
      <PageHeader title={t.titles.invitationForm} actions={<BackToList />} />
      {user?.role === 'SLDCBusinessUser' ? <InvitationForm detail={null} /> : <Alert severity="error">{m.common.notAuthorised}</Alert>}
    </Box>
  );
}
