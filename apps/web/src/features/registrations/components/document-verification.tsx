import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import type { FileValidation } from '@stoa/shared/registrations';

import { type Column, ListTable } from '../../../components/list-table';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadDocument } from '../api/download-registration';
import { useRegistrationsMessages } from '../i18n';

/** The SLDC's verdict on one document while verifying. */
export interface Verdict {
  isValid: boolean;
  comments: string;
}
export type Verdicts = Record<string, Verdict>;

/** Verdicts as the reviewer found them (unmarked documents start as not valid). */
export function initialVerdicts(rows: readonly FileValidation[]): Verdicts {
  return Object.fromEntries(rows.map((row) => [row.fileId, { isValid: row.isValid ?? false, comments: row.comments ?? '' }]));
}

function VerdictText({ value }: { value: boolean | null }) {
  const t = useRegistrationsMessages();
  if (value === null)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t.web.verdictPending}
      </Typography>
    );
  return (
    <Box component="span" sx={{ color: value ? 'success.dark' : 'error.dark', fontWeight: 600 }}>
      {value ? t.web.verdictValid : t.web.verdictInvalid}
    </Box>
  );
}

export interface DocumentVerificationProps {
  rows: readonly FileValidation[] | undefined;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** The SLDC user verifying: Valid and Comments are editable. */
  editable: boolean;
  verdicts: Verdicts;
  onChange: (fileId: string, verdict: Verdict) => void;
}

/**
 * 'Document Verification': every document of the registration with its validity; the SLDC user
 * verifying marks each one Valid and comments, and the verdicts go with the action taken.
 */
export function DocumentVerification({
  rows,
  loading = false,
  error = false,
  onRetry,
  editable,
  verdicts,
  onChange,
}: DocumentVerificationProps) {
  const m = useMessages();
  const t = useRegistrationsMessages();
  const titleId = useId();
  const open = (row: FileValidation) => {
    downloadDocument(row.fileId, row.fileName).catch(() => notify.error(m.common.downloadFailed));
  };
  const columns: Column<FileValidation>[] = [
    { key: 'document', header: t.web.document, render: (row) => row.documentLabel, minWidth: 160 },
    {
      key: 'file',
      header: t.web.file,
      render: (row) => (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => open(row)}
          sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
        >
          {row.fileName}
        </Link>
      ),
      minWidth: 140,
    },
    { key: 'validUpto', header: t.web.validUptoShort, render: (row) => formatDisplayDate(row.validUpto) || t.web.notApplicable },
    {
      key: 'valid',
      header: t.web.valid,
      render: (row) => {
        const verdict = verdicts[row.fileId] ?? { isValid: false, comments: '' };
        return editable ? (
          <Checkbox
            size="small"
            checked={verdict.isValid}
            onChange={(event) => onChange(row.fileId, { ...verdict, isValid: event.target.checked })}
            slotProps={{ input: { 'aria-label': t.web.validOf(row.documentLabel) } }}
          />
        ) : (
          <VerdictText value={row.isValid} />
        );
      },
    },
    {
      key: 'comments',
      header: t.web.comments,
      minWidth: 200,
      render: (row) => {
        const verdict = verdicts[row.fileId] ?? { isValid: false, comments: '' };
        return editable ? (
          <TextField
            size="small"
            fullWidth
            value={verdict.comments}
            onChange={(event) => onChange(row.fileId, { ...verdict, comments: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-label': t.web.commentsOf(row.documentLabel) } }}
          />
        ) : (
          row.comments || ''
        );
      },
    },
  ];

  let body;
  if (loading) body = <ListLoading rows={4} />;
  else if (error) body = <ListError onRetry={() => onRetry?.()} />;
  else if (!rows || rows.length === 0) body = <Typography color="text.secondary">{t.web.noDocuments}</Typography>;
  else body = <ListTable label={t.detail.fileValidation} columns={columns} rows={[...rows]} rowKey={(row) => row.fileId} stackOnPhone />;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t.detail.fileValidation}
        </Typography>
        {editable && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t.web.documentsHint}
          </Typography>
        )}
        <Box sx={{ mt: 1.5 }}>{body}</Box>
      </CardContent>
    </Card>
  );
}
