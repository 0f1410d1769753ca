import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';

import { formatPaise } from '@stoa/shared/common';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';
import { formatReceiptCode, normalizeReceiptCode, type ReceiptVerification } from '@stoa/shared/payments';

import { AuthCard } from '../../../components/layouts/auth-card';
import { ListLoading } from '../../../components/list-states';
import { VerificationCard } from '../../../components/verification-card';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query-client';
import { ConsentVerificationResult, StandingClearanceVerificationResult } from '../../inter-state';
import { receiptVerification } from '../api/receipts';
import { usePaymentsMessages } from '../i18n';

/**
 * The public check of a payment receipt (issue 13, decision 0049) or a standing-clearance certificate
 * (issue 14, decision 0060) or a consent certificate for inter-state STOA (decision 0068), open signed in or not: with a code in the address it shows "Receipt verified"
 * and what the receipt says, else the certificate's status (valid, not yet valid, revoked, expired) and what
 * it clears, or one clear not-found; without a code, a form to type the code printed on the document.
 */
export function VerifyReceiptPage() {
  const v = usePaymentsMessages().receipts.verify;
  return (
    <AuthCard
      title={v.title}
      subtitle={v.intro}
      width={560}
      footer={
        <Link component={RouterLink} to={WEB_ROUTES.login.path}>
          {v.signIn}
        </Link>
      }
    >
      <QueryProvider>
        <VerifyReceipt />
      </QueryProvider>
    </AuthCard>
  );
}

function VerifyReceipt() {
  const { code } = useParams<{ code?: string }>();
  const v = usePaymentsMessages().receipts.verify;
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = normalizeReceiptCode(typed);
    if (c) navigate(WEB_LINKS.verifyReceipt(c));
  };
  return (
    <>
      {code && <Result code={normalizeReceiptCode(code)} />}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: code ? 3 : 0 }}>
        <TextField
          label={code ? v.another : v.code}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          fullWidth
          autoFocus={!code}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={!typed.trim()}>
          {v.submit}
        </Button>
      </Box>
    </>
  );
}

function Result({ code }: { code: string }) {
  const m = useMessages();
  const q = useQuery(receiptVerification(code));
  if (q.isPending) return <ListLoading rows={3} />;
  if (q.isError) {
    const missing = isApiError(q.error) && (q.error.status === 404 || q.error.status === 400);
    // No receipt has the code: it may be a standing-clearance certificate's (decision 0060), else a consent's (decision 0068).
    if (missing)
      return (
        <StandingClearanceVerificationResult
          code={code}
          renderMissing={() => (
            <ConsentVerificationResult code={code} renderMissing={(message) => <Missing code={code} message={message} />} />
          )}
        />
      );
    return (
      <Alert severity="error" icon={<ErrorOutline />} role="alert">
        <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem' }}>
          {m.common.unexpectedError}
        </Typography>
        {errorText(q.error, m.common.unexpectedError)}
      </Alert>
    );
  }
  return <Verified receipt={q.data} code={code} />;
}

/** Neither a receipt nor a certificate has the code: one "not found", revealing nothing else. */
function Missing({ code, message }: { code: string; message: string }) {
  const v = usePaymentsMessages().receipts.verify;
  return (
    <Alert severity="warning" icon={<ErrorOutline />} role="alert">
      <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem' }}>
        {v.notFound}
      </Typography>
      {message}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {v.code}: {formatReceiptCode(code)}
      </Typography>
    </Alert>
  );
}

function Verified({ receipt, code }: { receipt: ReceiptVerification; code: string }) {
  const v = usePaymentsMessages().receipts.verify;
  return (
    <VerificationCard
      tone="valid"
      heading={v.verified}
      intro={v.verifiedIntro}
      rows={[
        [v.fields.receiptNo, receipt.receiptNo],
        [v.fields.payer, receipt.payerName],
        [v.fields.amount, formatPaise(receipt.amount)],
        [v.fields.paymentDate, formatDisplayDate(receipt.paymentDate)],
        [v.fields.approvedAt, formatIstDateTime(receipt.approvedAt)],
        [v.code, formatReceiptCode(code)],
      ]}
    />
  );
}
