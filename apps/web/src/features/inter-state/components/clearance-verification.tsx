import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HistoryToggleOff from '@mui/icons-material/HistoryToggleOff';
import Schedule from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';

import type { StandingClearanceVerification } from '@stoa/shared/inter-state';
import { formatReceiptCode } from '@stoa/shared/payments';

import { ListLoading } from '../../../components/list-states';
import { errorText, isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { standingClearanceQueries } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

const LOOK: Record<StandingClearanceVerification['status'], { color: string; border: string; bg: string; Icon: typeof CheckCircle }> = {
  Valid: { color: 'success.dark', border: 'success.light', bg: '#f3faf4', Icon: CheckCircle },
  NotYetValid: { color: 'info.dark', border: 'info.light', bg: '#f2f7fc', Icon: Schedule },
  Revoked: { color: 'error.dark', border: 'error.light', bg: '#fdf3f3', Icon: ErrorOutline },
  Expired: { color: 'warning.dark', border: 'warning.light', bg: '#fdf8ef', Icon: HistoryToggleOff },
};

/**
 * The public check of a standing-clearance certificate (decision 0060), for the /verify page: valid, not yet
 * in force, revoked or expired, for whom, the MW and the period. A code of no certificate renders
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
  const headingId = useId();
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
  const look = LOOK[c.status];
  const rows: [string, string][] = [
    [f.certificateNo, c.certificateNo],
    [f.entity, c.entityName],
    [f.registrationNo, c.registrationNo ?? '—'],
    [f.type, t.typeLabels[c.transactionType]],
    [f.buy, c.maxBuyMw ? t.web.mw(c.maxBuyMw) : t.web.notCleared],
    [f.sell, c.maxSellMw ? t.web.mw(c.maxSellMw) : t.web.notCleared],
    [f.validity, t.web.period(formatDisplayDate(c.validFrom), formatDisplayDate(c.validTo))],
    [f.issuedOn, formatIstDateTime(c.issuedOn)],
    ...(c.revokedOn ? ([[f.revokedOn, formatIstDateTime(c.revokedOn)]] as [string, string][]) : []),
    [t.fields.verificationCode, formatReceiptCode(code)],
  ];
  return (
    <Box
      role="status"
      aria-labelledby={headingId}
      sx={{ border: '1px solid', borderColor: look.border, borderRadius: 1, p: 2, bgcolor: look.bg }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: look.color, mb: 0.5 }}>
        <look.Icon aria-hidden="true" />
        <Typography id={headingId} component="h2" variant="h6" sx={{ color: 'inherit' }}>
          {heading}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.web.verifiedIntro}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
