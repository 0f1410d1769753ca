import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Autorenew from '@mui/icons-material/Autorenew';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link } from 'react-router';

import { buildPath, PAGE_SIZES, type RegistrationRow, WEB_ROUTES } from '@stoa/shared';

import { type Column, ListTable } from '../../../components/list-table';
import { ListLoading } from '../../../components/list-states';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useRegistrationsMessages } from '../i18n';
import { StatusChip } from './status-chip';

export interface RegistrationsGridProps {
  label: string;
  rows: RegistrationRow[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Reviewers' lists mix entity types: show the Entity Type column. */
  showEntityType: boolean;
  /** Issuing Authority and Trading Licence No. (Trader registrations only). */
  showTraderColumns: boolean;
  /** The owner may renew (Renew action on rows with canRenew). */
  canRenew: boolean;
  emptyText: string;
  emptyHint: string;
}

export const viewPath = (row: Pick<RegistrationRow, 'entityType' | 'id'>) => buildPath(WEB_ROUTES.registrationView.path, { entityType: row.entityType, id: row.id });
export const renewPath = (row: Pick<RegistrationRow, 'entityType' | 'id'>) =>
  buildPath(WEB_ROUTES.registrationRenew.path, { entityType: row.entityType, previousId: row.id });

function NoRows({ text, hint }: { text: string; hint: string }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <AssignmentOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{text}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
    </Box>
  );
}

function RowActions({ row, canRenew }: { row: RegistrationRow; canRenew: boolean }) {
  const t = useRegistrationsMessages();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      <Button size="small" component={Link} to={viewPath(row)} startIcon={<VisibilityOutlined />} aria-label={t.web.viewOf(row.entityName)}>
        {t.list.view}
      </Button>
      {canRenew && row.canRenew && (
        <Button size="small" variant="outlined" component={Link} to={renewPath(row)} startIcon={<Autorenew />} aria-label={t.web.renewOf(row.entityName)}>
          {t.list.renew}
        </Button>
      )}
    </Box>
  );
}

/** The entity's name, a link to the record (so a wide list still opens from its second column). */
function EntityName({ row }: { row: RegistrationRow }) {
  const t = useRegistrationsMessages();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, minWidth: 0, maxWidth: '100%' }}>
      <MuiLink component={Link} to={viewPath(row)} underline="hover" tabIndex={-1} sx={{ color: 'inherit', fontWeight: 'inherit', overflowWrap: 'anywhere' }}>
        {row.entityName}
      </MuiLink>
      {row.isRenewal && <Chip size="small" variant="outlined" color="primary" label={t.web.renewalChip} />}
    </Box>
  );
}

/** The list on a phone: one card per registration with the same fields, and a pager under it. */
function PhoneList(props: RegistrationsGridProps) {
  const { label, rows, rowCount, loading, paginationModel, onPaginationModelChange, showEntityType, showTraderColumns, canRenew, emptyText, emptyHint } = props;
  const t = useRegistrationsMessages();
  const na = t.web.notApplicable;
  const columns: Column<RegistrationRow>[] = [
    { key: 'entityName', header: t.list.entityName, render: (row) => <EntityName row={row} /> },
    { key: 'registrationNo', header: t.list.registrationNo, render: (row) => row.registrationNo ?? na },
    ...(showEntityType ? [{ key: 'entityType', header: t.list.entityType, render: (row: RegistrationRow) => t.entityTypeLabels[row.entityType] }] : []),
    ...(showTraderColumns
      ? [
          { key: 'issuingAuthority', header: t.list.issuingAuthority, render: (row: RegistrationRow) => row.issuingAuthority ?? na },
          { key: 'tradingLicenceNo', header: t.list.tradingLicenceNo, render: (row: RegistrationRow) => row.tradingLicenceNo ?? na },
        ]
      : []),
    { key: 'updatedOn', header: t.list.updatedOn, render: (row) => formatIstDateTime(row.updatedOn) },
    { key: 'expiredOn', header: t.list.expiredOn, render: (row) => formatDisplayDate(row.expiredOn) || na },
    { key: 'status', header: t.list.status, render: (row) => <StatusChip status={row.status.status} description={row.status.statusDescription} /> },
    { key: 'actions', header: t.list.actions, hiddenHeader: true, render: (row) => <RowActions row={row} canRenew={canRenew} /> },
  ];
  let body;
  if (loading && rows.length === 0) body = <ListLoading rows={3} />;
  else if (rows.length === 0) body = <NoRows text={emptyText} hint={emptyHint} />;
  else body = <ListTable label={label} columns={columns} rows={rows} rowKey={(row) => row.id} stackOnPhone />;
  return (
    <Box component="section" aria-label={label} aria-busy={loading} sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', px: 2, pt: 1.5 }}>
      <Box sx={{ height: 4, mb: 1 }}>{loading && rows.length > 0 && <LinearProgress aria-hidden="true" />}</Box>
      {body}
      <TablePagination
        component="div"
        count={rowCount}
        page={paginationModel.page}
        rowsPerPage={paginationModel.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => onPaginationModelChange({ ...paginationModel, page })}
        onRowsPerPageChange={(event) => onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })}
        sx={{ borderTop: 1, borderColor: 'divider', mt: 1, '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Box>
  );
}

