import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ALL } from '@stoa/shared/account';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_TYPES,
  type ApplicationRow,
  type ApplicationStatus,
  type ApplicationType,
  type AppliedApplicationsQuery,
  statusesLabelledAs,
} from '@stoa/shared/applications';
import { buildPath } from '@stoa/shared/common';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FilterField, FilterForm, filterWithStatusFrom } from '../../../../components/filter-form';
import type { Column } from '../../../../components/list-table';
import { ListPage } from '../../../../components/list-page';
import { useFilteredServerList } from '../../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../../components/server-grid';
import { useAuthUser } from '../../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../../lib/dates';
import { applicationKeys } from '../../api/application-queries';
import { useApplicationsMessages } from '../../i18n';
import { ApplicationStatusChip } from '../common/status-chip';

/**
 * The status filter of spec 001 §4 (its application labels, in its order) plus Rejected; one entry
 * per label ('Pending SLDC approval' also covers SLDCApproverIApproved, see appliedFilterQuery).
 */
export const STATUS_FILTER: readonly ApplicationStatus[] = [
  'PendingApplicantApproval',
  'Submitted',
  'Returned',
  'PendingSTOAApproval',
  'STOAApproved',
  'Approved',
  'PartiallyApproved',
  'NoSTOARejected',
  'Rejected',
];

export interface ApplicationFilter {
  status: ApplicationStatus | typeof ALL;
  applicationType: ApplicationType | typeof ALL;
  applicationNo: string;
  entityName: string;
}

export const EMPTY_APPLICATION_FILTER: ApplicationFilter = { status: ALL, applicationType: ALL, applicationNo: '', entityName: '' };

/**
 * Only the filters with a value ('All' is no filter). A status entry stands for its label: one
 * whose label other statuses share ('Pending SLDC approval': STOAApproved and SLDCApproverIApproved)
 * asks for all of them (`statuses`), any other for itself (`status`).
 */
export function appliedFilterQuery(filter: ApplicationFilter): Partial<AppliedApplicationsQuery> {
  const query: Partial<AppliedApplicationsQuery> = {};
  if (filter.status !== ALL) {
    const labelled = statusesLabelledAs(filter.status);
    if (labelled.length > 1) query.statuses = labelled;
    else query.status = filter.status;
  }
  if (filter.applicationType !== ALL) query.applicationType = filter.applicationType;
  const no = filter.applicationNo.trim();
  if (no) query.applicationNo = no;
  const name = filter.entityName.trim();
  if (name) query.entityName = name;
  return query;
}

export const applicationViewPath = (row: Pick<ApplicationRow, 'applicationType' | 'id'>) =>
  buildPath(WEB_ROUTES.oaApplicationForm.path, { applicationType: row.applicationType, id: row.id });
export const applicationNewPath = (type: ApplicationType) => buildPath(WEB_ROUTES.oaApplicationForm.path, { applicationType: type });

