import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import type { z } from 'zod';

import { allowedExtensionsFor, fileExtension, invalidFileMessage, type manualSchema, shortenFileName } from '@stoa/shared';

import { visuallyHidden } from '../../../lib/a11y';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { UploadFailedError, uploadErrorText } from '../../../lib/upload';
import { MANUAL_FORM, useSaveManual } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export type Manual = z.infer<typeof manualSchema>;

const ALLOWED = allowedExtensionsFor(MANUAL_FORM);

/** Spec 000 §5 checks the browser can make before sending: the extension, and an empty file. */
function checkFile(file: File, texts: { invalid: string; empty: string }): string | null {
  if (!(ALLOWED as readonly string[]).includes(fileExtension(file.name))) return texts.invalid;
  if (file.size === 0) return texts.empty;
  return null;
}

/**
 * Upload the PDF manual of one target: choose a file, send it with progress (File/Upload with
 * formName=UserManual), then save it as that target's manual. The server's refusal ('Invalid
 * file. Please upload pdf file') or 'Unable to upload the file.' shows in the dialog.
 */
export function ManualUploadDialog({ manual, onClose }: { manual: Manual; onClose: () => void }) {
  const m = useMessages();
  const t = useConfigMessages().manuals;
  const save = useSaveManual();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = save.isPending;
  const percent = progress === null ? 0 : Math.round(progress * 100);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setProgress(null);
    setFile(chosen);
    setProblem(checkFile(chosen, { invalid: invalidFileMessage(ALLOWED), empty: m.files.emptyFile }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem(m.files.noFile);
      return;
    }
    const invalid = checkFile(file, { invalid: invalidFileMessage(ALLOWED), empty: m.files.emptyFile });
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      await save.mutateAsync({ target: manual.target, file, onProgress: setProgress });
      notify.success(t.saved);
      onClose();
    } catch (error) {
      setProgress(null);
      setProblem(error instanceof UploadFailedError ? uploadErrorText(error) : errorText(error, m.common.genericError));
    }
  };

  const uploading = busy && progress !== null && progress < 1;
  return (
    <FormDialog
      title={t.dialogTitle}
      busy={busy}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
      onClose={onClose}
      submitLabel={t.upload}
      busyLabel={uploading ? t.uploading : t.saving}
      canSubmit={!!file}
      grid={false}
    >
      <Typography variant="body2" color="text.secondary">
        {t.target}
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{manual.label}</Typography>
      {manual.fileName && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} title={manual.fileName}>
          {t.currentFile(shortenFileName(manual.fileName, 40))}
        </Typography>
      )}
      <Box
        sx={{
          mt: manual.fileName ? 0 : 2,
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
        <PictureAsPdfOutlined aria-hidden="true" sx={{ fontSize: 36, color: file ? 'error.main' : 'action.disabled' }} />
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {t.chosen}
          </Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} title={file?.name}>
            {file ? shortenFileName(file.name, 40) : t.noFile}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<UploadFile />} disabled={busy} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`} sx={{ flexShrink: 0 }}>
          {file ? t.chooseAnother : t.choose}
        </Button>
        {/* The file input itself: reached through the button, so it takes no focus of its own. */}
        <Box
          component="input"
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          tabIndex={-1}
          aria-label={file ? t.chooseAnother : t.choose}
          onChange={onChoose}
          disabled={busy}
          sx={visuallyHidden}
        />
      </Box>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.fileHint}
      </Typography>
      {progress !== null && (
        <Box sx={{ mt: 2.5 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={t.progressLabel} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} aria-live="polite">
            {uploading ? t.progress(percent) : busy ? t.saving : t.progress(percent)}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2.5 }}>
          {problem}
        </Alert>
      )}
    </FormDialog>
  );
}
