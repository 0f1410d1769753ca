import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';

import type { CongestedApplicationsQuery } from '@stoa/shared/e-bidding';

import { ListEmpty, ListError } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { eBiddingQueries } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';

/** An application named by (or chosen for) an invitation. */
export interface AffectedApplication {
  applicationId: string;
  applicationNo: string;
  applicationDate: string | null;
  registrationNo: string | null;
  registrationValidity: string | null;
  applicantName: string;
  fromDate: string;
  toDate: string;
  appliedQuantum: string | null;
  /** The invited application's outcome (Invited, Withdrawn, Allocated…), once sent. */
  status?: string;
  /** A live invitation already naming it (candidates only). */
  invitedIn?: string | null;
}

function useColumns(extra: Column<AffectedApplication>[]): Column<AffectedApplication>[] {
  const w = useEBiddingMessages().web;
  return useMemo(
    () => [
      ...extra,
      { key: 'applicationNo', header: w.applicationNo, render: (r) => r.applicationNo },
      { key: 'applicationDate', header: w.applicationDate, render: (r) => formatDisplayDate(r.applicationDate) },
      { key: 'registrationNo', header: w.registrationNo, render: (r) => r.registrationNo ?? '—' },
      { key: 'registrationValidity', header: w.registrationValidity, render: (r) => formatDisplayDate(r.registrationValidity) },
      { key: 'applicantName', header: w.applicantName, render: (r) => r.applicantName },
      { key: 'fromDate', header: w.fromDate, render: (r) => formatDisplayDate(r.fromDate) },
      { key: 'toDate', header: w.toDate, render: (r) => formatDisplayDate(r.toDate) },
      { key: 'appliedQuantum', header: w.appliedQuantum, align: 'right', render: (r) => r.appliedQuantum ?? '—' },
    ],
    [w, extra],
  );
}

/** The applications of an invitation as a table (the general step of Form ST2, the read-only dialog). */
export function AffectedApplicationsTable({ rows, withStatus = false }: { rows: AffectedApplication[]; withStatus?: boolean }) {
  const w = useEBiddingMessages().web;
  const base = useColumns(useMemo(() => [], []));
  const columns = withStatus
    ? [...base, { key: 'status', header: w.applicationStatus, render: (r: AffectedApplication) => r.status ?? '—' }]
    : base;
  return <ListTable label={w.affectedTitle} columns={columns} rows={rows} rowKey={(r) => r.applicationId} stackOnPhone />;
}

/**
 * 'Congested Applications' (spec 000 §2, 'View Affected Applications'): application number,
 * application date, registration number, validity of registration, applicant name, from and to date.
 * While the SLDC business user writes a draft, the congested Advance applications pending e-bidding
 * (GET EBidding/GetCongestedApplications, in the congestion period when one is filled) can be ticked
 * to invite; otherwise the invitation's applications are listed.
 */
export function CongestedApplicationsDialog({
  open,
  writable,
  selected,
  period,
  onChange,
  onClose,
}: {
  open: boolean;
  writable: boolean;
  selected: AffectedApplication[];
  period: CongestedApplicationsQuery;
  onChange: (next: AffectedApplication[]) => void;
  onClose: () => void;
}) {
  const t = useEBiddingMessages();
  const w = t.web;
  const m = useMessages();
  const titleId = useId();
  const candidates = useQuery({ ...eBiddingQueries.congested(period), enabled: open && writable });
  const [picked, setPicked] = useState<Map<string, AffectedApplication>>(() => new Map(selected.map((a) => [a.applicationId, a])));

  const rows = useMemo(() => {
    if (!writable) return selected;
    const list: AffectedApplication[] = (candidates.data?.applicationList ?? []).map((c) => ({ ...c }));
    // Chosen applications the candidate list no longer names stay visible (so they can be removed).
    for (const s of selected) if (!list.some((c) => c.applicationId === s.applicationId)) list.push(s);
    return list;
  }, [writable, selected, candidates.data]);

  const toggle = (row: AffectedApplication) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(row.applicationId)) next.delete(row.applicationId);
      else next.set(row.applicationId, row);
      return next;
    });

  const selectColumn = useMemo<Column<AffectedApplication>[]>(
    () =>
      writable
        ? [
            {
              key: 'select',
              header: w.select,
              render: (r) => (
                <Checkbox
                  checked={picked.has(r.applicationId)}
                  disabled={!!r.invitedIn && !picked.has(r.applicationId)}
                  onChange={() => toggle(r)}
                  slotProps={{ input: { 'aria-label': w.selectOf(r.applicationNo) } }}
                />
              ),
            },
          ]
        : [],
    [writable, picked, w],
  );
  const columns = useColumns(selectColumn);
  const withInvited = writable
    ? [...columns, { key: 'invitedIn', header: w.invitedIn, render: (r: AffectedApplication) => r.invitedIn ?? '—' }]
    : columns;

  let body;
  if (writable && candidates.isPending) body = <LinearProgress aria-label={w.loading} />;
  else if (writable && candidates.isError) body = <ListError onRetry={() => void candidates.refetch()} />;
  else if (rows.length === 0) body = <ListEmpty text={writable ? w.congestedEmpty : w.affectedNone} />;
  else
    body = (
      <ListTable label={t.titles.congestedApplications} columns={withInvited} rows={rows} rowKey={(r) => r.applicationId} stackOnPhone />
    );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.titles.congestedApplications}</DialogTitle>
      <DialogContent dividers>
        {body}
        {writable && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} aria-live="polite">
            {w.affectedCount(picked.size)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {writable ? (
          <>
            <Button onClick={onClose}>{m.common.cancel}</Button>
            <Button
              variant="contained"
              onClick={() => {
                onChange([...picked.values()]);
                onClose();
              }}
            >
              {w.done}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{m.common.close}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
