import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';

import type { TdsInterest } from '@stoa/shared/payments';

import { PageHeader } from '../../../components/page-header';
import { PagedList, useServerList } from '../../../components/paged-list';
import type { Column } from '../../../components/list-table';
import { formatDisplayDate } from '../../../lib/dates';
import { paymentsQueries } from '../api/payments-queries';
import { usePaymentsMessages } from '../i18n';
import { StateChip } from './state-chip';
import { TdsInterestDialog } from './tds-interest-dialog';

/** TDS interest percentages (/tds-interest, Admin): effective-dated interest per month on late TDS deposit. */
export function TdsInterestPage() {
  const t = usePaymentsMessages().tdsInterest;
  const f = t.fields;
  const { list, page } = useServerList(paymentsQueries.tdsInterest, (d) => d.interestList);
  const [dialog, setDialog] = useState<{ rate?: TdsInterest } | null>(null);
  const columns: Column<TdsInterest>[] = [
    { key: 'rate', header: f.ratePercent, render: (x) => `${x.ratePercent}%`, align: 'right' },
    { key: 'effectiveFrom', header: f.effectiveFrom, render: (x) => formatDisplayDate(x.effectiveFrom) },
    { key: 'state', header: f.state, render: (x) => <StateChip state={x.state} /> },
    { key: 'remarks', header: f.remarks, render: (x) => x.remarks ?? '' },
    {
      key: 'actions',
      header: t.edit,
      hiddenHeader: true,
      align: 'right',
      render: (x) =>
        x.state === 'FUTURE' ? (
          <IconButton aria-label={`${t.edit}: ${formatDisplayDate(x.effectiveFrom)}`} onClick={() => setDialog({ rate: x })}>
            <Edit fontSize="small" />
          </IconButton>
        ) : null,
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t.title}
        subtitle={t.intro}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
            {t.add}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList query={list} page={page} label={t.title} columns={columns} rowKey={(x) => x.id} emptyText={t.empty} flushPager />
        </CardContent>
      </Card>
      {dialog && <TdsInterestDialog rate={dialog.rate} onClose={() => setDialog(null)} />}
    </Box>
  );
}
