import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { CHARGE_HEAD_INFO, type ChargeHead, type ChargeRate } from '@stoa/shared/configuration';

import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate } from '../../../lib/dates';
import { type ChargeKind, configurationQueries } from '../api/configuration-queries';
import { useDeleteCharge } from '../api/use-configuration-mutations';
import { formatChargeValue, formatPercent } from '../format';
import { useConfigMessages } from '../i18n';
import { ChargeDialog, headsOf } from './charge-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { DeleteConfirm } from './delete-confirm';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { OperatingRules } from './operating-rules';
import { RowActions } from './row-actions';
import { StateChip } from './state-chip';

const byDateDesc = (a: ChargeRate, b: ChargeRate) => b.effectiveFrom.localeCompare(a.effectiveFrom);

function HeadCard({
  head,
  rows,
  onAdd,
  onEdit,
  onDelete,
}: {
  head: ChargeHead;
  rows: ChargeRate[];
  onAdd: () => void;
  onEdit: (row: ChargeRate) => void;
  onDelete: (row: ChargeRate) => void;
}) {
  const t = useConfigMessages();
  const c = t.charges;
  const titleId = useId();
  const label = CHARGE_HEAD_INFO[head].label;
  const current = rows.find((r) => r.state === 'CURRENT');
  const next = rows.filter((r) => r.state === 'FUTURE').sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0];
  const what = (row: ChargeRate) => `${label} ${formatChargeValue(row.amount, row.unit)} ${formatDisplayDate(row.effectiveFrom)}`;
  const columns: Column<ChargeRate>[] = [
    { key: 'effectiveFrom', header: t.effectiveFrom, render: (r) => formatDisplayDate(r.effectiveFrom), width: '15%' },
    {
      key: 'amount',
      header: c.amount,
      render: (r) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {formatChargeValue(r.amount, r.unit)}
        </Box>
      ),
      width: '25%',
    },
    { key: 'gst', header: c.gstShort, render: (r) => formatPercent(r.gstRatePercent), align: 'right', width: '8%' },
    { key: 'remarks', header: c.remarks, render: (r) => r.remarks ?? '', width: '30%' },
    { key: 'state', header: t.state, render: (r) => <StateChip state={r.state} />, width: '12%' },
    {
      key: 'actions',
      header: t.actions,
      hiddenHeader: true,
      align: 'right',
      width: '10%',
      render: (r) => (r.state === 'FUTURE' ? <RowActions what={what(r)} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} /> : null),
    },
  ];
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h5" component="h2">
              {label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {current
                ? `${c.current}: ${formatChargeValue(current.amount, current.unit)} · ${c.gstShort} ${formatPercent(current.gstRatePercent)}`
                : c.none}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {next && (
              <Chip
                size="small"
                color="info"
                variant="outlined"
                sx={{ color: 'info.dark', borderColor: 'info.dark' }}
                label={c.nextChange(formatDisplayDate(next.effectiveFrom))}
              />
            )}
            <Button size="small" variant="outlined" startIcon={<Add />} onClick={onAdd} aria-label={c.addValue(label)}>
              {t.add}
            </Button>
          </Stack>
        </Box>
        {rows.length === 0 ? (
          <ListEmpty text={c.none} />
        ) : (
          <ListTable label={c.valuesOf(label)} columns={columns} rows={rows} rowKey={(r) => r.id} minWidth={720} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * STOA Charges (kind CHARGE, with the operating rules) and Fees (kind FEE): every value of each
 * head with its state; Add from a date, Edit and Delete while a value has not taken effect.
 */
export function ChargesPage({ kind }: { kind: ChargeKind }) {
  const t = useConfigMessages();
  const c = t.charges;
  const list = useQuery(configurationQueries.charges(kind));
  const remove = useDeleteCharge();
  const [dialog, setDialog] = useState<{ charge?: ChargeRate; head?: ChargeHead } | null>(null);
  const [toDelete, setToDelete] = useState<ChargeRate | null>(null);
  const rows = list.data?.chargeList ?? [];

  return (
    <Box>
      <PageHeader
        title={kind === 'FEE' ? c.feesTitle : c.stoaTitle}
        subtitle={kind === 'FEE' ? c.feesSubtitle : c.stoaSubtitle}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
            {kind === 'FEE' ? c.addFee : c.addCharge}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, mb: 2.5 }}>
        {t.historyNote}
      </Typography>
      {list.isPending ? (
        <Card>
          <CardContent>
            <ListLoading rows={6} />
          </CardContent>
        </Card>
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : (
        <Stack spacing={2.5}>
          {headsOf(kind).map((head) => (
            <HeadCard
              key={head}
              head={head}
              rows={rows.filter((r) => r.head === head).sort(byDateDesc)}
              onAdd={() => setDialog({ head })}
              onEdit={(charge) => setDialog({ charge })}
              onDelete={setToDelete}
            />
          ))}
        </Stack>
      )}
      {kind === 'CHARGE' && <OperatingRules />}
      {dialog && <ChargeDialog kind={kind} charge={dialog.charge} head={dialog.head} onClose={() => setDialog(null)} />}
      {toDelete && (
        <DeleteConfirm
          text={c.deleteConfirm(
            CHARGE_HEAD_INFO[toDelete.head].label,
            formatChargeValue(toDelete.amount, toDelete.unit),
            formatDisplayDate(toDelete.effectiveFrom),
          )}
          success={c.deleted}
          onDelete={() => remove.mutateAsync(toDelete.id)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Box>
  );
}
