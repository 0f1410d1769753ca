import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/list-table';
import { PagedList, useServerList } from '../../../components/paged-list';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { traderQueries } from '../api/trader-queries';
import { useRemoveTrader } from '../api/use-trader-mutations';
import { useTradersMessages } from '../i18n';

type TraderRow = {
  id: string;
  registrationNo: string | null;
  entityName: string;
  issuingAuthority: string | null;
  tradingLicenceNo: string | null;
};

const dash = (value: string | null) => value || '—';

/** The applicant's traders, paged on the server, each with Delete (after a confirmation). */
export function MyTraders() {
  const m = useMessages();
  const t = useTradersMessages();
  const { list, page, setPaging } = useServerList(traderQueries.mine, (data) => data.registrationList);
  const remove = useRemoveTrader();
  const [toDelete, setToDelete] = useState<TraderRow | null>(null);

  // The last row of the last page was deleted: show the last page that has rows.
  const { page: shown, pageSize } = page.paginationModel;
  const lastPage = Math.max(0, Math.ceil(page.rowCount / pageSize) - 1);
  useEffect(() => {
    if (list.data && shown > lastPage) setPaging((model) => ({ ...model, page: lastPage }));
  }, [list.data, shown, lastPage, setPaging]);

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
    {
      key: 'registrationNo',
      header: t.list.registrationNo,
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dash(r.registrationNo)}</span>,
    },
    { key: 'issuingAuthority', header: t.list.issuingAuthority, render: (r) => dash(r.issuingAuthority) },
    { key: 'tradingLicenceNo', header: t.list.tradingLicenceNo, render: (r) => dash(r.tradingLicenceNo) },
    {
      key: 'actions',
      header: t.list.actions,
      hiddenHeader: true,
      align: 'right',
      render: (r) => (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutline />}
          aria-label={t.deleteOf(r.entityName)}
          onClick={() => setToDelete(r)}
        >
          {t.delete}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedList query={list} page={page} label={t.tableLabel} columns={columns} rowKey={(r) => r.id} emptyText={t.empty} />
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
