import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import type { BankAccount, RefundableState, RefundStatus } from '@stoa/shared/payments';

import { useRefundsMessages } from '../i18n';

/** The payer's registered bank account on one line (or that there is none). */
export function BankAccountText({ account }: { account: BankAccount | null }) {
  const t = useRefundsMessages();
  if (!account)
    return (
      <Typography variant="body2" color="error">
        {t.noBankAccount}
      </Typography>
    );
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {account.accountHolderName} · {account.bankName} · A/c {account.accountNumber} · IFSC {account.ifsc}
    </Typography>
  );
}

const STATE_COLOR = { REFUNDABLE: 'warning', PENDING: 'info', REFUNDED: 'success' } as const;
const STATUS_COLOR = { PENDING: 'info', PAID: 'success', RETURNED: 'default' } as const;

export function RefundableStateChip({ state }: { state: RefundableState }) {
  return <Chip size="small" variant="outlined" color={STATE_COLOR[state]} label={useRefundsMessages().itemStates[state]} />;
}
export function RefundStatusChip({ status }: { status: RefundStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={useRefundsMessages().statuses[status]} />;
}
