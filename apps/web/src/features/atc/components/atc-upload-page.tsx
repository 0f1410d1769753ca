import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { ATC_FILE_EXTENSIONS, atcEndpoints, type AtcMode, type AtcPreview } from '@stoa/shared/atc';

import { FilePicker, UploadStatus, useFileChoice } from '../../../components/file-picker';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { download } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/dates';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { sendFailureText } from '../../../lib/upload';
import { useSaveAtcUpload, useValidateAtcFile } from '../api/use-atc-mutations';
import { ATC_PAGES, useAtcMessages } from '../i18n';
import { UploadErrors } from './upload-errors';
import { UploadHistory } from './upload-history';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;
const ACCEPT = ATC_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * ATC Uploads of one mode (spec 001 §2): the file format and templates; choose an xlsx or csv file,
 * Validate (sent with progress, then every row error or a summary), Upload (all or nothing); the
 * history of saved uploads.
 */
export function AtcUploadPage({ mode }: { mode: AtcMode }) {
  const t = useAtcMessages();
  const u = t.upload;
  const formatId = useId();
  const fileId = useId();
  const historyId = useId();
  return (
    <Box>
      <PageHeader
        title={u.title(t.modes[mode])}
        subtitle={u.subtitle}
        actions={
          <Button component={RouterLink} to={ATC_PAGES[mode].viewEdit} variant="outlined" startIcon={<TableChartOutlined />}>
            {u.viewMargins}
          </Button>
        }
      />
      <Card component="section" aria-labelledby={formatId} sx={{ mb: 2.5 }}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Typography id={formatId} variant="h6" component="h2" sx={{ mb: 1 }}>
            {u.formatTitle}
          </Typography>
          <FileFormat />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby={fileId} sx={{ mb: 2.5 }}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Typography id={fileId} variant="h6" component="h2" sx={{ mb: 2 }}>
            {u.chooseTitle}
          </Typography>
          <UploadPanel mode={mode} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby={historyId}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Typography id={historyId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {u.historyTitle}
          </Typography>
          <UploadHistory mode={mode} />
        </CardContent>
      </Card>
    </Box>
  );
}

function FileFormat() {
  const m = useMessages();
  const u = useAtcMessages().upload;
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const getTemplate = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const file = await download(atcEndpoints.downloadTemplate, { query: { format } });
      saveFile(file.blob, file.fileName ?? `atc-margin-template.${format}`);
    } catch (error) {
      notify.error(errorText(error, u.templateFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Typography sx={{ mb: 1 }}>{u.formatText}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {u.formatNote}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={busy !== null}
            aria-busy={busy === format}
            onClick={() => void getTemplate(format)}
          >
            {busy === format ? m.common.loading : format === 'xlsx' ? u.templateXlsx : u.templateCsv}
          </Button>
        ))}
      </Stack>
    </>
  );
}

type Checked = { fileId: string; preview: AtcPreview };

