import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import type { UtilityType } from '@stoa/shared/account';
import type { InterStateRegistrationDetail } from '@stoa/shared/inter-state';
import { WEB_LINKS } from '@stoa/shared/navigation';

import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { errorText, isApiError } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { downloadIsrPdf, isrQueries, useSubmitIsr } from '../api/isr-queries';
import { useIsrMessages } from '../isr-i18n';
import { bodyOf, clientErrors, EMPTY_ISR_VALUES, IsrForm, type IsrFormValues } from './isr-form';
import { Actions, DetailView } from './isr-detail';

const valuesOf = (d: InterStateRegistrationDetail): IsrFormValues => ({
  registrationId: d.registrationId,
  utilityType: d.utilityType,
  region: d.values.region ?? '',
  noarRegistrationNo: d.values.noarRegistrationNo ?? '',
  regionalEntityCode: d.values.regionalEntityCode ?? '',
  transactionTypes: d.values.transactionTypes ?? [],
  interStateQuantumMw: d.values.interStateQuantumMw !== undefined ? String(d.values.interStateQuantumMw) : '',
  mainMeterNo: d.values.mainMeterNo ?? '',
  checkMeterNo: d.values.checkMeterNo ?? '',
  meteringConfirmed: d.values.meteringConfirmed ?? false,
  energyAccountingConfirmed: d.values.energyAccountingConfirmed ?? false,
  noarCertificateFileId: d.values.noarCertificateFileId ?? '',
  meterCertificateFileId: d.values.meterCertificateFileId ?? '',
  otherDocumentFileId: d.values.otherDocumentFileId ?? '',
});

/** The owner's form: a new record, or its draft or returned record. */
function OwnerForm({ utilityType, detail }: { utilityType: UtilityType; detail: InterStateRegistrationDetail | null }) {
  const m = useMessages();
  const t = useIsrMessages();
  const w = t.web;
  const navigate = useNavigate();
  const eligible = useQuery(isrQueries.eligible());
  const save = useSubmitIsr();
  const [values, setValues] = useState<IsrFormValues>(() => (detail ? valuesOf(detail) : { ...EMPTY_ISR_VALUES, utilityType }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [fileNames, setFileNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((detail?.documents ?? []).map((x) => [x.fileId, x.fileName])),
  );
  // The path names the utility type: a new record's follows the choice.
  useEffect(() => {
    if (!detail && values.utilityType !== utilityType)
      void navigate(WEB_LINKS.interStateRegistration(values.utilityType, 'new'), { replace: true });
  }, [detail, values.utilityType, utilityType, navigate]);
  const send = async (draft: boolean) => {
    const local = clientErrors(values, draft);
    setErrors(local);
    setBanner(null);
    if (Object.keys(local).length > 0) return;
    try {
      const saved = await save.mutateAsync(bodyOf(values, draft, detail ? { id: detail.id, version: detail.version } : undefined));
      notify.success(draft ? w.saved : w.submitted);
      void navigate(WEB_LINKS.interStateRegistration(saved.utilityType, saved.id), { replace: true });
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.length > 0) {
        setErrors(Object.fromEntries(failure.fieldErrors.map((f) => [f.fieldName, f.errorMessages[0] ?? ''])));
        return;
      }
      setBanner(errorText(failure, m.common.genericError));
    }
  };
  if (eligible.isPending) return <Skeleton variant="rounded" height={320} aria-label={m.common.loading} />;
  const list = eligible.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {eligible.isError && <Alert severity="error">{m.common.fetchError}</Alert>}
      {banner && <Alert severity="error">{banner}</Alert>}
      <IsrForm
        values={values}
        onChange={setValues}
        eligible={list}
        fixedEntity={!!detail}
        errors={errors}
        fileNames={fileNames}
        onFileName={(id, name) => setFileNames((x) => ({ ...x, [id]: name }))}
        busy={save.isPending}
        onSave={() => void send(true)}
        onSubmit={() => void send(false)}
      />
    </Box>
  );
}

/**
 * `/{utilityType}/{id}` (spec 001 §2; decision 0076): `DISCOM` or `TRANSCO` is the utility the entity is
 * embedded in, `id` the record or `new`. The owner fills the multi-step form (new, draft, returned);
 * everyone else, and the owner once submitted, reads it with the downloads and the actions of the step.
 */
export function IsrPage({ utilityType }: { utilityType: UtilityType }) {
  const m = useMessages();
  const t = useIsrMessages();
  const w = t.web;
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const query = useQuery({ ...isrQueries.detail(id), enabled: !isNew });
  const { busy, download } = useDownload(w.downloadFailed);
  const d = query.data;
  useEffect(() => {
    if (d && d.utilityType !== utilityType) void navigate(WEB_LINKS.interStateRegistration(d.utilityType, d.id), { replace: true });
  }, [d, utilityType, navigate]);
  const back = (
    <Button component={Link} to={WEB_LINKS.interStateRegistrations()} startIcon={<ArrowBack />} variant="text">
      {w.back}
    </Button>
  );
  if (isNew) {
    return (
      <Box>
        <PageHeader title={t.newTitle} actions={back} />
        <OwnerForm utilityType={utilityType} detail={null} />
      </Box>
    );
  }
  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <PageHeader title={t.formTitle} actions={back} />
        <Skeleton variant="rounded" height={260} aria-label={m.common.loading} />
      </Box>
    );
  }
  if (query.isError || !d) {
    return (
      <DetailLoadState title={t.formTitle} actions={back} error={query.error} notFound={w.notFound} onRetry={() => void query.refetch()} />
    );
  }
  const name = d.interStateRegistrationNo ?? d.id;
  const actions = (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: { xs: 'stretch', sm: 'flex-end' },
        '& > *': { flex: { xs: '1 1 auto', sm: 'none' } },
      }}
    >
      {back}
      {d.status.status !== 'Draft' && (
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={busy}
          onClick={() => void download(() => downloadIsrPdf('detail', d.id, `inter-state-registration-${name}.pdf`))}
        >
          {busy ? w.downloading : t.actions.downloadPdf}
        </Button>
      )}
      {d.submissions > 0 && (
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={busy}
          onClick={() => void download(() => downloadIsrPdf('comparison', d.id, `inter-state-registration-${name}-comparison.pdf`))}
        >
          {t.actions.downloadComparison}
        </Button>
      )}
    </Box>
  );
  const editing = d.isOwner && d.formMode === 'Write';
  return (
    <Box>
      <PageHeader
        title={`${t.formTitle}: ${d.entityName}`}
        subtitle={`${d.utilityType} · ${d.status.statusDescription}`}
        actions={actions}
      />
      {busy && <LinearProgress aria-label={w.downloading} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {editing && d.history.at(-1)?.remarks && (
          <Alert severity="warning">{`${t.statusLabels[d.status.status]}: ${d.history.at(-1)!.remarks}`}</Alert>
        )}
        {editing ? <OwnerForm utilityType={utilityType} detail={d} /> : <Actions d={d} onChanged={() => void query.refetch()} />}
        <DetailView d={d} />
      </Box>
    </Box>
  );
}

/** The DISCOM route's page. */
export function IsrDiscomPage() {
  return <IsrPage utilityType="DISCOM" />;
}
/** The TRANSCO route's page. */
export function IsrTranscoPage() {
  return <IsrPage utilityType="TRANSCO" />;
}
