import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';

import { UTILISATION_FILE_EXTENSIONS } from '@stoa/shared/inter-state';

import { FilePicker, UploadStatus, useFileChoice } from '../../../components/file-picker';
import { FormDialog } from '../../../components/form-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { sendFailureText } from '../../../lib/upload';
import { useUploadUtilisation } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

const ACCEPT = UTILISATION_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

interface RowError {
  row: number;
  column: string;
  message: string;
}

/** 'rows.{row}.{column}' field errors of a refused file → its row errors (a column may be '00:15' or 'Certificate No'). */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.flatMap((f) => {
    const m = /^rows\.(\d+)\.(.+)$/.exec(f.fieldName);
    return m ? f.errorMessages.map((message) => ({ row: Number(m[1]), column: m[2]!, message })) : [];
  });
}

function UploadDialog({ onClose }: { onClose: () => void }) {
  const u = useInterStateMessages().utilisation;
  const send = useUploadUtilisation();
  const { file, problem, setProblem, progress, setProgress, percent, choose, ready } = useFileChoice(UTILISATION_FILE_EXTENSIONS);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const id = useId();
  const sending = send.isPending && progress !== null && progress < 1;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = ready();
    if (!sent) return;
    setRowErrors([]);
    setProgress(0);
    try {
      const r = await send.mutateAsync({ file: sent, onProgress: setProgress });
      notify.success(u.saved(r.rowCount, r.insertedCount, r.replacedCount));
      onClose();
    } catch (error) {
      setRowErrors(rowErrorsOf(error));
      setProblem(sendFailureText(error));
    } finally {
      setProgress(null);
    }
  };
  const columns: Column<RowError>[] = [
    { key: 'row', header: u.row, render: (e) => e.row, width: '12%' },
    { key: 'column', header: u.column, render: (e) => e.column, width: '22%' },
    { key: 'message', header: u.rowErrorsTitle, render: (e) => e.message },
  ];
  return (
    <FormDialog
      title={u.uploadTitle}
      busy={send.isPending}
      onSubmit={(e) => void onSubmit(e)}
      onClose={onClose}
      submitLabel={u.submit}
      busyLabel={u.uploading}
      grid={false}
    >
      <Typography variant="body2" color="text.secondary" id={`${id}-help`} sx={{ mb: 2 }}>
        {u.uploadHelp}
      </Typography>
      <FilePicker
        file={file}
        invalid={!!problem}
        icon={TableChartOutlined}
        iconColor="success.main"
        texts={u}
        accept={ACCEPT}
        disabled={send.isPending}
        onChoose={(f) => {
          choose(f);
          setRowErrors([]);
        }}
        hintId={`${id}-hint`}
      />
      <UploadStatus
        progress={
          send.isPending
            ? { label: u.progressLabel, percent: sending ? percent : null, text: sending ? u.sending(percent) : u.uploading }
            : null
        }
        problem={problem}
      />
      {rowErrors.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="error" sx={{ mb: 1 }}>
            {u.rowErrorsTitle}
          </Alert>
          <ListTable
            label={u.rowErrorsTitle}
            columns={columns}
            rows={rowErrors}
            rowKey={(e) => `${e.row}|${e.column}|${e.message}`}
            stackOnPhone
          />
        </Box>
      )}
    </FormDialog>
  );
}

/** The SLDC business user's 'Upload utilisation' button on the list page and its dialog (decision 0063). */
export function UtilisationUploadButton() {
  const u = useInterStateMessages().utilisation;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
        {u.upload}
      </Button>
      {open && <UploadDialog onClose={() => setOpen(false)} />}
    </>
  );
}
