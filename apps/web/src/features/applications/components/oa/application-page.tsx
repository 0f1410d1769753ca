import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import {
  APPLICATION_TYPES,
  type ApplicationDetail,
  applicationEndpoints,
  applicationFormValues,
  type ApplicationSubmitInput,
  type ApplicationType,
  newApplicationValues,
} from '@stoa/shared/applications';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { FormDialog } from '../../../../components/form-dialog';
import { PageHeader } from '../../../../components/page-header';
import { call } from '../../../../lib/api-client';
import { errorText, isApiError } from '../../../../lib/api-error';
import { useAuthUser } from '../../../../lib/auth-store';
import { useMessages } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { applicationKeys, useApplication } from '../../api/application-queries';
import { ApplicationSummary } from '../common/application-summary';
import { useApplicationsMessages } from '../../i18n';
import { OpenAccessGrid } from '../common/open-access-grid';
import { ApplicationForm } from './application-form';
import { applicationViewPath } from './application-list-page';

const isApplicationType = (value: string | undefined): value is ApplicationType =>
  (APPLICATION_TYPES as readonly string[]).includes(value ?? '');

function BackButton() {
  const t = useApplicationsMessages().web;
  return (
    <Button component={Link} to={WEB_ROUTES.oaApplications.path} startIcon={<ArrowBack />} variant="text">
      {t.back}
    </Button>
  );
}

/** Submits (or resubmits) and opens the application. */
function useSubmit(type: ApplicationType) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const t = useApplicationsMessages().web;
  return async (payload: ApplicationSubmitInput) => {
    const detail = await call(applicationEndpoints.submit, { params: { type }, body: payload });
    notify.success(payload.id ? t.resubmitted(detail.applicationNo) : t.submitted(detail.applicationNo));
    client.setQueryData(applicationKeys.detail(detail.id).queryKey, detail);
    await client.invalidateQueries({ queryKey: applicationKeys.lists() });
    void navigate(applicationViewPath(detail), { replace: Boolean(payload.id) });
  };
}

