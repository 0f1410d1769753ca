import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';

import type { ReportDefinition, ReportFormat } from '@stoa/shared/reports';

import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadReport, type ReportFilterValues } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

/** Excel and PDF of the report with the filters applied; the button shows progress while the server streams the file. */
export function ReportDownloads({ def, values }: { def: ReportDefinition; values: ReportFilterValues }) {
  const m = useMessages();
  const t = useReportsMessages();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const run = async (format: ReportFormat) => {
    setBusy(format);
    try {
      notify.success(t.downloaded(await downloadReport(def, values, format)));
    } catch (error) {
      notify.error(errorText(error, m.common.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  const button = (format: ReportFormat, icon: React.ReactNode, text: string, label: string) => (
    <Button
      variant="outlined"
      startIcon={busy === format ? <CircularProgress size={16} aria-hidden="true" /> : icon}
      disabled={busy !== null}
      aria-busy={busy === format}
      aria-label={label}
      onClick={() => void run(format)}
    >
      {busy === format ? t.downloading : text}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {button('xlsx', <DescriptionOutlined />, t.downloadExcel, t.downloadExcelLabel(def.label))}
      {button('pdf', <PictureAsPdfOutlined />, t.downloadPdf, t.downloadPdfLabel(def.label))}
    </Box>
  );
}