function UploadPanel({ mode }: { mode: AtcMode }) {
  const t = useAtcMessages();
  const u = t.upload;
  const validate = useValidateAtcFile(mode);
  const save = useSaveAtcUpload(mode);
  const { file, setFile, problem, setProblem, progress, setProgress, percent, choose, ready } = useFileChoice(ATC_FILE_EXTENSIONS);
  const [checked, setChecked] = useState<Checked | null>(null);
  // Elements the portal does not know: the SLDC confirms they are new before Upload (decision 0019).
  const [confirmed, setConfirmed] = useState(false);
  const id = useId();
  const busy = validate.isPending || save.isPending;
  const sending = validate.isPending && progress !== null && progress < 1;

  const onChoose = (chosen: File) => {
    choose(chosen);
    setChecked(null);
    setConfirmed(false);
  };
  const hasNewElements = (checked?.preview.newElementCount ?? 0) > 0;
  const canUpload = !!checked?.preview.isValid && (!hasNewElements || confirmed);

  const onValidate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = ready();
    if (!sent) return;
    setChecked(null);
    setConfirmed(false);
    setProgress(0);
    try {
      setChecked(await validate.mutateAsync({ file: sent, onProgress: setProgress }));
    } catch (error) {
      setProblem(sendFailureText(error));
    } finally {
      setProgress(null);
    }
  };

  const onUpload = async () => {
    if (!checked || !canUpload) return;
    setProblem(null);
    try {
      const result = await save.mutateAsync({ fileId: checked.fileId, confirmNewElements: hasNewElements && confirmed });
      notify.success(u.saved(result.rowCount, result.insertedCount, result.replacedCount));
      setFile(null);
      setChecked(null);
    } catch (error) {
      setProblem(sendFailureText(error));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onValidate(event)}
      aria-describedby={`${id}-hint`}
    >
      <FilePicker
        file={file}
        invalid={!!problem}
        icon={TableChartOutlined}
        iconColor="success.main"
        texts={u}
        accept={ACCEPT}
        disabled={busy}
        onChoose={onChoose}
        hintId={`${id}-hint`}
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <SubmitButton busy={validate.isPending} disabled={!file || save.isPending} icon={<FactCheckOutlined />}>
          {validate.isPending ? u.validating : u.validate}
        </SubmitButton>
        <Button
          variant="contained"
          color="success"
          startIcon={<CloudUploadOutlined />}
          disabled={!canUpload || busy}
          onClick={() => void onUpload()}
          aria-describedby={checked?.preview.isValid ? undefined : `${id}-first`}
        >
          {save.isPending ? u.uploadingRows : u.upload}
        </Button>
      </Stack>
      {!checked && !busy && (
        <Typography id={`${id}-first`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {u.validateFirst}
        </Typography>
      )}

      <UploadStatus
        progress={
          busy
            ? {
                label: u.progressLabel,
                percent: sending ? percent : null,
                text: sending ? u.sending(percent) : validate.isPending ? u.validating : u.uploadingRows,
              }
            : null
        }
        problem={problem}
      />
      {checked && <Preview preview={checked.preview} confirmed={confirmed} onConfirm={setConfirmed} disabled={busy} />}
    </Box>
  );
}

function Preview({
  preview,
  confirmed,
  onConfirm,
  disabled,
}: {
  preview: AtcPreview;
  confirmed: boolean;
  onConfirm: (value: boolean) => void;
  disabled: boolean;
}) {
  const u = useAtcMessages().upload;
  const range =
    preview.dateFrom && preview.dateTo ? u.dateRange(formatDisplayDate(preview.dateFrom), formatDisplayDate(preview.dateTo)) : '—';
  return (
    <Box sx={{ mt: 2.5 }} role="region" aria-label={u.previewTitle}>
      {preview.isValid ? (
        <Alert severity="success" icon={<CheckCircleOutline />} aria-live="polite">
          {u.validTitle}
        </Alert>
      ) : (
        <Alert severity="error" aria-live="polite">
          {u.invalidTitle(preview.errorCount, preview.errors.length)}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, max-content)' }, columnGap: 5, rowGap: 1.5, my: 2 }}
      >
        {[
          [u.summaryDates, preview.dateCount > 0 ? `${range} (${preview.dateCount})` : '—'],
          [u.summaryElements, String(preview.elementCount)],
          [u.summaryRows, String(preview.rowCount)],
        ].map(([label, value]) => (
          <Box key={label} sx={{ gridColumn: { xs: label === u.summaryDates ? '1 / -1' : 'auto', sm: 'auto' } }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {preview.isValid && preview.newElementCount > 0 && (
        <NewElements preview={preview} confirmed={confirmed} onConfirm={onConfirm} disabled={disabled} />
      )}
      {!preview.isValid && <UploadErrors errors={preview.errors} />}
    </Box>
  );
}

/** The elements the portal does not know yet, and the SLDC's confirmation that they are new. */
function NewElements({
  preview,
  confirmed,
  onConfirm,
  disabled,
}: {
  preview: AtcPreview;
  confirmed: boolean;
  onConfirm: (value: boolean) => void;
  disabled: boolean;
}) {
  const u = useAtcMessages().upload;
  const listId = useId();
  const count = preview.newElementCount;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-labelledby={listId}>
      <Typography id={listId} sx={{ fontWeight: 600 }}>
        {u.newElementsTitle(count)}
      </Typography>
      <Box component="ul" aria-labelledby={listId} sx={{ my: 1, pl: 2.5 }}>
        {preview.newElements.map((name) => (
          <li key={name}>{name}</li>
        ))}
        {count > preview.newElements.length && <li>…</li>}
      </Box>
      <Typography variant="body2">{u.newElementsHint}</Typography>
      <FormControlLabel
        sx={{ mt: 0.5 }}
        control={<Checkbox checked={confirmed} disabled={disabled} onChange={(event) => onConfirm(event.target.checked)} />}
        label={u.confirmNewElements(count)}
      />
    </Alert>
  );
}