/** A new application of a type; a defaulter is refused (IsDefaulter) with the API's message. */
function NewApplication({ type }: { type: ApplicationType }) {
  const m = useApplicationsMessages();
  const user = useAuthUser();
  const asTrader = user?.role === 'Trader';
  const defaulter = useQuery(applicationKeys.isDefaulter());
  const submit = useSubmit(type);
  const [initial] = useState(newApplicationValues);
  return (
    <Box>
      <PageHeader title={m.web.newTitle(m.typeLabels[type])} actions={<BackButton />} />
      {defaulter.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : defaulter.data === true ? (
        <Alert severity="error" role="alert">
          <Typography sx={{ fontWeight: 600 }}>{m.web.defaulterTitle}</Typography>
          {m.errors.defaulter}
        </Alert>
      ) : (
        <Card>
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <ApplicationForm type={type} asTrader={asTrader} defaultValues={initial} onSubmit={submit} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

type Decision = 'approve' | 'reject';

/** The applicant's Approve or Reject of a trader's request, with remarks. */
function DecisionDialog({ detail, decision, onClose }: { detail: ApplicationDetail; decision: Decision; onClose: () => void }) {
  const m = useMessages();
  const t = useApplicationsMessages().web;
  const client = useQueryClient();
  const [remarks, setRemarks] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      call(decision === 'approve' ? applicationEndpoints.approveTraderRequest : applicationEndpoints.rejectTraderRequest, {
        params: { type: detail.applicationType, id: detail.id },
        body: { version: detail.version, remarks: remarks.trim() },
      }),
    onSuccess: async (next) => {
      client.setQueryData(applicationKeys.detail(next.id).queryKey, next);
      await client.invalidateQueries({ queryKey: applicationKeys.all() });
      notify.success(decision === 'approve' ? t.approved(next.applicationNo) : t.rejected(next.applicationNo));
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate();
  };
  const label = decision === 'approve' ? t.approveRequest : t.rejectRequest;
  return (
    <FormDialog
      title={decision === 'approve' ? t.approveRequestTitle : t.rejectRequestTitle}
      busy={mutation.isPending}
      banner={mutation.isError ? errorText(mutation.error, m.common.genericError) : null}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={t.working}
      submitColor={decision === 'reject' ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t.remarksOptional}
        value={remarks}
        onChange={(e) => setRemarks(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

/** The applicant names or changes the trader (UpdateTrader/{applicationId}/{traderId}). */
function TraderDialog({ detail, onClose }: { detail: ApplicationDetail; onClose: () => void }) {
  const m = useMessages();
  const t = useApplicationsMessages();
  const client = useQueryClient();
  const traders = useQuery(applicationKeys.userBasedTraders());
  const [traderId, setTraderId] = useState(detail.trader?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      call(applicationEndpoints.updateTrader, {
        params: { applicationId: detail.id, traderId },
        body: { version: detail.version, remarks: '' },
      }),
    onSuccess: async (next) => {
      client.setQueryData(applicationKeys.detail(next.id).queryKey, next);
      await client.invalidateQueries({ queryKey: applicationKeys.lists() });
      notify.success(t.web.traderUpdated(next.applicationNo));
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!traderId) {
      setProblem(t.web.traderRequired);
      return;
    }
    setProblem(null);
    mutation.mutate();
  };
  const fieldError =
    mutation.error && isApiError(mutation.error)
      ? mutation.error.fieldErrors.find((f) => f.fieldName === 'traderId')?.errorMessages[0]
      : undefined;
  return (
    <FormDialog
      title={t.web.updateTraderTitle}
      busy={mutation.isPending}
      banner={mutation.isError && !fieldError ? errorText(mutation.error, m.common.genericError) : null}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t.web.confirm}
      busyLabel={t.web.working}
    >
      <Grid size={12}>
        <TextField
          select
          fullWidth
          required
          label={t.fields.traderId}
          value={traderId}
          onChange={(e) => setTraderId(e.target.value)}
          error={Boolean(problem ?? fieldError)}
          helperText={problem ?? fieldError ?? (traders.isError ? m.common.fetchError : undefined)}
          disabled={traders.isPending}
        >
          {(traders.data ?? []).map((tr) => (
            <MenuItem key={tr.id} value={tr.id}>
              {tr.description}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </FormDialog>
  );
}

/** The SLDC's question of a Returned application: the remarks of its latest Seek Clarification, and who asked. */
function clarificationOf(detail: ApplicationDetail, roles: Record<string, string>): { remarks: string; by: string } | null {
  if (detail.status !== 'Returned') return null;
  const asked = detail.history.findLast((h) => h.action === 'Return');
  if (!asked?.remarks) return null;
  return { remarks: asked.remarks, by: asked.role ? (roles[asked.role] ?? asked.role) : (asked.actorName ?? '') };
}

/** What the caller may do now, from the detail: decide a trader's request, change the trader, edit and resubmit. */
function ActionsPanel({ detail, onEdit }: { detail: ApplicationDetail; onEdit: () => void }) {
  const t = useApplicationsMessages().web;
  const m = useMessages();
  const user = useAuthUser();
  const titleId = useId();
  const [dialog, setDialog] = useState<Decision | 'trader' | null>(null);
  const decides =
    user?.role === 'OABusinessUser' && detail.status === 'PendingApplicantApproval' && detail.allowedActions.includes('Approve');
  const resubmits = detail.formMode === 'Write' && detail.allowedActions.includes('Submit');
  const question = clarificationOf(detail, m.roles);
  const questionId = useId();
  if (!decides && !resubmits && !detail.canUpdateTrader) return null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5, borderLeft: 4, borderColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t.actionsTitle}
        </Typography>
        {decides && <Typography sx={{ mb: 1.5 }}>{t.pendingApplicantHint}</Typography>}
        {resubmits && <Typography sx={{ mb: 1.5 }}>{t.returnedHint}</Typography>}
        {resubmits && question && (
          <Box component="figure" aria-labelledby={questionId} sx={{ m: 0, mb: 1.5 }}>
            <Typography id={questionId} component="figcaption" variant="body2" color="text.secondary">
              {t.sldcQuestion(question.by)}
            </Typography>
            <Box
              component="blockquote"
              sx={{
                m: 0,
                mt: 0.5,
                px: 1.5,
                py: 1,
                borderLeft: 3,
                borderColor: 'warning.main',
                bgcolor: 'action.hover',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {question.remarks}
            </Box>
          </Box>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {decides && (
            <>
              <Button variant="contained" startIcon={<CheckCircleOutline />} onClick={() => setDialog('approve')}>
                {t.approveRequest}
              </Button>
              <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
                {t.rejectRequest}
              </Button>
            </>
          )}
          {resubmits && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={onEdit}>
              {t.editResubmit}
            </Button>
          )}
          {detail.canUpdateTrader && (
            <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setDialog('trader')}>
              {t.updateTrader}
            </Button>
          )}
        </Stack>
      </CardContent>
      {(dialog === 'approve' || dialog === 'reject') && (
        <DecisionDialog detail={detail} decision={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'trader' && <TraderDialog detail={detail} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** One application: the summary, the open access per block, and the caller's actions (or the form while resubmitting). */
function ExistingApplication({ type, id }: { type: ApplicationType; id: string }) {
  const t = useApplicationsMessages().web;
  const user = useAuthUser();
  const query = useApplication(id);
  const submit = useSubmit(type);
  const [editing, setEditing] = useState(false);

  if (query.isPending) {
    return (
      <Box>
        <PageHeader title={t.listTitle} actions={<BackButton />} />
        <Skeleton variant="rounded" height={320} aria-label={t.loadingDetails} />
      </Box>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Box>
        <PageHeader title={t.listTitle} actions={<BackButton />} />
        <Alert
          severity="error"
          action={
            notFound ? undefined : (
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t.reload}
              </Button>
            )
          }
        >
          {notFound ? t.notFound : errorText(query.error, t.notFound)}
        </Alert>
      </Box>
    );
  }
  const detail = query.data;
  if (editing) {
    return (
      <Box>
        <PageHeader title={t.resubmitTitle(detail.applicationNo)} actions={<BackButton />} />
        <Card>
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <ApplicationForm
              type={detail.applicationType}
              asTrader={user?.role === 'Trader'}
              defaultValues={applicationFormValues(detail)}
              resubmit={{ id: detail.id, version: detail.version }}
              onSubmit={async (payload) => {
                await submit(payload);
                setEditing(false);
              }}
              extraActions={
                <Button variant="text" onClick={() => setEditing(false)}>
                  {t.cancelEdit}
                </Button>
              }
            />
          </CardContent>
        </Card>
      </Box>
    );
  }
  return (
    <Box>
      <PageHeader title={t.detailTitle(detail.applicationNo)} actions={<BackButton />} />
      {user?.role === 'OABusinessUser' && detail.applicant.id !== user.userId && (
        // The counterparty (its registration is the seller or buyer): read only (decision 0021).
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t.counterpartyHint}
        </Alert>
      )}
      <ActionsPanel detail={detail} onEdit={() => setEditing(true)} />
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <ApplicationSummary application={detail} />
        <OpenAccessGrid applicationId={detail.id} />
      </Box>
    </Box>
  );
}

/**
 * `/applications/oa/:applicationType/:id?` (OABusinessUser, Trader): without id the new
 * application form of the type; with id the application with the caller's actions.
 */
export function ApplicationPage() {
  const t = useApplicationsMessages().web;
  const { applicationType, id } = useParams();
  if (!isApplicationType(applicationType)) {
    return (
      <Box>
        <PageHeader title={t.listTitle} actions={<BackButton />} />
        <Alert severity="error">{t.unknownType}</Alert>
      </Box>
    );
  }
  return id ? (
    <ExistingApplication key={id} type={applicationType} id={id} />
  ) : (
    <NewApplication key={applicationType} type={applicationType} />
  );
}
