import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { UTILISATION_FILE_EXTENSIONS } from '@stoa/shared/inter-state';

import { FilePicker, UploadStatus } from '../../../components/file-picker';
import { FormDialog } from '../../../components/form-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { type RowError, useRowsFileUpload } from '../../../components/rows-file-upload';
import { notify } from '../../../lib/notify';
import { useUploadUtilisation } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

const ACCEPT = UTILISATION_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

function UploadDialog({ onClose }: { onClose: () => void }) {
  const u = useInterStateMessages().utilisation;
  const send = useUploadUtilisation();
  const { file, problem, rowErrors, choose, onSubmit, progress } = useRowsFileUpload({
    allowed: UTILISATION_FILE_EXTENSIONS,
    send,
    onSent: (r) => {
      notify.success(u.saved(r.rowCount, r.insertedCount, r.replacedCount));
      onClose();
    },
    texts: u,
  });
  const id = useId();
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
        onChoose={choose}
        hintId={`${id}-hint`}
      />
      <UploadStatus progress={progress} problem={problem} />
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
