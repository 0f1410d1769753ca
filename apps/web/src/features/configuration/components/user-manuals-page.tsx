import Download from '@mui/icons-material/Download';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { filesEndpoints, shortenFileName } from '@stoa/shared/files';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { download } from '../../../lib/api-client';
import { formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { configurationQueries } from '../api/configuration-queries';
import { useConfigMessages } from '../i18n';
import { type Manual, ManualUploadDialog } from './manual-upload-dialog';

/**
 * The user manuals (spec 001 §2 Configurations → User Manual): every target (each role, and each
 * entity type of OA applicants) with its current PDF and when it changed; upload or replace one.
 */
export function UserManualsPage() {
  const m = useMessages();
  const c = useConfigMessages();
  const t = c.manuals;
  const list = useQuery(configurationQueries.manuals());
  const [uploading, setUploading] = useState<Manual | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const rows = list.data?.manualList ?? [];

  const onDownload = async (manual: Manual) => {
    if (!manual.fileId) return;
    setDownloading(manual.target);
    try {
      const file = await download(filesEndpoints.download, { params: { id: manual.fileId } });
      if (!file.fileName) notify.error(m.common.downloadInvalidName);
      else saveFile(file.blob, file.fileName);
    } catch {
      notify.error(m.common.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const columns: Column<Manual>[] = [
    {
      key: 'target',
      header: t.target,
      width: '34%',
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {x.label}
        </Box>
      ),
    },
    {
      key: 'file',
      header: t.file,
      width: '32%',
      render: (x) =>
        x.fileName ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PictureAsPdfOutlined fontSize="small" aria-hidden="true" sx={{ color: 'error.main', flexShrink: 0 }} />
            <Box component="span" title={x.fileName} sx={{ overflowWrap: 'anywhere' }}>
              {shortenFileName(x.fileName, 40)}
            </Box>
          </Stack>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {t.notUploaded}
          </Typography>
        ),
    },
    {
      key: 'updated',
      header: t.updatedAt,
      width: '17%',
      render: (x) =>
        x.updatedAt ? (
          <Box component="time" dateTime={x.updatedAt}>
            {formatIstDateTime(x.updatedAt)}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: c.actions,
      hiddenHeader: true,
      align: 'right',
      width: '17%',
      render: (x) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          {x.fileId && (
            <Tooltip title={t.downloadOf(x.label)}>
              <span>
                <IconButton
                  size="small"
                  color="primary"
                  aria-label={t.downloadOf(x.label)}
                  disabled={downloading === x.target}
                  onClick={() => void onDownload(x)}
                >
                  {downloading === x.target ? <CircularProgress size={18} aria-hidden="true" /> : <Download fontSize="small" />}
                </IconButton>
              </span>
            </Tooltip>
          )}
          <Button
            size="small"
            variant={x.fileId ? 'text' : 'outlined'}
            startIcon={<UploadFile />}
            aria-label={x.fileId ? t.replaceOf(x.label) : t.uploadOf(x.label)}
            onClick={() => setUploading(x)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {x.fileId ? t.replace : t.upload}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          {list.isPending ? (
            <ListLoading rows={6} />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={t.none} />
          ) : (
            <ListTable label={t.tableLabel} columns={columns} rows={rows} rowKey={(x) => x.target} minWidth={760} stackOnPhone />
          )}
        </CardContent>
      </Card>
      {uploading && <ManualUploadDialog manual={uploading} onClose={() => setUploading(null)} />}
    </Box>
  );
}
