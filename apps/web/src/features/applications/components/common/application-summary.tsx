import { formatPaise } from '@stoa/shared/common';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';

import type { ApplicationDetail } from '@stoa/shared/applications';

import { formatDisplayDate, formatIstDateTime } from '../../../../lib/dates';
import { applicationKeys } from '../../api/application-queries';
import { useApplicationsMessages } from '../../i18n';
import { ApplicationStatusChip } from './status-chip';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const party = (p: ApplicationDetail['seller']) => (p.registrationNo ? `${p.entityName} (${p.registrationNo})` : p.entityName);

/** The fee in force today (GetApplicationFee); hidden when it cannot be read. */
function FeeItem({ raised }: { raised: boolean }) {
  const t = useApplicationsMessages().web;
  const fee = useQuery(applicationKeys.fee());
  if (fee.isError || !fee.data) return null;
  return <Item label={raised ? t.feeRaised : t.feeDue}>{formatPaise(fee.data.totalAmount)}</Item>;
}

/** The schedule rows as submitted, with MWh and the total. */
export function ScheduleTable({ rows, totalMwh }: { rows: ApplicationDetail['scheduleList']; totalMwh: string }) {
  const m = useApplicationsMessages();
  const f = m.fields;
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (axe 'scrollable-region-focusable').
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={m.web.scheduleRows}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" aria-label={m.web.schedule}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {m.web.rowNo}
            </TableCell>
            <TableCell component="th" scope="col">
              {f.oaFromDate}
            </TableCell>
            <TableCell component="th" scope="col">
              {f.oaToDate}
            </TableCell>
            <TableCell component="th" scope="col">
              {f.fromTimeBlock}
            </TableCell>
            <TableCell component="th" scope="col">
              {f.toTimeBlock}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {f.oaRequirement}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {f.mwh}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.rowNo}>
              <TableCell>{row.rowNo}</TableCell>
              <TableCell>{formatDisplayDate(row.oaFromDate)}</TableCell>
              <TableCell>{formatDisplayDate(row.oaToDate)}</TableCell>
              <TableCell>{row.fromTimeBlock}</TableCell>
              <TableCell>{row.toTimeBlock}</TableCell>
              <TableCell align="right">{row.oaRequirement}</TableCell>
              <TableCell align="right">{row.mwh}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={6} sx={{ fontWeight: 600, color: 'text.primary' }}>
              {m.web.totalMwh}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {totalMwh}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** The application's history, oldest first: action, status change, actor, remarks, time. */
export function ApplicationHistory({ history }: { history: ApplicationDetail['history'] }) {
  const m = useApplicationsMessages();
  const t = m.web;
  const label = (action: string) => (m.history as Record<string, string>)[action] ?? action;
  return (
    <Section title={t.history}>
      {history.length === 0 ? (
        <Typography color="text.secondary">{t.noHistory}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.map((item, index) => (
            <Box
              component="li"
              key={`${item.at}-${index}`}
              sx={{
                position: 'relative',
                ml: '5px',
                pl: 2.5,
                pb: 2,
                borderLeft: 2,
                borderColor: index === history.length - 1 ? 'transparent' : 'divider',
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: -7,
                  top: 5,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: index === history.length - 1 ? 'primary.main' : 'grey.500',
                },
                '&:last-of-type': { pb: 0 },
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{label(item.action)}</Typography>
              {/* Who acted and what comes next: two statuses share 'Pending SLDC approval', the step tells them apart. */}
              <Typography variant="body2">{item.description}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t.historyBy(item.actorName ?? t.system)} · <time dateTime={item.at}>{formatIstDateTime(item.at)}</time>
              </Typography>
              {item.remarks && (
                <Typography
                  variant="body2"
                  sx={{
                    mt: 0.5,
                    px: 1.5,
                    py: 1,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {item.remarks}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/**
 * The read-only view of an application: number, type, mode, status, parties, trader, dates, fee,
 * the schedule rows with MWh, and the history.
 */
export function ApplicationSummary({ application }: { application: ApplicationDetail }) {
  const m = useApplicationsMessages();
  const t = m.web;
  const a = application;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Card component="section" aria-label={t.detailTitle(a.applicationNo)}>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: { xs: 1.5, md: 2.5 },
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(200px, 1fr))' },
              alignItems: 'start',
            }}
          >
            <Item label={t.status}>
              <ApplicationStatusChip status={a.status} wrap />
            </Item>
            <Item label={t.applicationNo}>{a.applicationNo}</Item>
            <Item label={t.applicationType}>{m.typeLabels[a.applicationType]}</Item>
            <Item label={t.applicationMode}>{m.modeLabels[a.applicationMode]}</Item>
            <Item label={t.applicant}>{a.applicant.name}</Item>
            <Item label={t.seller}>{party(a.seller)}</Item>
            <Item label={t.buyer}>{party(a.buyer)}</Item>
            <Item label={t.trader}>
              {a.trader ? (a.trader.registrationNo ? `${a.trader.name} (${a.trader.registrationNo})` : a.trader.name) : t.noTrader}
            </Item>
            <Item label={t.period}>{`${formatDisplayDate(a.fromDate)} – ${formatDisplayDate(a.toDate)}`}</Item>
            <Item label={t.createdBy}>{a.createdBy.name}</Item>
            {a.submittedAt && <Item label={t.submittedAt}>{formatIstDateTime(a.submittedAt)}</Item>}
            <Item label={t.updatedOn}>{formatIstDateTime(a.updatedOn)}</Item>
            <FeeItem raised={a.feeDueId !== null} />
            {a.remarks && <Item label={t.remarks}>{a.remarks}</Item>}
          </Box>
        </CardContent>
      </Card>
      <Section title={t.schedule}>
        <ScheduleTable rows={a.scheduleList} totalMwh={a.totalMwh} />
      </Section>
      <ApplicationHistory history={a.history} />
    </Box>
  );
}
