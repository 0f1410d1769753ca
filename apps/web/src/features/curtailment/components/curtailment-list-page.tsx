import Add from '@mui/icons-material/Add';
import ContentCutOutlined from '@mui/icons-material/ContentCutOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { buildPath } from '@stoa/shared/common';
import { CURTAILMENT_MAKER_ROLES, type CurtailmentRow } from '@stoa/shared/curtailment';
import { LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type CurtailmentFilter, curtailmentQueries, EMPTY_FILTER, filterQuery } from '../api/curtailment-queries';
import { formatRefund } from '../format';
import { useCurtailmentMessages } from '../i18n';
import { CurtailmentFilters } from './curtailment-filters';
import { NewCurtailmentDialog } from './new-curtailment-dialog';

export const curtailmentPath = (id: string) => buildPath(WEB_ROUTES.curtailmentView.path, { curtailmentId: id });

/**
 * `/curtailment` (spec 001 §2 'Applied Curtailments'): the SLDC roles see every curtailment, an OA
 * applicant or trader those that cut its applications (its share of the energy and refund); the SLDC
 * business user makes a new one from here.
 */
export function CurtailmentListPage() {
  const t = useCurtailmentMessages();
  const w = t.web;
  const user = useAuthUser();
  const navigate = useNavigate();
  const role: Role = user?.role ?? 'OABusinessUser';
  const sldc = (LOAD_CENTRE_ROLES as readonly Role[]).includes(role);
  const maker = (CURTAILMENT_MAKER_ROLES as readonly Role[]).includes(role);
  const [creating, setCreating] = useState(false);
  const { applyFilter, list, page } = useFilteredServerList(
    EMPTY_FILTER,
    (applied: CurtailmentFilter, paging) => curtailmentQueries.list({ ...filterQuery(applied), ...paging }),
    (data) => data.curtailmentList,
  );
  const columns = useMemo<GridColDef<CurtailmentRow>[]>(
    () => [
      {
        field: 'curtailmentNo',
        headerName: t.fields.curtailmentNo,
        minWidth: 160,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => (
          <MuiLink component={Link} to={curtailmentPath(row.id)} underline="hover" tabIndex={-1} sx={{ fontWeight: 600 }}>
            {row.curtailmentNo}
          </MuiLink>
        ),
      },
      {
        field: 'curtailmentDate',
        headerName: t.fields.curtailmentDate,
        minWidth: 115,
        valueGetter: (_v, row) => formatDisplayDate(row.curtailmentDate),
      },
      { field: 'blocks', headerName: w.timeRange, minWidth: 105, valueGetter: (_v, row) => `${row.fromTimeBlock}–${row.toTimeBlock}` },
      { field: 'element', headerName: t.fields.element, minWidth: 160, flex: 1.2 },
      { field: 'curtailedMwh', headerName: w.curtailedMwh, minWidth: 140, align: 'right', headerAlign: 'right' },
      {
        field: 'refundAmount',
        headerName: w.refund,
        minWidth: 115,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => formatRefund(row.refundAmount),
      },
      { field: 'cause', headerName: t.fields.cause, minWidth: 150, valueGetter: (_v, row) => t.causeLabels[row.cause] },
      {
        field: 'basis',
        headerName: t.fields.basis,
        minWidth: 140,
        valueGetter: (_v, row) => `${row.basis === 'Reduction' ? '−' : '≤'} ${row.quantum} MW`,
      },
      { field: 'applicationCount', headerName: w.applications, minWidth: 110, type: 'number' },
      { field: 'createdOn', headerName: w.createdOn, minWidth: 170, valueGetter: (_v, row) => formatIstDateTime(row.createdOn) },
      {
        field: 'actions',
        headerName: w.actions,
        minWidth: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            component={Link}
            to={curtailmentPath(row.id)}
            startIcon={<VisibilityOutlined />}
            aria-label={w.viewOf(row.curtailmentNo)}
          >
            {w.view}
          </Button>
        ),
      },
    ],
    [t, w],
  );

  const newButton = maker ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
      {w.newCurtailment}
    </Button>
  ) : null;

  return (
    <>
      <ListPage
        title={t.title}
        subtitle={sldc ? w.sldcSubtitle : w.applicantSubtitle}
        actions={newButton}
        filters={<CurtailmentFilters onApply={applyFilter} />}
        list={list}
      >
        <ServerGrid
          label={w.gridLabel}
          {...page}
          columns={columns}
          empty={{ icon: ContentCutOutlined, text: w.empty, hint: sldc ? w.emptyHint : w.applicantEmptyHint }}
          phoneColumns={[
            { key: 'no', header: t.fields.curtailmentNo, render: (row) => <Link to={curtailmentPath(row.id)}>{row.curtailmentNo}</Link> },
            {
              key: 'date',
              header: t.fields.curtailmentDate,
              render: (row) => `${formatDisplayDate(row.curtailmentDate)} ${row.fromTimeBlock}–${row.toTimeBlock}`,
            },
            { key: 'element', header: t.fields.element, render: (row) => row.element },
            { key: 'mwh', header: w.curtailedMwh, render: (row) => row.curtailedMwh },
            { key: 'refund', header: w.refund, render: (row) => formatRefund(row.refundAmount) },
          ]}
        />
      </ListPage>
      {creating && (
        <NewCurtailmentDialog
          onClose={() => setCreating(false)}
          onCreated={(detail) => {
            setCreating(false);
            notify.success(t.created(detail.curtailmentNo, detail.itemList.length));
            void navigate(curtailmentPath(detail.id));
          }}
        />
      )}
    </>
  );
}
