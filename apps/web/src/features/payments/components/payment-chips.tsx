import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import { formatPaise } from '@stoa/shared/common';
import type { PaymentDue, PaymentStatus } from '@stoa/shared/payments';

import { usePaymentsMessages } from '../i18n';

/** Due / Paid / Cancelled of a due. The theme's warning orange is below 4.5:1 behind white text: its dark shade instead. */
export function DueStatusChip({ status }: { status: PaymentDue['status'] }) {
  const t = usePaymentsMessages().payments;
  const due = status === 'DUE' ? { bgcolor: 'warning.dark', color: '#fff' } : undefined;
  const color = status === 'PAID' ? 'success' : 'default';
  return <Chip size="small" color={color} variant={status === 'DUE' ? 'filled' : 'outlined'} label={t.dueStatuses[status]} sx={due} />;
}

/** Pending Approval / Approved / Reverted of a payment. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const t = usePaymentsMessages().payments;
  const color = status === 'APPROVED' ? 'success' : status === 'REVERTED' ? 'error' : 'info';
  // The theme's info blue is below 4.5:1 behind white text in a small chip: its dark shade instead.
  const pending = status === 'PENDING' ? { bgcolor: 'info.dark', color: '#fff' } : undefined;
  return <Chip size="small" color={color} variant={status === 'PENDING' ? 'filled' : 'outlined'} label={t.statuses[status]} sx={pending} />;
}

/** An amount in paise as '₹5,900.00', tabular, never wrapped. */
export function Money({ paise, strong = false }: { paise: number; strong?: boolean }) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
      {formatPaise(paise)}
    </Box>
  );
}

/** The total with its gross and GST line under it. */
export function TotalWithGst({ due }: { due: PaymentDue }) {
  const t = usePaymentsMessages().payments.fields;
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Money paise={due.totalAmount} strong />
      {/* On a phone the stacked card is narrow: the line may wrap rather than run past its edge. */}
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
      >
        {t.gross} {formatPaise(due.grossAmount)} + {t.gst} {formatPaise(due.gstAmount)}
      </Typography>
    </Box>
  );
}
