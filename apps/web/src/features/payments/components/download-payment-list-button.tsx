import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';

import { errorText } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { downloadPaymentList } from '../api/reconciliation';
import type { PaymentFilter } from '../api/payments-queries';
import { useReconciliationMessages } from '../i18n';

/** Download Excel: the payment list with the filter applied, every row (Payment/DownloadPaymentList). */
export function DownloadPaymentListButton({ filter }: { filter: PaymentFilter }) {
  const t = useReconciliationMessages().download;
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadPaymentList(filter);
    } catch (error) {
      notify.error(errorText(error, t.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={busy} aria-busy={busy} onClick={() => void onClick()}>
      {busy ? t.downloading : t.button}
    </Button>
  );
}
