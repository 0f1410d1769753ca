import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { get, useController, useFieldArray, useFormContext, useFormState } from 'react-hook-form';

import { displayDate, type FileDetailRow, type FileDetailsField, isIsoDate } from '@stoa/shared/forms';

import { useFormsMessages } from '../i18n';
import { useFieldMessages } from './field-parts';
import { FileLink, FilePicker, DEFAULT_ACCEPT } from './file-field';
import { FormDate } from './date-time-fields';
import { messagesOf } from './form-resolver';
import { useFormEngine } from './form-context';

type Mode = 'view' | 'applicant' | 'review';

/**
 * Documents with their validity and the reviewer's verdict (a table: document, file, valid upto,
 * valid, comments). The applicant adds documents by uploading them and sets their validity; the
 * reviewing SLDC user (`reviewFileDetails`) ticks Valid and writes comments, reported to the page.
 */
export function FormFileDetails({ field, readOnly }: { field: FileDetailsField; readOnly: boolean }) {
  const t = useFormsMessages();
  const engine = useFormEngine();
  const id = useId();
  const mode: Mode = engine.reviewFileDetails ? 'review' : readOnly ? 'view' : 'applicant';
  const { getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ name: field.name, keyName: 'rowKey' });
  const { invalid, helper } = useFieldMessages(field.name, field.helperText);
  const L = t.fileDetails;
  const changed = () => engine.onFileDetailsChange?.(getValues(field.name) as FileDetailRow[]);
  const addPath = `${field.name}__new`;

  return (
    <Box component="section" aria-labelledby={`${id}-label`} sx={{ minWidth: 0 }}>
      <Typography id={`${id}-label`} variant="subtitle1" sx={{ fontWeight: 600, mb: 1, color: invalid ? 'error.main' : undefined }}>
        {field.label}
        {field.required && mode === 'applicant' ? ' *' : ''}
      </Typography>
      <TableContainer tabIndex={0} aria-labelledby={`${id}-label`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" aria-labelledby={`${id}-label`}>
          <TableHead>
            <TableRow>
              <TableCell>{L.document}</TableCell>
              <TableCell>{L.file}</TableCell>
              <TableCell>{L.validUpto}</TableCell>
              <TableCell>{L.isValid}</TableCell>
              <TableCell>{L.comments}</TableCell>
              {mode === 'applicant' && <TableCell>{t.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={mode === 'applicant' ? 6 : 5}>
                  <Typography variant="body2" color="text.secondary">
                    {t.noRows}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {fields.map((row, i) => (
              <FileDetailRowView
                key={row.rowKey}
                name={`${field.name}.${i}`}
                index={i}
                mode={mode}
                onChange={changed}
                onRemove={() => remove(i)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {helper && (
        <FormHelperText id={`${id}-helper`} error={invalid}>
          {helper}
        </FormHelperText>
      )}
      {mode === 'applicant' && (
        <Box sx={{ mt: 1.5 }}>
          <FilePicker
            name={addPath}
            label={t.fileDetailsAdd}
            accept={field.accept ?? DEFAULT_ACCEPT}
            readOnly={false}
            onUploaded={(result) => {
              append({ fileId: result.id, fileName: result.fileName });
              changed();
            }}
          />
        </Box>
      )}
    </Box>
  );
}

function FileDetailRowView({
  name,
  index,
  mode,
  onChange,
  onRemove,
}: {
  name: string;
  index: number;
  mode: Mode;
  onChange: () => void;
  onRemove: () => void;
}) {
  const t = useFormsMessages();
  const L = t.fileDetails;
  const { getValues } = useFormContext();
  const row = (getValues(name) ?? {}) as Partial<FileDetailRow>;
  const document = row.label ?? row.fileName ?? '';
  const isValid = useController({ name: `${name}.isValid` });
  const comments = useController({ name: `${name}.comments` });
  const validUpto = useController({ name: `${name}.validUpto` });
  const { errors } = useFormState({ name });
  const cellError = (key: string) => messagesOf(get(errors, `${name}.${key}`));
  const rowMessages = [
    ...cellError('fileId'),
    ...cellError('fileName'),
    ...(mode === 'applicant' ? [] : cellError('validUpto')),
    ...cellError('isValid'),
    ...cellError('comments'),
  ];
  return (
    <TableRow>
      <TableCell sx={{ minWidth: 140 }}>
        {document}
        {rowMessages.length > 0 && <FormHelperText error>{rowMessages.join(' ')}</FormHelperText>}
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>{row.fileId ? <FileLink id={row.fileId} name={row.fileName} /> : null}</TableCell>
      <TableCell sx={{ minWidth: mode === 'applicant' ? 190 : 110 }}>
        {mode === 'applicant' ? (
          <FormDate
            field={{ kind: 'date', name: 'validUpto', label: `${L.validUpto} (${index + 1})` }}
            name={`${name}.validUpto`}
            readOnly={false}
          />
        ) : isIsoDate(validUpto.field.value) ? (
          displayDate(validUpto.field.value)
        ) : (
          t.notProvided
        )}
      </TableCell>
      <TableCell padding="checkbox">
        <Checkbox
          checked={isValid.field.value === true}
          disabled={mode !== 'review'}
          onChange={(event) => {
            isValid.field.onChange(event.target.checked);
            onChange();
          }}
          slotProps={{ input: { 'aria-label': `${L.isValid}: ${document}` } as object }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {mode === 'review' ? (
          <TextField
            size="small"
            fullWidth
            hiddenLabel
            multiline
            value={typeof comments.field.value === 'string' ? comments.field.value : ''}
            onChange={(event) => {
              comments.field.onChange(event.target.value);
              onChange();
            }}
            onBlur={comments.field.onBlur}
            slotProps={{ htmlInput: { 'aria-label': `${L.comments}: ${document}`, maxLength: 500 } }}
          />
        ) : (
          (typeof comments.field.value === 'string' && comments.field.value) || ''
        )}
      </TableCell>
      {mode === 'applicant' && (
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={t.removeRow(index + 1)} onClick={onRemove}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}
