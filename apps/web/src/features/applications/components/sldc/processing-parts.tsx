import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

import type { AllocationItem, AllocationPreview, ApplicationType } from '@stoa/shared/applications';
import { mwhToUnits } from '@stoa/shared/common';

import { errorText } from '../../../../lib/api-error';
import { formatDisplayDate } from '../../../../lib/dates';
import { useMessages } from '../../../../lib/i18n';
import { sldcViewPath } from './application-type';
import { useSldcApplicationsMessages } from '../../i18n';

/** Granted as a share of requested ('62.5 %'), or '–' without a request. */
export function grantedShare(requestedMwh: string, grantedMwh: string): string {
  const requested = mwhToUnits(requestedMwh);
  if (!(requested > 0)) return '–';
  const pct = (mwhToUnits(grantedMwh) * 100) / requested;
  return `${Number.isInteger(pct) ? pct : pct.toFixed(1)} %`;
}

/** 'YYYY-MM' as 'Nov 2026'. */
export const monthLabel = (month: string) => formatDisplayDate(`${month}-01`).replace(/ \d{2},/, '');

export function Section({ title, hint, children, action }: { title: string; hint?: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The applications of a pro-rata allocation: the preview's would-be grants or an allocation's before → now. */
export function AllocationTable({
  label,
  items,
  type,
  mode,
}: {
  label: string;
  items: AllocationItem[];
  type: ApplicationType;
  mode: 'preview' | 'allocation';
}) {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxHeight: 420,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t.applicationNo}
            </TableCell>
            <TableCell component="th" scope="col">
              {t.seller}
            </TableCell>
            <TableCell component="th" scope="col">
              {t.buyer}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.requestedMwh}
            </TableCell>
            {mode === 'preview' ? (
              <>
                <TableCell component="th" scope="col" align="right">
                  {t.previousGrantedMwh}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t.previewGranted}
                </TableCell>
              </>
            ) : (
              <TableCell component="th" scope="col" align="right">
                {t.grantedChange}
              </TableCell>
            )}
            <TableCell component="th" scope="col" align="right">
              {t.share}
            </TableCell>
            <TableCell component="th" scope="col">
              {t.outcome}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.applicationId}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {mode === 'allocation' ? (
                  <MuiLink component={Link} to={sldcViewPath(type, item.applicationId)} sx={{ fontWeight: 600 }}>
                    {item.applicationNo}
                  </MuiLink>
                ) : (
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {item.applicationNo}
                  </Box>
                )}
              </TableCell>
              <TableCell>{item.sellerName}</TableCell>
              <TableCell>{item.buyerName}</TableCell>
              <TableCell align="right">{item.requestedMwh}</TableCell>
              {mode === 'preview' ? (
                <>
                  <TableCell align="right">{item.previousGrantedMwh ?? t.notApplicable}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {item.grantedMwh}
                  </TableCell>
                </>
              ) : (
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap' }}
                >{`${item.previousGrantedMwh ?? '0.00'} → ${item.grantedMwh}`}</TableCell>
              )}
              <TableCell align="right">{grantedShare(item.requestedMwh, item.grantedMwh)}</TableCell>
              <TableCell>{t.outcomeLabels[item.outcome]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** AllocateProRata's answer (a dry run) in a dialog: progress, the server's message, or the shares. */
export function ProRataPreviewDialog({
  open,
  type,
  date,
  pending,
  error,
  preview,
  onClose,
}: {
  open: boolean;
  type: ApplicationType;
  date: string;
  pending: boolean;
  error: unknown;
  preview: AllocationPreview | undefined;
  onClose: () => void;
}) {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const titleId = useId();
  let body;
  if (pending)
    body = (
      <Box role="status" sx={{ py: 2 }}>
        <LinearProgress aria-label={t.previewRunning} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.previewRunning}
        </Typography>
      </Box>
    );
  else if (error) body = <Alert severity="error">{errorText(error, m.common.genericError)}</Alert>;
  else if (preview)
    body = (
      <>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, mb: 2 }}>
          <Count label={t.applicationCount} value={preview.applicationList.length} />
          <Count label={t.previewDays} value={preview.days.length} />
          <Count label={t.previewRequested} value={preview.requestedMwh} />
          <Count label={t.previewGranted} value={preview.grantedMwh} tone="success.dark" />
          <Count
            label={t.congestedBlocks}
            value={preview.congestedBlockCount}
            tone={preview.congestedBlockCount > 0 ? 'error.dark' : undefined}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t.previewExplain}
        </Typography>
        <AllocationTable label={t.previewTableLabel} items={preview.applicationList} type={type} mode="preview" />
      </>
    );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t.previewTitle(all.typeLabels[type], formatDisplayDate(preview?.processingDate ?? date))}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.previewNotice}
        </Alert>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function Count({
  label,
  value,
  tone,
}: {
  label: string;
  value: number | string;
  tone?: 'success.dark' | 'warning.dark' | 'error.dark';
}) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.25, minWidth: 130 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, color: tone }}>
        {value}
      </Typography>
    </Box>
  );
}
