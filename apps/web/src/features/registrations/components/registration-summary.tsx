import { formatPaise } from '@stoa/shared/common';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { RegistrationDetail } from '@stoa/shared/registrations';

import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { registrationQueries } from '../api/registration-queries';
import { formatPercent } from '../format';
import { useRegistrationsMessages } from '../i18n';
import { StatusChip } from './status-chip';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'auto' } : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The fee in force today (GetRegistrationFee / GetRenewalFee), due once the form is submitted. */
function FeeItem({ kind }: { kind: 'registration' | 'renewal' }) {
  const t = useRegistrationsMessages();
  const fee = useQuery(registrationQueries.fee(kind));
  const label = kind === 'renewal' ? t.detail.renewalFee : t.detail.fee;
  if (fee.isError) return null;
  return (
    <Item label={`${label} · ${t.web.feeDue}`} wide>
      {fee.data ? (
        <>
          {formatPaise(fee.data.totalAmount)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
            {t.web.feeBreakup(formatPaise(fee.data.baseAmount), formatPercent(fee.data.gstRatePercent), formatPaise(fee.data.gstAmount))}
          </Typography>
        </>
      ) : (
        <Skeleton width={120} />
      )}
    </Item>
  );
}

/**
 * The record's header: status, registration number and validity once approved, the applicant,
 * and the fee due for a new or renewal form.
 */
export function RegistrationSummary({ detail, fee }: { detail: RegistrationDetail | null; fee: 'registration' | 'renewal' | null }) {
  const t = useRegistrationsMessages();
  const approvedOnce = detail?.registrationNo != null;
  return (
    <Card component="section" aria-label={t.web.status} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: { xs: 1.5, md: 2.5 },
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(200px, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Item label={t.web.status} wide>
            {detail ? <StatusChip status={detail.status} description={detail.statusDescription} /> : <StatusChip status="Draft" />}
          </Item>
          {detail && <Item label={t.web.owner}>{detail.ownerName}</Item>}
          {approvedOnce && <Item label={t.detail.registrationNo}>{detail!.registrationNo}</Item>}
          {approvedOnce && detail!.expiredOn && (
            <Item label={t.detail.validity}>
              {detail!.validFrom
                ? t.web.validity(formatDisplayDate(detail!.validFrom), formatDisplayDate(detail!.expiredOn))
                : formatDisplayDate(detail!.expiredOn)}
            </Item>
          )}
          {detail?.submittedOn && <Item label={t.web.submittedOn}>{formatIstDateTime(detail.submittedOn)}</Item>}
          {fee && <FeeItem kind={fee} />}
        </Box>
      </CardContent>
    </Card>
  );
}
