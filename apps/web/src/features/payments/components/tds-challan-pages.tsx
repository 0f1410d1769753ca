import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';

import { istDate } from '@stoa/shared/common';
import { TDS_MONTH_STATUSES, tdsMonthLabel, type TdsMonth } from '@stoa/shared/payments';

import { FilterForm } from '../../../components/filter-form';
import type { Column } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { PagedList, useFilteredServerList } from '../../../components/paged-list';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { tdsChallanQueries, type TdsMonthFilter } from '../api/tds-challans';
import { useTdsChallanMessages } from '../i18n';
import { Money } from './payment-chips';
import { TdsMonthDialog, TdsMonthStatusChip } from './tds-month-dialog';
import { recentMonths, UploadChallanDialog } from './upload-challan-dialog';

const keyOf = (x: { payerUserId: string; month: string }) => `${x.payerUserId}:${x.month}`;

/** The monthly TDS list of both pages: month (due-by date under it), deducted, deposited, pending, interest, status. */
function useMonthColumns(withPayer: boolean, open: (x: TdsMonth) => void, action: (x: TdsMonth) => React.ReactNode): Column<TdsMonth>[] {
  const t = useTdsChallanMessages();
  const f = t.fields;
  return [
    ...(withPayer ? [{ key: 'payer', header: f.payer, minWidth: 160, render: (x: TdsMonth) => x.payerName }] : []),
    {
      key: 'month',
      header: f.month,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block', whiteSpace: 'nowrap' }}>
            {tdsMonthLabel(x.month)}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t.lateNote(formatDisplayDate(x.dueBy))}
          </Typography>
        </Box>
      ),
    },
    { key: 'deducted', header: f.deducted, align: 'right', render: (x) => <Money paise={x.deductedAmount} strong /> },
    { key: 'deposited', header: f.deposited, align: 'right', render: (x) => <Money paise={x.depositedAmount} /> },
    // The SLDC's list stays narrow (the payer column): the pending amount is in the month's dialog.
    ...(withPayer
      ? []
      : [{ key: 'pending', header: f.pending, align: 'right' as const, render: (x: TdsMonth) => <Money paise={x.pendingAmount} /> }]),
    {
      key: 'interest',
      header: f.interestShort,
      align: 'right',
      render: (x) => (x.interestAmount ? <Money paise={x.interestAmount} /> : '—'),
    },
    { key: 'status', header: f.status, render: (x) => <TdsMonthStatusChip status={x.status} /> },
    {
      key: 'actions',
      header: t.view,
      hiddenHeader: true,
      render: (x) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
            onClick={() => open(x)}
            aria-label={`${t.view}: ${x.payerName} ${tdsMonthLabel(x.month)}`}
          >
            {t.view} ({x.challans.length})
          </Button>
          {action(x)}
        </Box>
      ),
    },
  ];
}

/** The month and status filter of both pages. */
function useFilterFields() {
  const t = useTdsChallanMessages();
  const months = useMemo(() => recentMonths(istDate(new Date())), []);
  return [
    {
      name: 'month' as const,
      label: t.fields.month,
      options: [{ value: '', label: t.all }, ...months.map((x) => ({ value: x, label: tdsMonthLabel(x) }))],
    },
    {
      name: 'status' as const,
      label: t.fields.status,
      options: [{ value: '', label: t.all }, ...TDS_MONTH_STATUSES.map((s) => ({ value: s, label: t.monthStatuses[s] }))],
    },
  ];
}

function MonthlyTdsPage({ sldc }: { sldc: boolean }) {
  const t = useTdsChallanMessages();
  const canCheck = useAuthUser()?.role === 'SLDCBusinessUser';
  const empty: TdsMonthFilter = { month: '', status: sldc ? 'PENDING_APPROVAL' : '' };
  const [filter, setFilter] = useState(empty);
  const { applyFilter, list, page } = useFilteredServerList(empty, tdsChallanQueries.monthList, (d) => d.tdsMonthList);
  const [uploading, setUploading] = useState<{ month?: TdsMonth } | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  // The open month is read from the list, so a decision shows at once when the list refetches.
  const opened = openKey ? list.data?.tdsMonthList.find((x) => keyOf(x) === openKey) : undefined;
  const columns = useMonthColumns(
    sldc,
    (x) => setOpenKey(keyOf(x)),
    (x) =>
      !sldc && (x.status === 'NOT_DEPOSITED' || x.status === 'SHORT') ? (
        <Button
          size="small"
          variant="contained"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => setUploading({ month: x })}
          aria-label={`${t.upload}: ${tdsMonthLabel(x.month)}`}
        >
          {t.upload}
        </Button>
      ) : canCheck && x.status === 'PENDING_APPROVAL' ? (
        <Button
          size="small"
          variant="contained"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => setOpenKey(keyOf(x))}
          aria-label={`${t.approve} / ${t.revert}: ${x.payerName} ${tdsMonthLabel(x.month)}`}
        >
          {t.approve} / {t.revert}
        </Button>
      ) : null,
  );
  const filtered = filter.month !== '' || filter.status !== '';
  return (
    <Box>
      <PageHeader
        title={sldc ? t.reconciliationTitle : t.challanTitle}
        subtitle={sldc ? t.reconciliationIntro : t.challanIntro}
        actions={
          sldc ? undefined : (
            <Button variant="contained" onClick={() => setUploading({})}>
              {t.upload}
            </Button>
          )
        }
      />
      <Box sx={{ mb: 2 }}>
        <FilterForm
          title={t.filterTitle}
          fields={useFilterFields()}
          empty={empty}
          fieldSize={{ xs: 12, sm: 6, md: 3 }}
          onApply={(next) => {
            setFilter(next);
            applyFilter(next);
          }}
        />
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList
            query={list}
            page={page}
            label={sldc ? t.reconciliationTitle : t.challanTitle}
            columns={columns}
            rowKey={keyOf}
            emptyText={filtered ? t.emptyFiltered : t.empty}
            flushPager
          />
        </CardContent>
      </Card>
      {uploading && <UploadChallanDialog month={uploading.month} onClose={() => setUploading(null)} />}
      {opened && <TdsMonthDialog month={opened} canCheck={canCheck} onClose={() => setOpenKey(null)} />}
    </Box>
  );
}

/** TDS Challan Details (spec 001 §2, OA applicant and trader): the payer's months with TDS, Upload Challan. */
export function TdsChallanDetailsPage() {
  return <MonthlyTdsPage sldc={false} />;
}

/** TDS Reconciliation (spec 001 §2, SLDC roles): every payer's months, pending first; the SLDC business user decides. */
export function TdsReconciliationPage() {
  return <MonthlyTdsPage sldc />;
}

/** /payments/challan: TDS Challan Details for the payers, TDS Reconciliation for the SLDC roles (one menu path, decision 0053). */
export function TdsChallanPage() {
  const role = useAuthUser()?.role;
  return role === 'OABusinessUser' || role === 'Trader' ? <TdsChallanDetailsPage /> : <TdsReconciliationPage />;
}
