import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';

import type { StandingClearanceVerification } from '@stoa/shared/inter-state';
import { formatReceiptCode } from '@stoa/shared/payments';

import { ListLoading } from '../../../components/list-states';
import { VerificationCard, type VerificationTone } from '../../../components/verification-card';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { standingClearanceQueries } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

const TONE: Record<StandingClearanceVerification['status'], VerificationTone> = {
  Valid: 'valid',
  NotYetValid: 'pending',
  Revoked: 'revoked',
  Expired: 'expired',
};

/**
 * The public check of a standing-clearance certificate (decision 0060), for the /verify page: valid, not yet
 * in force, revoked or expired, for whom, the MW and the period, and whether it was deemed issued (decision 0062). A code of no certificate renders
 * `renderMissing` with the server's not-found text (the page shows one "not found" for receipts and certificates).
 */
export function StandingClearanceVerificationResult({
  code,
  renderMissing,
}: {
  code: string;
  renderMissing: (message: string) => ReactNode;
}) {
  const m = useMessages();
  const t = useInterStateMessages();
  const q = useQuery(standingClearanceQueries.verification(code));
  if (q.isPending) return <ListLoading rows={3} />;
  if (q.isError) {
    const missing = isApiError(q.error) && (q.error.status === 404 || q.error.status === 400);
    if (missing) return <>{renderMissing(errorText(q.error, t.errors.codeNotFound))}</>;
    return (
      <Alert severity="error" role="alert">
        {errorText(q.error, m.common.unexpectedError)}
      </Alert>
    );
  }
  const c = q.data;
  const v = t.verify;
  const f = t.web.verifyFields;
  const heading = { Valid: v.valid, NotYetValid: v.notYetValid, Revoked: v.revoked, Expired: v.expired }[c.status];
  const rows: [string, string][] = [
    [f.certificateNo, c.certificateNo],
    [f.entity, c.entityName],
    [f.registrationNo, c.registrationNo ?? '—'],
    [f.type, t.typeLabels[c.transactionType]],
    [f.buy, c.maxBuyMw ? t.web.mw(c.maxBuyMw) : t.web.notCleared],
    [f.sell, c.maxSellMw ? t.web.mw(c.maxSellMw) : t.web.notCleared],
    [f.validity, t.web.period(formatDisplayDate(c.validFrom), formatDisplayDate(c.validTo))],
    [f.issuedOn, formatIstDateTime(c.issuedOn)],
    // Decision 0062: issued by the portal because the SLDC did not decide in time.
    ...(c.deemed ? ([[f.issuedAs, v.deemed]] as [string, string][]) : []),
    ...(c.revokedOn ? ([[f.revokedOn, formatIstDateTime(c.revokedOn)]] as [string, string][]) : []),
    [t.fields.verificationCode, formatReceiptCode(code)],
  ];
  return <VerificationCard tone={TONE[c.status]} heading={heading} intro={t.web.verifiedIntro} rows={rows} />;
}
