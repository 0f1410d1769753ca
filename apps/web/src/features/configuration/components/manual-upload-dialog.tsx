import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId } from 'react';
import type { z } from 'zod';

import { allowedExtensionsFor, shortenFileName } from '@stoa/shared/files';
import type { manualSchema } from '@stoa/shared/configuration';

import { FilePicker, UploadStatus, useFileChoice } from '../../../components/file-picker';
import { notify } from '../../../lib/notify';
import { sendFailureText } from '../../../lib/upload';
import { MANUAL_FORM, useSaveManual } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export type Manual = z.infer<typeof manualSchema>;

const ALLOWED = allowedExtensionsFor(MANUAL_FORM);

/**
 * Upload the PDF manual of one target: choose a file, send it with progress (File/Upload with
 * formName=UserManual), then save it as that target's manual. The server's refusal ('Invalid
 * file. Please upload pdf file') or 'Unable to upload the file.' shows in the dialog.
 */
export function ManualUploadDialog({ manual, onClose }: { manual: Manual; onClose: () => void }) {
  const t = useConfigMessages().manuals;
  const save = useSaveManual();
  const { file, problem, setProblem, progress, setProgress, percent, choose, ready } = useFileChoice(ALLOWED);
  const id = useId();
  const busy = save.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = ready();
    if (!sent) return;
    setProgress(0);
    try {
      await save.mutateAsync({ target: manual.target, file: sent, onProgress: setProgress });
      notify.success(t.saved);
      onClose();
    } catch (error) {
      setProgress(null);
      setProblem(sendFailureText(error));
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
      <FilePicker
        file={file}
        invalid={!!problem}
        icon={PictureAsPdfOutlined}
        iconColor="error.main"
        texts={t}
        accept=".pdf,application/pdf"
        disabled={busy}
        onChoose={choose}
        hintId={`${id}-hint`}
        describeButton
        mt={manual.fileName ? 0 : 2}
      />
      <UploadStatus
        progress={
          progress === null
            ? null
            : { label: t.progressLabel, percent, text: uploading ? t.progress(percent) : busy ? t.saving : t.progress(percent) }
        }
        problem={problem}
      />
    </FormDialog>
  );
}
