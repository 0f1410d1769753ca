import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api-error';
import { formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { configurationQueries } from '../api/configuration-queries';
import { useUpdatePaymentDetail } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { type PaymentDetail, PaymentDetailDialog } from './payment-detail-dialog';
import { RowActions } from './row-actions';

/**
 * Payment Details (spec 001 §2 Configurations): the three payment modes, each offered or not,
 * with the instructions applicants see. The switch changes a mode at once; Edit changes both.
 */
export function PaymentDetailsPage() {
  const m = useMessages();
  const t = useConfigMessages();
  const p = t.payment;
  const list = useQuery(configurationQueries.paymentDetails());
  const update = useUpdatePaymentDetail();
  const [editing, setEditing] = useState<PaymentDetail | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const rows = list.data?.paymentDetailList ?? [];

  const onToggle = async (x: PaymentDetail) => {
    setPending(x.mode);
    try {
      await update.mutateAsync({ mode: x.mode, isEnabled: !x.isEnabled, instructions: x.instructions });
      notify.success(x.isEnabled ? p.enabledOff(x.mode) : p.enabledOn(x.mode));
    } catch (error) {
      notify.error(errorText(error, m.common.genericError));
    } finally {
      setPending(null);
    }
  };

  const columns: Column<PaymentDetail>[] = [
    {
      key: 'mode',
      header: p.mode,
      width: '15%',
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
          {x.mode}
        </Box>
      ),
    },
    {
      key: 'enabled',
      header: p.enabled,
      width: '19%',
      render: (x) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Switch
            checked={x.isEnabled}
            disabled={pending === x.mode}
            onChange={() => void onToggle(x)}
            slotProps={{ input: { role: 'switch', 'aria-label': p.enabledOf(x.mode) } }}
          />
          <Typography
            component="span"
            variant="body2"
            color={x.isEnabled ? 'success.main' : 'text.secondary'}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {x.isEnabled ? p.offeredShort : p.notOffered}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'instructions',
      header: p.instructions,
      width: '38%',
      render: (x) => (
        <Typography
          component="span"
          variant="body2"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
          }}
          title={x.instructions}
        >
          {x.instructions}
        </Typography>
      ),
    },
    {
      key: 'updated',
      header: p.updatedAt,
      width: '18%',
      render: (x) => (
        <Box component="time" dateTime={x.updatedAt}>
          {formatIstDateTime(x.updatedAt)}
        </Box>
      ),
    },
    {
      key: 'actions',
      header: t.actions,
      hiddenHeader: true,
      align: 'right',
      width: '10%',
      render: (x) => <RowActions what={x.mode} onEdit={() => setEditing(x)} />,
    },
  ];

  return (
    <Box>
      <PageHeader title={p.title} subtitle={p.subtitle} />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          {list.isPending ? (
            <ListLoading rows={3} />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={p.none} />
          ) : (
            <ListTable label={p.tableLabel} columns={columns} rows={rows} rowKey={(x) => x.mode} minWidth={760} stackOnPhone />
          )}
        </CardContent>
      </Card>
      {editing && <PaymentDetailDialog detail={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
