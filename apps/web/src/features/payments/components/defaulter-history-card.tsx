import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import type { DefaulterEvent } from '@stoa/shared/payments';

import type { Column } from '../../../components/list-table';
import { PagedList, useServerList } from '../../../components/paged-list';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { reconciliationQueries } from '../api/reconciliation';
import { useReconciliationMessages } from '../i18n';
import { Money } from './payment-chips';

/** Why the flag changed: the automatic rule's overdue dues (how late when marked, status now), or the Admin. */
function Why({ x }: { x: DefaulterEvent }) {
  const t = useReconciliationMessages().defaulters;
  if (x.setBy === 'ADMIN') return <>{x.event === 'MARKED' ? t.markedByAdmin : t.clearedByAdmin}</>;
  const head = x.event === 'MARKED' ? t.markedBySystem(x.dues.length, x.afterDays) : t.clearedBySystem(formatIstDateTime(x.markedAt));
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      {head}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {x.dues.map((d) => (
          <li key={d.dueId}>
            {t.due(d.description, formatDisplayDate(d.dueDate), d.daysOverdue, t.dueStatuses[d.status] ?? d.status)} ·{' '}
            <Money paise={d.totalAmount} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Defaulter History (issue 13, decision 0078): when the defaulter flag was set and cleared, by the
 * automatic rule or the Admin, and why. The SLDC sees every payer's (`userId` unset); a payer its own,
 * shown only once its flag has ever changed (`hideWhenEmpty`).
 */
export function DefaulterHistoryCard({ forPayer = false }: { forPayer?: boolean }) {
  const t = useReconciliationMessages().defaulters;
  const { list, page } = useServerList(
    (paging) => reconciliationQueries.defaulterHistory(undefined, paging),
    (d) => d.defaulterHistory,
  );
  if (forPayer && (list.isPending || (page.rowCount === 0 && !list.data?.isDefaulter))) return null;
  const columns: Column<DefaulterEvent>[] = [
    { key: 'at', header: t.fields.at, render: (x) => formatIstDateTime(x.at), minWidth: 130 },
    ...(forPayer ? [] : [{ key: 'payer', header: t.fields.payer, render: (x: DefaulterEvent) => x.userName, minWidth: 140 }]),
    {
      key: 'event',
      header: t.fields.event,
      render: (x) => (
        <Chip
          size="small"
          label={t.events[x.event]}
          color={x.event === 'CLEARED' ? 'success' : 'default'}
          variant="outlined"
          sx={x.event === 'MARKED' ? { borderColor: 'error.dark', color: 'error.dark' } : undefined}
        />
      ),
    },
    { key: 'by', header: t.fields.by, render: (x) => (x.setBy === 'SYSTEM' ? t.system : t.admin(x.byName)) },
    { key: 'why', header: t.fields.why, render: (x) => <Why x={x} />, minWidth: 240 },
  ];
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="defaulter-history-title">
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id="defaulter-history-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {forPayer ? t.introPayer : t.introSldc}
        </Typography>
        {forPayer && list.data?.isDefaulter && (
          <Typography variant="body2" sx={{ mb: 1.5, color: 'error.dark', fontWeight: 500 }}>
            {t.nowDefaulter}
          </Typography>
        )}
        <PagedList query={list} page={page} label={t.title} columns={columns} rowKey={(x) => x.id} emptyText={t.empty} flushPager />
      </CardContent>
    </Card>
  );
}