/**
 * A registrations list (spec 001 §3 registration row): paged on the server (10, 50, 100), with
 * View and, for the owner, Renew on the rows it may renew. Trader columns only where traders are listed.
 */
export function RegistrationsGrid(props: RegistrationsGridProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <PhoneList {...props} /> : <DesktopGrid {...props} />;
}

function DesktopGrid({
  label,
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  showEntityType,
  showTraderColumns,
  canRenew,
  emptyText,
  emptyHint,
}: RegistrationsGridProps) {
  const t = useRegistrationsMessages();
  const columns = useMemo<GridColDef<RegistrationRow>[]>(() => {
    const na = t.web.notApplicable;
    const list: GridColDef<RegistrationRow>[] = [
      {
        field: 'registrationNo',
        headerName: t.list.registrationNo,
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => row.registrationNo ?? <Typography component="span" variant="body2" color="text.secondary">{na}</Typography>,
      },
      {
        field: 'entityName',
        headerName: t.list.entityName,
        flex: 1.4,
        minWidth: 140,
        renderCell: ({ row }) => <EntityName row={row} />,
      },
    ];
    if (showEntityType) list.push({ field: 'entityType', headerName: t.list.entityType, flex: 1, minWidth: 130, valueGetter: (_v, row) => t.entityTypeLabels[row.entityType] });
    if (showTraderColumns) {
      list.push(
        { field: 'issuingAuthority', headerName: t.list.issuingAuthority, flex: 0.7, minWidth: 100, valueGetter: (_v, row) => row.issuingAuthority ?? na },
        { field: 'tradingLicenceNo', headerName: t.list.tradingLicenceNo, flex: 1, minWidth: 150, valueGetter: (_v, row) => row.tradingLicenceNo ?? na },
      );
    }
    list.push(
      { field: 'updatedOn', headerName: t.list.updatedOn, flex: 0.9, minWidth: 112, valueGetter: (_v, row) => formatIstDateTime(row.updatedOn) },
      { field: 'expiredOn', headerName: t.list.expiredOn, flex: 0.8, minWidth: 100, valueGetter: (_v, row) => formatDisplayDate(row.expiredOn) || na },
      {
        field: 'status',
        headerName: t.list.status,
        flex: 1.2,
        minWidth: 150,
        renderCell: ({ row }) => <StatusChip status={row.status.status} description={row.status.statusDescription} wrap />,
      },
      {
        field: 'actions',
        headerName: t.list.actions,
        // View and Renew side by side when there is room, one above the other when not.
        minWidth: canRenew ? 120 : 95,
        flex: canRenew ? 0.9 : 0.5,
        renderCell: ({ row }) => <RowActions row={row} canRenew={canRenew} />,
      },
    );
    return list;
  }, [t, showEntityType, showTraderColumns, canRenew]);

  // One overlay component per text, not a new component type on every render.
  const noRowsOverlay = useMemo(
    () =>
      function NoRegistrations() {
        return <NoRows text={emptyText} hint={emptyHint} />;
      },
    [emptyText, emptyHint],
  );

  return (
    <DataGrid
      aria-label={label}
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...PAGE_SIZES]}
      autoHeight
      getRowHeight={() => 'auto'}
      columnHeaderHeight={64}
      disableVirtualization
      disableColumnMenu
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      slots={{ noRowsOverlay }}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '220px',
        // Headers and cells wrap instead of being cut: the rows grow (auto height).
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.3 },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
        '& .MuiDataGrid-cell:focus-within:not(:focus)': { outline: 'none' },
      }}
    />
  );
}
