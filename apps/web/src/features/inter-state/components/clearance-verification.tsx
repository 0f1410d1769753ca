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
 * in force, revoked or expired, for whom, the MW (with the caps per block range, decision 0088) and the
 * period, and whether it was deemed issued (decision 0062). A code of no certificate renders
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
  // A side's overall cap, said as the certificate says it when block ranges cap it lower.
  const overall = (mw: string | null, capped: boolean) => {
    if (!mw) return t.web.notCleared;
    return capped ? t.web.mwUnlessCapped(mw) : t.web.mw(mw);
  };
  const buyCapped = c.blockCaps.some((r) => r.maxBuyMw !== null);
  const sellCapped = c.blockCaps.some((r) => r.maxSellMw !== null);
  const heading = { Valid: v.valid, NotYetValid: v.notYetValid, Revoked: v.revoked, Expired: v.expired }[c.status];
  const rows: [string, string][] = [
    [f.certificateNo, c.certificateNo],
    [f.entity, c.entityName],
    [f.registrationNo, c.registrationNo ?? '—'],
    [f.type, t.typeLabels[c.transactionType]],
    [f.buy, overall(c.maxBuyMw, buyCapped)],
    [f.sell, overall(c.maxSellMw, sellCapped)],
    // Decision 0088: the caps per block range, as the certificate prints them.
    ...c.blockCaps.map((r): [string, string] => [
      t.web.verifyBlockRange(r.fromBlock, r.toBlock, r.fromTime, r.toTime),
      t.web.verifyBlockCap(r.maxBuyMw, r.maxSellMw),
    ]),
    [f.validity, t.web.period(formatDisplayDate(c.validFrom), formatDisplayDate(c.validTo))],
    [f.issuedOn, formatIstDateTime(c.issuedOn)],
    // Decision 0062: issued by the portal because the SLDC did not decide in time.
    ...(c.deemed ? ([[f.issuedAs, v.deemed]] as [string, string][]) : []),
    ...(c.revokedOn ? ([[f.revokedOn, formatIstDateTime(c.revokedOn)]] as [string, string][]) : []),
    [t.fields.verificationCode, formatReceiptCode(code)],
  ];
  return <VerificationCard tone={TONE[c.status]} heading={heading} intro={t.web.verifiedIntro} rows={rows} />;
}
