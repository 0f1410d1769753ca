import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { ATC_FILE_EXTENSIONS, atcEndpoints, type AtcMode, type AtcPreview, fileExtension, invalidFileMessage, shortenFileName } from '@stoa/shared';

import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { visuallyHidden } from '../../../lib/a11y';
import { download } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/dates';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { UploadFailedError, uploadErrorText } from '../../../lib/upload';
import { useSaveAtcUpload, useValidateAtcFile } from '../api/use-atc-mutations';
import { ATC_PAGES, useAtcMessages } from '../i18n';
import { UploadErrors } from './upload-errors';
import { UploadHistory } from './upload-history';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;
const ACCEPT = ATC_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The checks the browser can make before sending: the extension and an empty file. */
function checkFile(file: File, texts: { invalid: string; empty: string }): string | null {
  if (!(ATC_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return texts.invalid;
  if (file.size === 0) return texts.empty;
  return null;
}

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
  const m = useMessages();
  const t = useAtcMessages();
  const u = t.upload;
  const validate = useValidateAtcFile(mode);
  const save = useSaveAtcUpload(mode);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const texts = { invalid: invalidFileMessage(ATC_FILE_EXTENSIONS), empty: m.files.emptyFile };
  const busy = validate.isPending || save.isPending;
  const percent = progress === null ? 0 : Math.round(progress * 100);
  const sending = validate.isPending && progress !== null && progress < 1;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setChecked(null);
    setProgress(null);
    setProblem(checkFile(chosen, texts));
  };

  const onValidate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem(m.files.noFile);
      return;
    }
    const invalid = checkFile(file, texts);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    setChecked(null);
    setProgress(0);
    try {
      setChecked(await validate.mutateAsync({ file, onProgress: setProgress }));
    } catch (error) {
      setProblem(error instanceof UploadFailedError ? uploadErrorText(error) : errorText(error, m.common.genericError));
    } finally {
      setProgress(null);
    }
  };

  const onUpload = async () => {
    if (!checked?.preview.isValid) return;
    setProblem(null);
    try {
      const result = await save.mutateAsync(checked.fileId);
      notify.success(u.saved(result.rowCount, result.insertedCount, result.replacedCount));
      setFile(null);
      setChecked(null);
    } catch (error) {
      setProblem(errorText(error, m.common.genericError));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onValidate(event)} aria-describedby={`${id}-hint`}>
      <Box
        sx={{
          p: 2,
          border: '1px dashed',
          borderColor: problem ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.default',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <TableChartOutlined aria-hidden="true" sx={{ fontSize: 36, color: file ? 'success.main' : 'action.disabled' }} />
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {u.chosen}
          </Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} title={file?.name}>
            {file ? shortenFileName(file.name, 40) : u.noFile}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<UploadFile />} disabled={busy} onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>
          {file ? u.chooseAnother : u.choose}
        </Button>
        {/* The file input itself: reached through the button, so it takes no focus of its own. */}
        <Box component="input" ref={input} type="file" accept={ACCEPT} tabIndex={-1} aria-label={file ? u.chooseAnother : u.choose} onChange={onChoose} disabled={busy} sx={visuallyHidden} />
      </Box>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {u.fileHint}
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <SubmitButton busy={validate.isPending} disabled={!file || save.isPending} icon={<FactCheckOutlined />}>
          {validate.isPending ? u.validating : u.validate}
        </SubmitButton>
        <Button
          variant="contained"
          color="success"
          startIcon={<CloudUploadOutlined />}
          disabled={!checked?.preview.isValid || busy}
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

      {(validate.isPending || save.isPending) && (
        <Box sx={{ mt: 2.5 }}>
          <LinearProgress variant={sending ? 'determinate' : 'indeterminate'} value={percent} aria-label={u.progressLabel} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} aria-live="polite">
            {sending ? u.sending(percent) : validate.isPending ? u.validating : u.uploadingRows}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2.5 }}>
          {problem}
        </Alert>
      )}
      {checked && <Preview preview={checked.preview} />}
    </Box>
  );
}

function Preview({ preview }: { preview: AtcPreview }) {
  const u = useAtcMessages().upload;
  const range = preview.dateFrom && preview.dateTo ? u.dateRange(formatDisplayDate(preview.dateFrom), formatDisplayDate(preview.dateTo)) : '—';
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
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, max-content)' }, columnGap: 5, rowGap: 1.5, my: 2 }}>
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
      {!preview.isValid && <UploadErrors errors={preview.errors} />}
    </Box>
  );
}
