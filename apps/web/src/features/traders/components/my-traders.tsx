import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@stoa/shared';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { traderQueries } from '../api/trader-queries';
import { useRemoveTrader } from '../api/use-trader-mutations';
import { useTradersMessages } from '../i18n';

type TraderRow = { id: string; registrationNo: string | null; entityName: string; issuingAuthority: string | null; tradingLicenceNo: string | null };

const dash = (value: string | null) => value || '—';

/** The applicant's traders, paged on the server, each with Delete (after a confirmation). */
export function MyTraders() {
  const m = useMessages();
  const t = useTradersMessages();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useQuery({ ...traderQueries.mine({ pageNumber: page + 1, pageSize }), placeholderData: keepPreviousData });
  const remove = useRemoveTrader();
  const [toDelete, setToDelete] = useState<TraderRow | null>(null);

  const rows = list.data?.registrationList ?? [];
  const total = list.data?.dataCount ?? 0;
  // The last row of the last page was deleted: show the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success(t.deleted);
    } catch (error) {
      notify.error(errorText(error, m.common.genericError));
    } finally {
      setToDelete(null);
    }
  };

  const columns: Column<TraderRow>[] = [
    { key: 'entityName', header: t.list.entityName, render: (r) => r.entityName, minWidth: 180 },
    { key: 'registrationNo', header: t.list.registrationNo, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dash(r.registrationNo)}</span> },
    { key: 'issuingAuthority', header: t.list.issuingAuthority, render: (r) => dash(r.issuingAuthority) },
    { key: 'tradingLicenceNo', header: t.list.tradingLicenceNo, render: (r) => dash(r.tradingLicenceNo) },
    {
      key: 'actions',
      header: t.list.actions,
      hiddenHeader: true,
      align: 'right',
      render: (r) => (
        <Button size="small" color="error" startIcon={<DeleteOutline />} aria-label={t.deleteOf(r.entityName)} onClick={() => setToDelete(r)}>
          {t.delete}
        </Button>
      ),
    },
  ];

  if (list.isPending) return <ListLoading />;
  if (list.isError && !list.data) return <ListError onRetry={() => void list.refetch()} />;
  return (
    <>
      {list.isError && <ListError onRetry={() => void list.refetch()} />}
      {total === 0 ? (
        <ListEmpty text={t.empty} />
      ) : (
        <>
          <ListTable label={t.tableLabel} columns={columns} rows={rows} rowKey={(r) => r.id} stackOnPhone />
          <TablePagination
            component="div"
            count={total}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            sx={{ borderTop: 1, borderColor: 'divider', mt: 1 }}
          />
        </>
      )}
      {toDelete && (
        <ConfirmDialog
          open
          destructive
          title={t.deleteTitle}
          text={t.confirmDelete(toDelete.entityName)}
          confirmLabel={t.delete}
          busyLabel={t.deleting}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setToDelete(null)}
        />
      )}
    </>
  );
}