/** 'Apply' per application type (spec 001 §2: Advance, Day Ahead, FCFS, Contingency). */
function ApplyButtons() {
  const m = useApplicationsMessages();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {m.web.applyTitle}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {APPLICATION_TYPES.map((type) => (
            <Button key={type} variant="outlined" startIcon={<AddCircleOutline />} component={Link} to={applicationNewPath(type)}>
              {m.web.applyFor(m.typeLabels[type])}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The applicant's trader requests waiting for its decision (status PendingApplicantApproval). */
function PendingTraderRequests() {
  const t = useApplicationsMessages();
  const titleId = useId();
  const pending = useQuery(applicationKeys.applied({ pageNumber: 1, pageSize: 50, status: 'PendingApplicantApproval' }));
  if (pending.isPending || pending.isError || pending.data.applicationList.length === 0) return null;
  return (
    <Alert
      severity="warning"
      component="section"
      role="region"
      aria-labelledby={titleId}
      sx={{ mb: 2.5, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
        {t.web.pendingTitle} ({pending.data.dataCount})
      </Typography>
      <Typography variant="body2">{t.web.pendingHint}</Typography>
      <List dense disablePadding>
        {pending.data.applicationList.map((row) => (
          <ListItem key={row.id} disableGutters>
            <ListItemText
              primary={
                <MuiLink component={Link} to={applicationViewPath(row)}>
                  {row.applicationNo}
                </MuiLink>
              }
              secondary={`${t.typeLabels[row.applicationType]} · ${row.sellerName} → ${row.buyerName}${row.traderName ? ` · ${row.traderName}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

const periodOf = (row: ApplicationRow) =>
  row.fromDate === row.toDate ? formatDisplayDate(row.fromDate) : `${formatDisplayDate(row.fromDate)} – ${formatDisplayDate(row.toDate)}`;

/** On a phone: one card per application with the same fields. */
function usePhoneColumns(asTrader: boolean): Column<ApplicationRow>[] {
  const t = useApplicationsMessages();
  const w = t.web;
  return useMemo<Column<ApplicationRow>[]>(
    () => [
      {
        key: 'applicationNo',
        header: w.applicationNo,
        render: (row) => (
          <MuiLink component={Link} to={applicationViewPath(row)} aria-label={w.viewOf(row.applicationNo)}>
            {row.applicationNo}
          </MuiLink>
        ),
      },
      { key: 'applicationType', header: w.applicationType, render: (row) => t.typeLabels[row.applicationType] },
      { key: 'status', header: w.status, render: (row) => <ApplicationStatusChip status={row.status.status} wrap /> },
      { key: 'parties', header: `${w.seller} → ${w.buyer}`, render: (row) => `${row.sellerName} → ${row.buyerName}` },
      asTrader
        ? { key: 'applicant', header: w.applicant, render: (row) => row.applicantName }
        : { key: 'trader', header: w.trader, render: (row) => row.traderName ?? w.noTrader },
      { key: 'period', header: w.period, render: periodOf },
    ],
    [t, w, asTrader],
  );
}

function useColumns(asTrader: boolean): GridColDef<ApplicationRow>[] {
  const t = useApplicationsMessages();
  const w = t.web;
  return useMemo<GridColDef<ApplicationRow>[]>(
    () => [
      {
        field: 'applicationNo',
        headerName: w.applicationNo,
        minWidth: 190,
        flex: 1,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => (
          <MuiLink
            component={Link}
            to={applicationViewPath(row)}
            underline="hover"
            aria-label={w.viewOf(row.applicationNo)}
            sx={{ fontWeight: 500 }}
          >
            {row.applicationNo}
          </MuiLink>
        ),
      },
      {
        field: 'applicationType',
        headerName: w.applicationType,
        minWidth: 110,
        valueGetter: (_v, row) => t.typeLabels[row.applicationType],
      },
      {
        field: 'status',
        headerName: w.status,
        minWidth: 170,
        flex: 1,
        renderCell: ({ row }) => <ApplicationStatusChip status={row.status.status} wrap />,
      },
      { field: 'sellerName', headerName: w.seller, minWidth: 130, flex: 1 },
      { field: 'buyerName', headerName: w.buyer, minWidth: 130, flex: 1 },
      asTrader
        ? { field: 'applicantName', headerName: w.applicant, minWidth: 120, flex: 1 }
        : { field: 'traderName', headerName: w.trader, minWidth: 120, flex: 1, valueGetter: (_v, row) => row.traderName ?? w.noTrader },
      {
        field: 'period',
        headerName: w.period,
        minWidth: 120,
        // One date when the schedule lies on one day.
        valueGetter: (_v, row) => periodOf(row),
      },
      { field: 'submittedAt', headerName: w.submittedAt, minWidth: 130, valueGetter: (_v, row) => formatIstDateTime(row.submittedAt) },
    ],
    [t, w, asTrader],
  );
}

/**
 * `/applications/oa` (OABusinessUser, Trader; spec 001 §2): the caller's applications
 * (GetAppliedApplications, server-paged, with the status and type filters), Apply per type, and
 * for an applicant the trader requests waiting for its approval.
 */
export function ApplicationListPage() {
  const t = useApplicationsMessages();
  const user = useAuthUser();
  const asTrader = user?.role === 'Trader';
  const [search] = useSearchParams();
  // Opened from a dashboard figure: the list starts filtered to its status.
  const [initial] = useState(() => filterWithStatusFrom(search, STATUS_FILTER, EMPTY_APPLICATION_FILTER));
  const { applyFilter, list, page } = useFilteredServerList(
    initial,
    (applied: ApplicationFilter, paging) => applicationKeys.applied({ ...appliedFilterQuery(applied), ...paging }),
    (data) => data.applicationList,
  );
  const fields = useMemo<FilterField<ApplicationFilter>[]>(() => {
    const all = { value: ALL, label: t.web.all };
    return [
      {
        name: 'status',
        label: t.web.status,
        options: [all, ...STATUS_FILTER.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }))],
      },
      {
        name: 'applicationType',
        label: t.web.applicationType,
        options: [all, ...APPLICATION_TYPES.map((type) => ({ value: type, label: t.typeLabels[type] }))],
      },
      { name: 'applicationNo', label: t.web.applicationNo, maxLength: 50 },
      { name: 'entityName', label: `${t.web.seller} / ${t.web.buyer}`, maxLength: 200 },
    ];
  }, [t]);
  const columns = useColumns(asTrader);
  const phoneColumns = usePhoneColumns(asTrader);

  return (
    <ListPage
      title={t.web.listTitle}
      subtitle={asTrader ? t.web.traderListSubtitle : t.web.listSubtitle}
      filters={
        <>
          {!asTrader && <PendingTraderRequests />}
          <ApplyButtons />
          <FilterForm
            title={t.web.filterTitle}
            fields={fields}
            empty={EMPTY_APPLICATION_FILTER}
            initial={initial}
            fieldSize={{ xs: 12, sm: 6, md: 3 }}
            onApply={applyFilter}
          />
        </>
      }
      list={list}
    >
      <ServerGrid
        label={t.web.gridLabel}
        columns={columns}
        phoneColumns={phoneColumns}
        {...page}
        autoRowHeight
        empty={{ icon: AssignmentOutlined, text: t.web.noRows, hint: t.web.noRowsHint }}
      />
    </ListPage>
  );
}
