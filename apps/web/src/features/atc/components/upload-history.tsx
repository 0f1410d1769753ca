import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { type AtcMode, type AtcUploadRow, DEFAULT_PAGE_SIZE, filesEndpoints, PAGE_SIZES, shortenFileName } from '@stoa/shared';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { download } from '../../../lib/api-client';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { atcQueries } from '../api/atc-queries';
import { useAtcMessages } from '../i18n';

/** The saved uploads of one mode, newest first, paged on the server; each file can be downloaded. */
export function UploadHistory({ mode }: { mode: AtcMode }) {
  const m = useMessages();
  const u = useAtcMessages().upload;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useQuery({ ...atcQueries.uploads(mode, { pageNumber: page + 1, pageSize }), placeholderData: keepPreviousData });
  const [downloading, setDownloading] = useState<string | null>(null);

  const onDownload = async (row: AtcUploadRow) => {
    setDownloading(row.id);
    try {
      const file = await download(filesEndpoints.download, { params: { id: row.fileId } });
      saveFile(file.blob, file.fileName ?? row.fileName);
    } catch {
      notify.error(m.common.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const columns: Column<AtcUploadRow>[] = [
    { key: 'uploadedOn', header: u.uploadedOn, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatIstDateTime(r.uploadedOn)}</span> },
    {
      key: 'file',
      header: u.fileName,
      minWidth: 200,
      render: (r) => (
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={downloading === r.id}
          aria-label={u.downloadFile(r.fileName)}
          title={r.fileName}
          onClick={() => void onDownload(r)}
          sx={{ textAlign: 'left', textTransform: 'none', overflowWrap: 'anywhere', justifyContent: 'flex-start' }}
        >
          {shortenFileName(r.fileName, 40)}
        </Button>
      ),
    },
    { key: 'dates', header: u.dates, render: (r) => u.dateRange(formatDisplayDate(r.dateFrom), formatDisplayDate(r.dateTo)) },
    { key: 'rows', header: u.rowCount, align: 'right', render: (r) => r.rowCount },
    { key: 'uploadedBy', header: u.uploadedBy, render: (r) => r.uploadedBy ?? '—' },
  ];

  if (list.isPending) return <ListLoading rows={3} />;
  if (list.isError && !list.data) return <ListError onRetry={() => void list.refetch()} />;
  const rows = list.data.uploadList;
  const total = list.data.dataCount;
  return (
    <>
      {list.isError && <ListError onRetry={() => void list.refetch()} />}
      {total === 0 ? (
        <ListEmpty text={u.historyEmpty} />
      ) : (
        <>
          <ListTable label={u.historyLabel} columns={columns} rows={rows} rowKey={(r) => r.id} stackOnPhone />
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
            sx={{ borderTop: 1, borderColor: 'divider', mt: 1, '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
          />
        </>
      )}
    </>
  );
}
