import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { formatPaise } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { basisPointsToPercent, TDS_SECTION_RATE_BP, type TdsLine } from '@stoa/shared/payments';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { useTdsDetails } from '../api/tds-challans';
import { useTdsChallanMessages } from '../i18n';
import { Money, PaymentStatusChip } from './payment-chips';

/** The columns of a TDS line: charge head, payment, gross (paid + TDS), section, rate, TDS amount, status. */
function useTdsLineColumns(): Column<TdsLine>[] {
  const d = useTdsChallanMessages().details;
  return [
    {
      key: 'head',
      header: d.head,
      minWidth: 180,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block' }}>
            {CHARGE_HEAD_INFO[x.head]?.label ?? x.head}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary">
            {x.description}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'payment',
      header: d.payment,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {formatDisplayDate(x.paymentDate)}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {x.reference}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'gross',
      header: d.gross,
      align: 'right',
      render: (x) => (
        <Box sx={{ textAlign: 'right' }}>
          <Money paise={x.amount + x.tdsAmount} strong />
          {/* On a phone the stacked card is narrow: the parts may wrap rather than run past its edge. */}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
          >
            {d.grossParts(formatPaise(x.amount), formatPaise(x.tdsAmount))}
          </Typography>
        </Box>
      ),
    },
    { key: 'section', header: d.section, render: (x) => (x.tdsSection ? d.sections[x.tdsSection] : '—') },
    {
      key: 'rate',
      header: d.rate,
      align: 'right',
      render: (x) => (x.tdsSection ? `${basisPointsToPercent(TDS_SECTION_RATE_BP[x.tdsSection])}%` : '—'),
    },
    { key: 'tdsAmount', header: d.tdsAmount, align: 'right', render: (x) => <Money paise={x.tdsAmount} strong /> },
    { key: 'status', header: d.status, render: (x) => <PaymentStatusChip status={x.status} /> },
  ];
}

/** The TDS lines of one application's payments (GetTDSDetails), with loading, empty and error states. */
function TdsDetailsBody({ applicationId }: { applicationId: string }) {
  const d = useTdsChallanMessages().details;
  const details = useTdsDetails(applicationId);
  const columns = useTdsLineColumns();
  if (details.isPending) return <ListLoading rows={3} />;
  if (details.isError) return <ListError onRetry={() => void details.refetch()} />;
  const { tdsList, totalTds } = details.data;
  if (tdsList.length === 0) return <ListEmpty text={d.empty} />;
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
          gap: 1.5,
          m: 0,
          mb: 2,
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        {(
          [
            [d.totalTds, formatPaise(totalTds)],
            [d.lines, String(tdsList.length)],
          ] as const
        ).map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Box component="dd">{value}</Box>
          </Box>
        ))}
      </Box>
      <ListTable label={d.tableLabel} columns={columns} rows={tdsList} rowKey={(x) => x.paymentId} stackOnPhone />
    </>
  );
}

/**
 * TDS Details of one application (or other record): per charge head the gross, TDS section, rate and
 * TDS amount. `recordLabel` names the record in the title (its number), the id when absent.
 */
export function TdsDetailsDialog({
  applicationId,
  recordLabel,
  onClose,
}: {
  applicationId: string;
  recordLabel?: string;
  onClose: () => void;
}) {
  const m = useMessages();
  const d = useTdsChallanMessages().details;
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {d.title(recordLabel || applicationId)}
      </DialogTitle>
      {/* Scrolls on a phone with nothing focusable inside: focusable itself, so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
        <TdsDetailsBody applicationId={applicationId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{m.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
