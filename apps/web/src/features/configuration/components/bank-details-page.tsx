import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate } from '../../../lib/dates';
import { configurationQueries } from '../api/configuration-queries';
import { useDeleteBankDetail } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { type BankDetail, BankDetailDialog } from './bank-detail-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { DeleteConfirm } from './delete-confirm';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { RowActions } from './row-actions';
import { StateChip } from './state-chip';

/** SLDC bank accounts with their state; add, and edit or delete those not yet in force. */
export function BankDetailsPage() {
  const t = useConfigMessages();
  const b = t.bank;
  const list = useQuery(configurationQueries.bankDetails());
  const remove = useDeleteBankDetail();
  const [dialog, setDialog] = useState<{ bank?: BankDetail } | null>(null);
  const [toDelete, setToDelete] = useState<BankDetail | null>(null);
  const rows = [...(list.data?.bankDetailList ?? [])].sort((x, y) => y.effectiveFrom.localeCompare(x.effectiveFrom));
  const columns: Column<BankDetail>[] = [
    {
      key: 'bankName',
      header: b.bankName,
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {x.bankName}
        </Box>
      ),
      minWidth: 160,
    },
    { key: 'accountName', header: b.accountName, render: (x) => x.accountName, minWidth: 180 },
    {
      key: 'accountNumber',
      header: b.accountNumber,
      render: (x) => (
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {x.accountNumber}
        </Typography>
      ),
    },
    { key: 'ifsc', header: b.ifsc, render: (x) => x.ifsc },
    { key: 'branch', header: b.branch, render: (x) => x.branch, minWidth: 140 },
    {
      key: 'effectiveFrom',
      header: t.effectiveFrom,
      render: (x) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(x.effectiveFrom)}
        </Box>
      ),
    },
    { key: 'state', header: t.state, render: (x) => <StateChip state={x.state} /> },
    {
      key: 'actions',
      header: t.actions,
      hiddenHeader: true,
      align: 'right',
      render: (x) =>
        x.state === 'FUTURE' ? (
          <RowActions
            what={`${x.bankName} ${formatDisplayDate(x.effectiveFrom)}`}
            onEdit={() => setDialog({ bank: x })}
            onDelete={() => setToDelete(x)}
          />
        ) : null,
    },
  ];
  return (
    <Box>
      <PageHeader
        title={b.title}
        subtitle={b.subtitle}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
            {b.add}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          {list.isPending ? (
            <ListLoading />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={b.none} />
          ) : (
            <ListTable label={b.tableLabel} columns={columns} rows={rows} rowKey={(x) => x.id} />
          )}
        </CardContent>
      </Card>
      {dialog && <BankDetailDialog bank={dialog.bank} onClose={() => setDialog(null)} />}
      {toDelete && (
        <DeleteConfirm
          text={b.deleteConfirm(toDelete.bankName, formatDisplayDate(toDelete.effectiveFrom))}
          success={b.deleted}
          onDelete={() => remove.mutateAsync(toDelete.id)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Box>
  );
}
