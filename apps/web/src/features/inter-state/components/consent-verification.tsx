import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';

import { formatReceiptCode } from '@stoa/shared/payments';

import { ListLoading } from '../../../components/list-states';
import { VerificationCard } from '../../../components/verification-card';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { consentQueries } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';

/**
 * The public check of a consent certificate for inter-state STOA (decision 0068), for the /verify page:
 * the type, consent number, applicant, period and whether consented, deemed, revoked or expired (decision 0077). A code of no consent renders
 * `renderMissing` with the server's not-found text (the page shows one "not found" for every kind of code).
 */
export function ConsentVerificationResult({ code, renderMissing }: { code: string; renderMissing: (message: string) => ReactNode }) {
  const m = useMessages();
  const t = useConsentMessages();
  const v = t.web.verify;
  const q = useQuery(consentQueries.verification(code));
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
  const status =
    c.status === 'Revoked'
      ? t.statusLabels.Revoked
      : c.status === 'Expired'
        ? v.expired
        : c.deemed
          ? t.web.deemed
          : c.partial
            ? v.partial
            : t.statusLabels.Consented;
  const rows: [string, string][] = [
    [v.type, v.typeValue],
    [t.fields.certificateNo, c.certificateNo],
    [t.fields.entityName, c.entityName],
    [t.fields.direction, t.directionLabels[c.direction]],
    [t.fields.counterpartyState, c.counterpartyState],
    [t.fields.period, `${formatDisplayDate(c.fromDate)} – ${formatDisplayDate(c.toDate)}`],
    [t.fields.status, status],
    ...(c.consentedOn ? ([[v.consentedOn, formatIstDateTime(c.consentedOn)]] as [string, string][]) : []),
    ...(c.revokedOn ? ([[v.revokedOn, formatIstDateTime(c.revokedOn)]] as [string, string][]) : []),
    [v.verificationCode, formatReceiptCode(code)],
  ];
  if (c.status === 'Revoked' || c.status === 'Expired')
    return (
      <VerificationCard
        tone={c.status === 'Revoked' ? 'revoked' : 'expired'}
        heading={c.status === 'Revoked' ? v.revoked : v.expired}
        intro={c.status === 'Revoked' ? v.revokedIntro : v.expiredIntro}
        rows={rows}
      />
    );
  return <VerificationCard tone="valid" heading={c.status === 'Deemed' ? v.deemed : v.consented} intro={v.intro} rows={rows} />;
}
