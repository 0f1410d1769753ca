import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { formatPaise } from '@stoa/shared/common';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { refundsQueries } from '../api/refunds-queries';
import { useRefundsMessages } from '../i18n';
import { BankAccountText, RefundStatusChip } from './refund-bits';

/** GetRefundHistory of one record: each refund with its steps — proposed, then paid out or returned — who and when. */
export function RefundHistoryDialog({ recordId, title, onClose }: { recordId: string; title: string; onClose: () => void }) {
  const m = useMessages();
  const t = useRefundsMessages();
  const history = useQuery(refundsQueries.history(recordId));
  const titleId = useId();
  let body;
  if (history.isPending) body = <ListLoading rows={2} />;
  else if (history.isError) body = <ListError onRetry={() => void history.refetch()} />;
  else if (history.data.refundHistory.length === 0) body = <ListEmpty text={t.historyEmpty} />;
  else
    body = (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {history.data.refundHistory.map((r) => (
          <Box component="li" key={r.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{formatPaise(r.amount)}</Typography>
              <RefundStatusChip status={r.status} />
              {r.payoutReference && (
                <Typography variant="body2">
                  {t.fields.payoutReference}: {r.payoutReference}
                  {r.payoutDate ? ` · ${formatDisplayDate(r.payoutDate)}` : ''}
                </Typography>
              )}
            </Box>
            <BankAccountText account={r.bankAccount} />
            <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 0 }}>
              {r.steps.map((s) => (
                <li key={s.step}>
                  <Typography variant="body2">
                    <strong>{t.steps[s.step]}</strong> — {s.byName}, {formatIstDateTime(s.at)}
                    {s.remarks ? `: ${s.remarks}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t.history}: {title}
      </DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{m.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
