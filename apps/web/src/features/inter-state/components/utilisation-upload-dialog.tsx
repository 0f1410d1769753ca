import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { UTILISATION_FILE_EXTENSIONS, UTILISATION_SOURCES, type UtilisationSource } from '@stoa/shared/inter-state';

import { FilePicker, UploadStatus } from '../../../components/file-picker';
import { FormDialog } from '../../../components/form-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { type RowError, useRowsFileUpload } from '../../../components/rows-file-upload';
import { notify } from '../../../lib/notify';
import { useUploadUtilisation } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

const ACCEPT = UTILISATION_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The upload dialog: what the file holds (the power exchange's cleared volumes or a NOAR schedule, decision 0077), the file, its row errors. */
function UploadDialog({ onClose }: { onClose: () => void }) {
  const u = useInterStateMessages().utilisation;
  const [source, onSource] = useState<UtilisationSource>('PowerExchange');
  const send = useUploadUtilisation(source);
  const { file, problem, rowErrors, choose, onSubmit, progress } = useRowsFileUpload({
    allowed: UTILISATION_FILE_EXTENSIONS,
    send,
    onSent: (r) => {
      notify.success(u.saved(r.rowCount, r.insertedCount, r.replacedCount));
      if (r.overCapDays > 0) notify.info(u.overCapDays(r.overCapDays));
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
      <FormLabel id={`${id}-source`}>{u.sourceLabel}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={`${id}-source`}
        value={source}
        onChange={(ev) => onSource(ev.target.value as UtilisationSource)}
        sx={{ mb: 1 }}
      >
        {UTILISATION_SOURCES.map((s) => (
          <FormControlLabel key={s} value={s} control={<Radio />} label={u.sources[s]} disabled={send.isPending} />
        ))}
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" id={`${id}-help`} sx={{ mb: 2 }}>
        {u.sourceHelp[source]}
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

/** The SLDC business user's 'Upload utilisation' button on the list page and its dialog (decision 0063; the NOAR schedule, decision 0077). */
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
