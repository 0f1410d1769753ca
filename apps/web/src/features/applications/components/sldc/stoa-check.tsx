import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { atcBlockEnd, atcBlockStart } from '@stoa/shared/atc';
import { centiToMw, mwToCenti } from '@stoa/shared/common';
import type { StoaCheck } from '@stoa/shared/applications';

import { formatDisplayDate } from '../../../../lib/dates';
import { useMessages } from '../../../../lib/i18n';
import { useSldcApplicationsMessages } from '../../i18n';
import { sldcApplicationQueries } from '../../api/sldc-queries';

export interface CheckBlock {
  block: number;
  requested: number;
  available: number;
  short: number;
}

/** The blocks of a day with their request, the margin left and the shortfall (centi-MW); only requested blocks unless `all`. */
export function checkBlocks(day: StoaCheck['days'][number], all: boolean): CheckBlock[] {
  const out: CheckBlock[] = [];
  day.requested.forEach((mw, i) => {
    const requested = mwToCenti(mw);
    const available = mwToCenti(day.available[i] ?? '0');
    if (!all && requested === 0) return;
    out.push({ block: i + 1, requested, available, short: Math.max(0, requested - available) });
  });
  return out;
}

function PathList({ path }: { path: StoaCheck['path'] }) {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, m: 0, mb: 2 }}>
      {path.map((p) => (
        <Box key={p.side} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {p.side === 'Injection' ? t.injection : t.drawal}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {p.substation ?? t.noSubstation}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, color: p.element ? 'text.secondary' : 'error.main' }}>
            {p.element ? t.elementOf(p.element) : t.noElement}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function DayTable({ day, all }: { day: StoaCheck['days'][number]; all: boolean }) {
  const t = useSldcApplicationsMessages().sldc;
  const rows = checkBlocks(day, all);
  return (
    // Scrolls on its own: focusable, so the keyboard can scroll it too.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t.blocksOf(formatDisplayDate(day.date))}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxHeight: 420,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" stickyHeader aria-label={t.blocksOf(formatDisplayDate(day.date))}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t.block}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.requested}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.available}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.shortBy}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.block}
              data-short={r.short > 0 ? 'true' : undefined}
              sx={
                r.short > 0
                  ? (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.1), '& td, & th': { color: 'error.dark', fontWeight: 600 } })
                  : undefined
              }
            >
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {`${atcBlockStart(r.block)}–${atcBlockEnd(r.block)}`}
              </TableCell>
              <TableCell align="right">{centiToMw(r.requested)}</TableCell>
              <TableCell align="right">{centiToMw(r.available)}</TableCell>
              <TableCell align="right">{r.short > 0 ? `${centiToMw(r.short)} (${t.short})` : '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * 'STOA Check' (StoaCheck/{id}): the application's path (the seller's injection and the buyer's
 * drawal substation and the ATC element each matched), then per day and block the request against
 * the margin left on the path; blocks short of margin are highlighted and marked 'Short'.
 */
export function StoaCheckPanel({ applicationId }: { applicationId: string }) {
  const m = useMessages();
  const t = useSldcApplicationsMessages().sldc;
  const titleId = useId();
  const check = useQuery(sldcApplicationQueries.stoaCheck(applicationId));
  const [dayIndex, setDayIndex] = useState(0);
  const [all, setAll] = useState(false);
  const data = check.data;
  const day = data?.days[Math.min(dayIndex, data.days.length - 1)];

  let body;
  if (check.isPending) body = <Skeleton variant="rounded" height={160} aria-label={m.common.loading} />;
  else if (check.isError || !data)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void check.refetch()}>
            {m.common.retry}
          </Button>
        }
      >
        {t.stoaCheckError}
      </Alert>
    );
  else
    body = (
      <>
        <PathList path={data.path} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          {data.shortBlockCount > 0 ? (
            <Chip icon={<WarningAmber />} color="error" label={t.shortBlocks(data.shortBlockCount)} />
          ) : (
            <Chip icon={<CheckCircleOutline />} color="success" variant="outlined" label={t.noShortBlocks} />
          )}
          <FormControlLabel control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} />} label={t.showAllBlocks} />
        </Box>
        {data.days.length === 0 || !day ? (
          <Typography color="text.secondary">{t.noDays}</Typography>
        ) : (
          <>
            {data.days.length > 1 && (
              <Tabs
                value={Math.min(dayIndex, data.days.length - 1)}
                onChange={(_e, v: number) => setDayIndex(v)}
                variant="scrollable"
                scrollButtons="auto"
                aria-label={t.day}
                sx={{ mb: 1 }}
              >
                {data.days.map((d) => (
                  <Tab
                    key={d.date}
                    label={d.shortBlockCount > 0 ? `${formatDisplayDate(d.date)} (${d.shortBlockCount})` : formatDisplayDate(d.date)}
                  />
                ))}
              </Tabs>
            )}
            <DayTable day={day} all={all} />
          </>
        )}
      </>
    );

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t.stoaCheckTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {t.stoaCheckHint}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
