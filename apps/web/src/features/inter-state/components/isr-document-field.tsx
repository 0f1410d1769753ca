import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';

import type { InterStateRegistrationDocumentName } from '@stoa/shared/inter-state';

import { visuallyHidden } from '../../../lib/a11y';
import { uploadIsrDocument } from '../api/isr-queries';
import { useIsrMessages } from '../isr-i18n';

/** One document of the inter-state registration: upload (File/Upload) with its progress, the file chosen, its error. */
export function DocumentField({
  name,
  label,
  required,
  fileId,
  fileName,
  error,
  onUploaded,
}: {
  name: InterStateRegistrationDocumentName;
  label: string;
  required: boolean;
  fileId: string;
  fileName: string | null;
  error?: string;
  onUploaded: (fileId: string, fileName: string) => void;
}) {
  const t = useIsrMessages();
  const w = t.web;
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!['pdf', 'jpg', 'jpeg', 'png'].includes(ext)) {
      setProblem('Invalid file. Please upload pdf, jpg, jpeg, png file');
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const id = await uploadIsrDocument(file, setProgress);
      onUploaded(id, file.name);
    } catch {
      setProblem(w.uploadFailed);
    } finally {
      setProgress(null);
    }
  };
  const shown = problem ?? error;
  return (
    <Box sx={{ border: 1, borderColor: shown ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }} data-field={name}>
      <Typography variant="subtitle2" component="p">
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<UploadFile />} disabled={progress !== null}>
          {fileId ? w.replace : w.upload}
          <Box
            component="input"
            id={inputId}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            aria-label={label}
            sx={visuallyHidden}
            onChange={(e: ChangeEvent<HTMLInputElement>) => void pick(e.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {fileId ? `${w.uploaded}: ${fileName ?? fileId}` : w.pdfOnly}
        </Typography>
      </Box>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={w.uploading(Math.round(progress * 100))} />
          <Typography variant="caption">{w.uploading(Math.round(progress * 100))}</Typography>
        </Box>
      )}
      {shown && (
        <FormHelperText error sx={{ mx: 0 }}>
          {shown}
        </FormHelperText>
      )}
    </Box>
  );
}
