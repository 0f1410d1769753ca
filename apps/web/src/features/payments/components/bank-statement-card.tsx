import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';

import { type BankStatement, STATEMENT_FILE_EXTENSIONS } from '@stoa/shared/payments';

import { FilePicker, UploadStatus } from '../../../components/file-picker';
import { ListError } from '../../../components/list-states';
import { useRowsFileUpload } from '../../../components/rows-file-upload';
import { SubmitButton } from '../../../components/submit-button';
import { formatDisplayDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { reconciliationQueries, useUploadStatement } from '../api/reconciliation';
import { useReconciliationMessages } from '../i18n';
import { StatementMatching, StatementRowErrors } from './statement-matching';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;
const ACCEPT = STATEMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The bank statement on Payment Reconciliation (decision 0055): the SLDC business user uploads the
 * account statement (csv or xlsx), the server matches its credits to the payments pending approval;
 * every SLDC role sees the last statement's matching, and the business user approves a matched
 * payment from it with the usual Approve dialog.
 */
export function BankStatementCard({ canUpload }: { canUpload: boolean }) {
  const t = useReconciliationMessages().statement;
  const headingId = useId();
  const last = useQuery(reconciliationQueries.statement());
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2.5 }}>
      <CardContent sx={CARD_CONTENT_SX}>
        <Typography id={headingId} variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {canUpload && <StatementUpload />}
        {last.isPending && <Skeleton variant="rounded" height={80} />}
        {last.isError && <ListError onRetry={() => void last.refetch()} />}
        {last.data &&
          (last.data.statement ? (
            <LastStatement s={last.data.statement} canApprove={canUpload} />
          ) : (
            <Typography color="text.secondary">{t.none}</Typography>
          ))}
      </CardContent>
    </Card>
  );
}

function StatementUpload() {
  const t = useReconciliationMessages().statement;
  const send = useUploadStatement();
  const { file, problem, rowErrors, choose, onSubmit, progress } = useRowsFileUpload({
    allowed: STATEMENT_FILE_EXTENSIONS,
    send,
    onSent: () => notify.success(t.uploaded),
    texts: t,
  });
  const id = useId();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => void onSubmit(e)}
      aria-describedby={`${id}-hint`}
      sx={{ mb: 2.5 }}
    >
      <FilePicker
        file={file}
        invalid={!!problem}
        icon={TableChartOutlined}
        iconColor="success.main"
        texts={t}
        accept={ACCEPT}
        disabled={send.isPending}
        onChoose={choose}
        hintId={`${id}-hint`}
      />
      <Box sx={{ mt: 2 }}>
        <SubmitButton busy={send.isPending} disabled={!file} icon={<CloudUploadOutlined />}>
          {send.isPending ? t.uploading : t.upload}
        </SubmitButton>
      </Box>
      <UploadStatus progress={progress} problem={problem} />
      {rowErrors.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="error" sx={{ mb: 1 }}>
            {t.rowErrorsTitle}
          </Alert>
          <StatementRowErrors errors={rowErrors} />
        </Box>
      )}
    </Box>
  );
}

function LastStatement({ s, canApprove }: { s: BankStatement; canApprove: boolean }) {
  const t = useReconciliationMessages().statement;
  return (
    <Box>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {t.last(s.fileName, formatDisplayDate(s.uploadedAt), s.uploadedBy)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {formatDisplayDate(s.dateFrom)} – {formatDisplayDate(s.dateTo)} ·{' '}
        {t.summary(s.lineCount, s.matched.length, s.unmatchedLines.length, s.unmatchedPayments.length)}
      </Typography>
      <StatementMatching s={s} canApprove={canApprove} />
    </Box>
  );
}
