import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { REFUNDABLE_STATES, REFUND_SOURCES, type Refund, type Refundable } from '@stoa/shared/payments';

import { FilterForm } from '../../../components/filter-form';
import type { Column } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { PagedList, useFilteredServerList } from '../../../components/paged-list';
import { errorText } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadRefunds, type RefundFilter, refundsQueries } from '../api/refunds-queries';
import { useRefundsMessages } from '../i18n';
import { CheckRefundDialog } from './check-refund-dialog';
import { MakeRefundDialog } from './make-refund-dialog';
import { Money } from './payment-chips';
import { RefundableStateChip } from './refund-bits';
import { RefundHistoryDialog } from './refund-history-dialog';

const itemKey = (x: Refundable) => `${x.sourceType}:${x.sourceId}:${x.recordId}:${x.payerUserId}`;

/**
 * Refund (spec 001 §2 Payments, decision 0054): refundable items — over-payment credits and
 * curtailment refunds — with their refunds. The payers read their own and each record's history;
 * the SLDC business user makes refunds (maker); the SLDC approvers approve or return them (checker).
 */
export function RefundPage() {
  const m = useMessages();
  const t = useRefundsMessages();
  const f = t.fields;
  const role = useAuthUser()?.role;
  const payer = role === 'OABusinessUser' || role === 'Trader';
  const maker = role === 'SLDCBusinessUser';
  const checker = role === 'SLDCApproverI' || role === 'SLDCApproverII';
  const empty: RefundFilter = { state: '', sourceType: '' };
  const [filter, setFilter] = useState<RefundFilter>(empty);
  const { applyFilter, list, page } = useFilteredServerList(empty, refundsQueries.list, (d) => d.refundList);
  const [making, setMaking] = useState<Refundable | null>(null);
  const [checking, setChecking] = useState<{ refund: Refund; action: 'approve' | 'return' } | null>(null);
  const [history, setHistory] = useState<Refundable | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadRefunds(filter);
    } catch (e) {
      notify.error(errorText(e, m.common.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };
  const pendingOf = (x: Refundable) => x.refunds.filter((r) => r.status === 'PENDING');
  const columns: Column<Refundable>[] = [
    ...(payer ? [] : [{ key: 'payer', header: f.payer, minWidth: 150, render: (x: Refundable) => x.payerName }]),
    {
      key: 'source',
      header: f.source,
      minWidth: 200,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block' }}>
            {t.sources[x.sourceType]}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary">
            {x.description}
          </Typography>
        </Box>
      ),
    },
    { key: 'amount', header: f.amount, align: 'right', render: (x) => <Money paise={x.amount} /> },
    { key: 'refunded', header: f.refunded, align: 'right', render: (x) => <Money paise={x.refundedAmount} /> },
    { key: 'balance', header: f.balance, align: 'right', render: (x) => <Money paise={x.balanceAmount} strong /> },
    {
      key: 'state',
      header: f.status,
      render: (x) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
          <RefundableStateChip state={x.state} />
          {pendingOf(x).map((r) => (
            <Typography key={r.id} variant="caption" color="text.secondary">
              <Money paise={r.amount} /> · {f.by} {r.madeByName}
            </Typography>
          ))}
        </Box>
      ),
    },
    {
      key: 'actions',
      header: t.history,
      hiddenHeader: true,
      render: (x) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => setHistory(x)} aria-label={`${t.history}: ${x.description}`}>
            {t.history}
          </Button>
          {maker && x.balanceAmount > 0 && (
            <Button
              size="small"
              variant="contained"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setMaking(x)}
              aria-label={`${t.makeRefund}: ${x.payerName} ${x.description}`}
            >
              {t.makeRefund}
            </Button>
          )}
          {checker &&
            pendingOf(x).map((r) => (
              <Box key={r.id} sx={{ display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setChecking({ refund: r, action: 'approve' })}
                  aria-label={`${t.approve}: ${x.description}`}
                >
                  {t.approve}
                </Button>
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => setChecking({ refund: r, action: 'return' })}
                  aria-label={`${t.return}: ${x.description}`}
                >
                  {t.return}
                </Button>
              </Box>
            ))}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader title={t.title} subtitle={payer ? t.payerIntro : t.sldcIntro} />
      <Box sx={{ mb: 2 }}>
        <FilterForm
          title={t.filterTitle}
          fields={[
            {
              name: 'state',
              label: f.status,
              options: [{ value: '', label: t.all }, ...REFUNDABLE_STATES.map((s) => ({ value: s, label: t.itemStates[s] }))],
            },
            {
              name: 'sourceType',
              label: f.source,
              options: [{ value: '', label: t.all }, ...REFUND_SOURCES.map((s) => ({ value: s, label: t.sources[s] }))],
            },
          ]}
          empty={empty}
          fieldSize={{ xs: 12, sm: 6, md: 3 }}
          onApply={(v) => {
            setFilter(v);
            applyFilter(v);
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          variant="outlined"
          startIcon={downloading ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <FileDownload />}
          disabled={downloading}
          onClick={() => void download()}
        >
          {downloading ? t.downloading : t.download}
        </Button>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList query={list} page={page} label={t.title} columns={columns} rowKey={itemKey} emptyText={t.empty} flushPager />
        </CardContent>
      </Card>
      {making && <MakeRefundDialog item={making} onClose={() => setMaking(null)} />}
      {checking && <CheckRefundDialog refund={checking.refund} action={checking.action} onClose={() => setChecking(null)} />}
      {history && <RefundHistoryDialog recordId={history.recordId} title={history.description} onClose={() => setHistory(null)} />}
    </Box>
  );
}
