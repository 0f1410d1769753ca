import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { APPLICANT_ROLES, ENTITY_TYPES, type EntityType, LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import { type FormValues, normalizeForm } from '@stoa/shared/forms';
import {
  REGISTRATION_FORMS,
  REGISTRATION_REVIEWERS,
  registrationPrefill,
  type RegistrationDetail,
  WORKFLOW_ACTION_LABELS,
} from '@stoa/shared/registrations';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { accountQueries } from '../../account';
import { FormRenderer } from '../../forms';
import { downloadRegistrationPdf } from '../api/download-registration';
import { registrationQueries } from '../api/registration-queries';
import {
  type ReviewAction,
  useEditTraderDetails,
  useRegistrationAction,
  useRenewRegistration,
  useSubmitRegistration,
} from '../api/use-registration-mutations';
import { useRegistrationsMessages } from '../i18n';
import { ActionDialog } from './action-dialog';
import { DocumentVerification, initialVerdicts, type Verdict, type Verdicts } from './document-verification';
import { EditTraderDialog } from './edit-trader-dialog';
import { HistoryTimeline } from './history-timeline';
import { MandatoryChecks } from './mandatory-checks';
import { RegistrationHeaderActions } from './registration-header-actions';
import { RegistrationSummary } from './registration-summary';
import { viewPath } from './registrations-grid';
import { SaveDraftButton } from './save-draft-button';
import { reviewActions, WorkflowPanel } from './workflow-panel';
import { includes, utilityOption, completeDefaults, usesSource } from './registration-form.helpers';

export type FormPageMode = 'new' | 'view' | 'renew';

/**
 * The registration form page (spec 001 §2): a new registration, a record (read-only, or Write
 * when the owner may resubmit it), or the renewal of an approved or expired one. Reviewers act
 * on the record with the actions the server allows them now.
 */
export function RegistrationFormPage({ mode }: { mode: FormPageMode }) {
  const t = useRegistrationsMessages();
  const params = useParams();
  const entityType = (ENTITY_TYPES as readonly string[]).includes(params.entityType ?? '') ? (params.entityType as EntityType) : null;
  const recordId = mode === 'view' ? params.id : mode === 'renew' ? params.previousId : undefined;
  if (!entityType || (mode !== 'new' && !recordId)) {
    return (
      <Box>
        <PageHeader title={t.list.registrationsTitle} />
        <Alert severity="error">{t.web.notFound}</Alert>
      </Box>
    );
  }
  return (
    <RegistrationFormContent
      key={`${mode}:${entityType}:${recordId ?? ''}`}
      mode={mode}
      entityType={entityType}
      recordId={recordId ?? null}
    />
  );
}

function RegistrationFormContent({ mode, entityType, recordId }: { mode: FormPageMode; entityType: EntityType; recordId: string | null }) {
  const m = useMessages();
  const t = useRegistrationsMessages();
  const navigate = useNavigate();
  const user = useAuthUser();
  const role: Role = user?.role ?? 'OABusinessUser';
  const owner = includes(APPLICANT_ROLES, role);
  const loadCentre = includes(LOAD_CENTRE_ROLES, role);
  const reviewer = includes(REGISTRATION_REVIEWERS, role);

  const detailQuery = useQuery({ ...registrationQueries.detail(entityType, recordId ?? ''), enabled: recordId !== null });
  const detail = detailQuery.data ?? null;
  const discoms = useQuery({ ...registrationQueries.utilities('discoms'), enabled: usesSource(entityType, 'discoms') });
  const transcos = useQuery({ ...registrationQueries.utilities('transcos'), enabled: usesSource(entityType, 'transcos') });
  const optionSources = useMemo(
    () => ({ discoms: (discoms.data ?? []).map(utilityOption), transcos: (transcos.data ?? []).map(utilityOption) }),
    [discoms.data, transcos.data],
  );

  const allowed = detail?.allowedActions ?? [];
  const actions = reviewer ? reviewActions(allowed) : [];
  const verifying = reviewer && actions.includes('Forward');
  const files = useQuery({
    ...registrationQueries.fileValidations(entityType, recordId ?? ''),
    enabled: mode === 'view' && recordId !== null && verifying,
  });
  const [overrides, setOverrides] = useState<Verdicts>({});
  const fileRows = verifying ? files.data?.fileList : detail?.fileList;
  const verdicts = useMemo(() => ({ ...initialVerdicts(fileRows ?? []), ...overrides }), [fileRows, overrides]);

  // A new registration starts from what the pre-registration (Form-A) gave: the profile.
  const profile = useQuery({
    ...accountQueries.profile(user?.userId ?? ''),
    enabled: mode === 'new' && owner && user !== null,
    retry: false,
  });
  const prefill = useMemo(
    () => (mode === 'new' && profile.data ? registrationPrefill(entityType, profile.data) : undefined),
    [mode, entityType, profile.data],
  );
  const defaults = useMemo(() => completeDefaults(entityType, detail?.data ?? prefill), [entityType, detail?.data, prefill]);
  const fileNames = useMemo(() => Object.fromEntries((detail?.fileList ?? []).map((f) => [f.fileId, f.fileName])), [detail?.fileList]);
  const [conflict, setConflict] = useState(false);
  const [action, setAction] = useState<ReviewAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editingTrader, setEditingTrader] = useState(false);
  const submit = useSubmitRegistration();
  const renew = useRenewRegistration();
  const act = useRegistrationAction();
  const editTrader = useEditTraderDetails();

  const definition = REGISTRATION_FORMS[entityType];
  const title = t.formTitle[entityType];
  const isRenewal = mode === 'renew' || detail?.isRenewal === true;
  const listPath = isRenewal ? WEB_ROUTES.registrationRenewals.path : WEB_ROUTES.registrations.path;
  const write = mode !== 'view' || (owner && detail?.formMode === 'Write');

  /**
   * A stale version (409) tells the user and shows the record as it is now; anything else goes
   * back to the renderer (field errors on their fields, the rest above its buttons).
   */
  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      setConflict(true);
      void detailQuery.refetch();
      return;
    }
    throw error;
  };

  const onSubmit = async (values: FormValues) => {
    try {
      if (mode === 'renew') {
        const saved = await renew.mutateAsync({ entityType, previousRegistrationId: recordId!, data: values, isDraft: false });
        notify.success(t.toasts.renewed);
        void navigate(viewPath(saved), { replace: true });
      } else if (mode === 'new') {
        const saved = await submit.mutateAsync({ entityType, data: values, isDraft: false });
        notify.success(t.toasts.submitted);
        void navigate(viewPath(saved), { replace: true });
      } else if (detail) {
        await submit.mutateAsync({ entityType, data: values, isDraft: false, id: detail.id, version: detail.version });
        notify.success(isRenewal ? t.toasts.renewed : t.toasts.submitted);
      }
    } catch (error) {
      failed(error);
    }
  };

  const onSaveDraft = async (values: FormValues) => {
    try {
      const data = normalizeForm(definition, values);
      const saved = await submit.mutateAsync({
        entityType,
        data,
        isDraft: true,
        ...(detail ? { id: detail.id, version: detail.version } : {}),
      });
      notify.success(t.web.draftSaved);
      if (mode === 'new') void navigate(viewPath(saved), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(true);
        void detailQuery.refetch();
      } else notify.error(errorText(error, m.common.genericError));
    }
  };

  const onConfirmAction = async (remarks: string) => {
    if (!action || !detail) return;
    setActionError(null);
    try {
      await act.mutateAsync({
        action,
        id: detail.id,
        entityType,
        body: {
          version: detail.version,
          remarks,
          ...(verifying && fileRows
            ? {
                fileValidations: fileRows.map((row) => ({
                  fileId: row.fileId,
                  isValid: verdicts[row.fileId]!.isValid,
                  ...(verdicts[row.fileId]!.comments.trim() ? { comments: verdicts[row.fileId]!.comments.trim() } : {}),
                })),
              }
            : {}),
        },
      });
      notify.success(t.toasts.actionDone(WORKFLOW_ACTION_LABELS[action]));
      setAction(null);
      setOverrides({});
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setAction(null);
        setConflict(true);
        void detailQuery.refetch();
        return;
      }
      setActionError(errorText(error, m.common.genericError));
    }
  };

  const onSaveTrader = async (values: FormValues) => {
    if (!detail) return;
    try {
      await editTrader.mutateAsync({ id: detail.id, version: detail.version, data: values });
      notify.success(t.toasts.traderDetailsSaved);
      setEditingTrader(false);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setEditingTrader(false);
      }
      failed(error);
    }
  };

  const download = (kind: 'detail' | 'comparison') => {
    if (!detail) return;
    const base = detail.registrationNo ?? detail.id;
    downloadRegistrationPdf(kind, detail.id, kind === 'detail' ? `${base}.pdf` : `${base}-comparison.pdf`).catch(() =>
      notify.error(m.common.downloadFailed),
    );
  };

  const heading = mode === 'renew' || detail?.isRenewal ? t.web.renewalTitle(title) : title;
  const entityName = typeof detail?.data.entityName === 'string' ? detail.data.entityName : undefined;
  const subtitle =
    mode === 'renew' && detail?.registrationNo ? t.web.renewalOf(detail.registrationNo) : mode === 'view' ? entityName : undefined;
  const header = (
    <PageHeader
      title={heading}
      subtitle={subtitle}
      actions={
        <RegistrationHeaderActions
          mode={mode}
          detail={detail}
          listPath={listPath}
          loadCentre={loadCentre}
          owner={owner}
          onDownload={download}
          onEditTrader={() => setEditingTrader(true)}
        />
      }
    />
  );

  // ---- Loading and failure of the record -------------------------------------------------------
  // The new form waits for the profile (its defaults are read once); without it, it starts empty.
  if (mode === 'new' && profile.isPending && profile.fetchStatus !== 'idle') {
    return (
      <Box>
        {header}
        <ListLoading rows={6} />
      </Box>
    );
  }
  if (recordId !== null && !detail) {
    let body;
    if (detailQuery.isError && isApiError(detailQuery.error) && (detailQuery.error.status === 404 || detailQuery.error.status === 403)) {
      body = <Alert severity="error">{t.web.notFound}</Alert>;
    } else if (detailQuery.isError) body = <ListError onRetry={() => void detailQuery.refetch()} />;
    else body = <ListLoading rows={6} />;
    return (
      <Box>
        {header}
        {body}
      </Box>
    );
  }

  const renewBlocked = mode === 'renew' && detail !== null && !detail.canRenew;
  // The fee falls due on submission: shown on a new or renewal form and on the owner's draft.
  const feeKind = mode !== 'view' || (owner && detail?.status === 'Draft') ? (isRenewal ? 'renewal' : 'registration') : null;
  const showDraft = mode === 'new' || (mode === 'view' && write && detail?.status === 'Draft');
  const showDocuments =
    mode === 'view' && reviewer && detail !== null && (verifying || (fileRows ?? []).some((row) => row.isValid !== null));
  const side = mode === 'view' && detail !== null;

  const form = renewBlocked ? (
    <Alert severity="warning">{t.errors.notRenewable}</Alert>
  ) : (
    <FormRenderer
      key={`${detail?.id ?? 'new'}:${write ? 'write' : 'read'}`}
      definition={definition}
      defaultValues={defaults}
      readOnly={!write}
      hideSubmit={!write}
      submitLabel={mode === 'renew' ? t.list.renew : m.common.submit}
      disableSubmitUntilDirty={mode === 'renew' && detail?.status === 'Approved'}
      onSubmit={write ? onSubmit : undefined}
      optionSources={optionSources}
      fileNames={fileNames}
      uploadFormName="Registration"
      extraActions={showDraft ? <SaveDraftButton onSave={onSaveDraft} /> : undefined}
    />
  );

  return (
    <Box>
      {header}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2.5 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setConflict(false);
                void detailQuery.refetch();
              }}
            >
              {t.web.reload}
            </Button>
          }
        >
          {t.errors.statusConflict}
        </Alert>
      )}
      <RegistrationSummary detail={mode === 'renew' ? null : detail} fee={feeKind} />
      {mode === 'renew' && detail?.status === 'Approved' && !renewBlocked && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t.web.renewHintUntouched}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <Card>
          <CardContent sx={{ p: { xs: 2, md: 3 }, '&:last-child': { pb: { xs: 2, md: 3 } } }}>{form}</CardContent>
        </Card>
        {side && detail && showDocuments && (
          <DocumentVerification
            rows={fileRows}
            loading={verifying && files.isPending}
            error={verifying && files.isError}
            onRetry={() => void files.refetch()}
            editable={verifying}
            verdicts={verdicts}
            onChange={(fileId: string, verdict: Verdict) => setOverrides((current) => ({ ...current, [fileId]: verdict }))}
          />
        )}
        {side && detail && (
          // Below the form, in the order a reviewer works: the checks, then the actions and the history.
          <Grid container spacing={2.5} sx={{ alignItems: 'flex-start' }}>
            {reviewer && (
              <Grid size={{ xs: 12, lg: 5 }}>
                <MandatoryChecks id={detail.id} />
              </Grid>
            )}
            <Grid size={{ xs: 12, lg: reviewer ? 7 : 12 }}>
              <Stack spacing={2.5}>
                {reviewer && (
                  <WorkflowPanel
                    allowed={allowed}
                    disabled={act.isPending}
                    onAction={(next) => {
                      setActionError(null);
                      setAction(next);
                    }}
                  />
                )}
                <HistoryTimeline history={detail.history} />
              </Stack>
            </Grid>
          </Grid>
        )}
      </Stack>
      {action && detail && (
        <ActionDialog
          action={action}
          busy={act.isPending}
          error={actionError}
          onConfirm={(remarks) => void onConfirmAction(remarks)}
          onClose={() => setAction(null)}
        />
      )}
      {editingTrader && detail && (
        <EditTraderDialog detail={detail as RegistrationDetail} onSave={onSaveTrader} onClose={() => setEditingTrader(false)} />
      )}
    </Box>
  );
}
