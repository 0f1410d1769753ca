import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';

import type { AtcMode, AtcUploadRow } from '@stoa/shared/atc';
import { filesEndpoints, shortenFileName } from '@stoa/shared/files';

import type { Column } from '../../../components/list-table';
import { PagedList, useServerList } from '../../../components/paged-list';
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
  const { list, page } = useServerList(
    (paging) => atcQueries.uploads(mode, paging),
    (data) => data.uploadList,
  );
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
    {
      key: 'uploadedOn',
      header: u.uploadedOn,
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatIstDateTime(r.uploadedOn)}</span>,
    },
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

  return (
    <PagedList
      query={list}
      page={page}
      label={u.historyLabel}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={u.historyEmpty}
      loadingRows={3}
      flushPager
    />
  );
}
