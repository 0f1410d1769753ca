import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';

import {
  allowedExtensionsFor,
  fileExtension,
  filesEndpoints,
  type FileUploadResult,
  invalidFileMessage,
  shortenFileName,
} from '@stoa/shared/files';
import type { FileField, UploadKind } from '@stoa/shared/forms';

import { visuallyHidden } from '../../../lib/a11y';
import { download } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { upload, uploadErrorText } from '../../../lib/upload';
import { useFormsMessages } from '../i18n';
import { useFieldMessages } from './field-parts';
import { useFormEngine } from './form-context';

/** Documents are PDF or images unless the field says otherwise. */
export const DEFAULT_ACCEPT: readonly UploadKind[] = ['pdf', 'image'];

/**
 * Upload one file to POST /File/Upload?formName=… (the form's name) after checking its extension
 * here: a wrong one gives 'Invalid file. Please upload {types} file' without sending; a failed
 * upload the server's reason or 'Unable to upload the file.'.
 */
export function useUploader(accept: readonly UploadKind[]) {
  const m = useMessages();
  const engine = useFormEngine();
  const extensions = allowedExtensionsFor(engine.uploadFormName, accept);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File): Promise<FileUploadResult | null> => {
    if (!(extensions as readonly string[]).includes(fileExtension(file.name))) {
      setProblem(invalidFileMessage(extensions));
      return null;
    }
    if (file.size === 0) {
      setProblem(m.files.emptyFile);
      return null;
    }
    setProblem(null);
    setProgress(0);
    try {
      const result = await upload(filesEndpoints.upload, file, {
        query: { formName: engine.uploadFormName, ...(accept.length > 0 ? { allowed: accept.join(',') } : {}) },
        onProgress: setProgress,
      });
      engine.rememberFileName(result.id, result.fileName);
      return result;
    } catch (error) {
      setProblem(uploadErrorText(error));
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { send, busy: progress !== null, progress, problem, extensions, accept: extensions.map((e) => `.${e}`).join(',') };
}

/** The name of an uploaded file as a link that opens it (fetched with the session, shown in a new tab). */
export function FileLink({ id, name }: { id: string; name?: string }) {
  const t = useFormsMessages();
  const display = name ?? t.file.uploaded;
  const open = async () => {
    // Opened now, while the click still counts as the user's gesture; filled once the file arrives.
    const target = window.open('', '_blank');
    try {
      const file = await download(filesEndpoints.show, { params: { name: name ?? 'file' }, query: { id } });
      const url = URL.createObjectURL(file.blob);
      if (target) target.location.href = url;
      else saveFile(file.blob, file.fileName ?? name ?? 'file');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      target?.close();
      notify.error(t.file.openFailed);
    }
  };
  return (
    <Link
      component="button"
      type="button"
      onClick={() => void open()}
      aria-label={t.file.open(display)}
      title={name}
      sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
    >
      {shortenFileName(display, 40)}
    </Link>
  );
}

interface FilePickerProps {
  /** Dotted path of the file id. */
  name: string;
  label: string;
  accept: readonly UploadKind[];
  required?: boolean;
  readOnly: boolean;
  hint?: string;
  /** Takes each completed upload instead of the field (file details add a row with it). */
  onUploaded?: (result: FileUploadResult) => void;
}

/** One file: its name (a link that opens it), Upload/Replace, Remove when optional, progress and problems. */
export function FilePicker({ name, label, accept, required, readOnly, hint, onUploaded }: FilePickerProps) {
  const t = useFormsMessages();
  const engine = useFormEngine();
  const { field: f } = useController({ name });
  const { invalid, helper } = useFieldMessages(name, hint);
  const uploader = useUploader(accept);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const value = typeof f.value === 'string' && f.value ? f.value : null;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await uploader.send(file);
    if (!result) return;
    if (onUploaded) onUploaded(result);
    else f.onChange(result.id);
  };

  const message: ReactNode = uploader.problem ?? helper ?? (readOnly ? undefined : t.file.accepts(uploader.extensions.join(', ')));
  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={message ? `${id}-helper` : undefined}>
      <Typography
        id={`${id}-label`}
        variant="body2"
        component="div"
        color={invalid || uploader.problem ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5 }}
      >
        {label}
        {required && !readOnly ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}>
        {value ? (
          <FileLink id={value} name={engine.fileNames[value]} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t.file.none}
          </Typography>
        )}
        {!readOnly && (
          <>
            <Button
              ref={f.ref}
              variant="outlined"
              size="small"
              startIcon={<UploadFile />}
              disabled={uploader.busy}
              onClick={() => input.current?.click()}
              onBlur={f.onBlur}
              aria-label={`${value ? t.file.replace : t.file.choose}: ${label}`}
            >
              {uploader.busy ? t.uploading : value ? t.file.replace : t.file.choose}
            </Button>
            {value && !required && (
              <IconButton size="small" aria-label={t.file.remove(label)} onClick={() => f.onChange(null)} disabled={uploader.busy}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            )}
            <Box
              component="input"
              ref={input}
              type="file"
              accept={uploader.accept}
              tabIndex={-1}
              aria-label={t.file.chooseFor(label)}
              onChange={(event: ChangeEvent<HTMLInputElement>) => void onChoose(event)}
              disabled={uploader.busy}
              sx={visuallyHidden}
            />
          </>
        )}
      </Stack>
      {uploader.progress !== null && (
        <LinearProgress variant="determinate" value={Math.round(uploader.progress * 100)} aria-label={t.uploading} sx={{ mt: 1 }} />
      )}
      {message && (
        <FormHelperText id={`${id}-helper`} error={invalid || !!uploader.problem} role={uploader.problem ? 'alert' : undefined}>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}

/** The file upload kind: the value is the uploaded file's id. */
export function FormFile({ field, name, readOnly }: { field: FileField; name: string; readOnly: boolean }) {
  return (
    <FilePicker
      name={name}
      label={field.label}
      accept={field.accept}
      required={field.required}
      readOnly={readOnly}
      hint={field.helperText}
    />
  );
}
