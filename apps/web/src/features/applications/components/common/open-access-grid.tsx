import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { blockEndTime, blockStartTime, type OpenAccessDetails } from '@stoa/shared/applications';

import { ListEmpty, ListError, ListLoading } from '../../../../components/list-states';
import { errorText } from '../../../../lib/api-error';
import { formatDisplayDate } from '../../../../lib/dates';
import { useOpenAccessDetails } from '../../api/application-queries';
import { downloadOpenAccessDetails } from '../../api/download-open-access';
import { useApplicationsMessages } from '../../i18n';

type Day = OpenAccessDetails['days'][number];

/** The table of one day: 96 blocks with their time range, requested and (once processed) granted MW. */
function DayTable({ day, captionId }: { day: Day; captionId: string }) {
  const t = useApplicationsMessages().web;
  const processed = day.granted !== null;
  return (
    // Scrolls on its own: focusable, so the keyboard can scroll it too.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      sx={{
        maxHeight: 480,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" stickyHeader aria-labelledby={captionId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t.block}
            </TableCell>
            <TableCell component="th" scope="col">
              {t.time}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.requestedMw}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.grantedMw}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {day.requested.map((requested, index) => {
            const block = index + 1;
            const granted = day.granted?.[index] ?? null;
            const short = granted !== null && Number(granted) < Number(requested);
            return (
              <TableRow key={block} hover>
                <TableCell>{block}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${blockStartTime(block)}–${blockEndTime(block)}`}</TableCell>
                <TableCell align="right">{requested}</TableCell>
                <TableCell align="right" sx={short ? { color: 'warning.dark', fontWeight: 600 } : undefined}>
                  {granted ?? '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t.total}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {day.requestedMwh}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {processed ? day.grantedMwh : t.notProcessed}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** 'Download (Excel)': DownloadOpenAccessDetails/{applicationId}, with progress and the server's message on failure. */
function DownloadExcelButton({ applicationId, applicationNo }: { applicationId: string; applicationNo: string | undefined }) {
  const t = useApplicationsMessages().web;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadOpenAccessDetails(applicationId, applicationNo);
    } catch (e) {
      setError(errorText(e, t.downloadError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <FileDownload />}
        disabled={busy}
        onClick={() => void start()}
      >
        {busy ? t.downloading : t.downloadExcel}
      </Button>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Requested and granted MW per day and 15-minute block of an application
 * (Application/GetOpenAccessDetails): a day selector, the 96 blocks of that day with their time
 * ranges, and the totals of the day and of the application; the same as an Excel workbook
 * (Application/DownloadOpenAccessDetails).
 */
export function OpenAccessGrid({ applicationId }: { applicationId: string }) {
  const t = useApplicationsMessages().web;
  const query = useOpenAccessDetails(applicationId);
  const [selected, setSelected] = useState<string | null>(null);
  const titleId = useId();
  const dayLabelId = useId();
  const captionId = useId();

  let body;
  if (query.isPending) body = <ListLoading rows={6} />;
  else if (query.isError) body = <ListError onRetry={() => void query.refetch()} />;
  else if (query.data.days.length === 0) body = <ListEmpty text={t.noDays} />;
  else {
    const details = query.data;
    const day = details.days.find((d) => d.date === selected) ?? details.days[0]!;
    body = (
      <>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, md: 3 }, alignItems: 'center', mb: 2 }}>
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id={dayLabelId}>{t.day}</InputLabel>
            <Select labelId={dayLabelId} label={t.day} value={day.date} onChange={(e) => setSelected(e.target.value)}>
              {details.days.map((d) => (
                <MenuItem key={d.date} value={d.date}>
                  {formatDisplayDate(d.date)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box component="dl" sx={{ m: 0, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t.requestedMwh}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {details.requestedMwh}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t.grantedMwh}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {details.grantedMwh ?? t.notProcessed}
              </Typography>
            </div>
          </Box>
        </Box>
        <Typography id={captionId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {`${t.day}: ${formatDisplayDate(day.date)}`}
        </Typography>
        <DayTable day={day} captionId={captionId} />
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 2 }}>
          <div>
            <Typography id={titleId} variant="h6" component="h2">
              {t.openAccessTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.openAccessHint}
            </Typography>
          </div>
          <DownloadExcelButton applicationId={applicationId} applicationNo={query.data?.applicationNo} />
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}
