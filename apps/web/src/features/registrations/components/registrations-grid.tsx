import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Autorenew from '@mui/icons-material/Autorenew';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link } from 'react-router';

import { buildPath, type RegistrationRow, WEB_ROUTES } from '@stoa/shared';

import type { Column } from '../../../components/list-table';
import type { ServerPage } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { useRegistrationsMessages } from '../i18n';
import { StatusChip } from './status-chip';

export interface RegistrationsGridProps extends ServerPage<RegistrationRow> {
  label: string;
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

/** The columns of the list on a phone: one card per registration with the same fields. */
function usePhoneColumns({ showEntityType, showTraderColumns, canRenew }: Pick<RegistrationsGridProps, 'showEntityType' | 'showTraderColumns' | 'canRenew'>) {
  const t = useRegistrationsMessages();
  return useMemo<Column<RegistrationRow>[]>(() => {
    const na = t.web.notApplicable;
    return [
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
  }, [t, showEntityType, showTraderColumns, canRenew]);
}

/**
 * A registrations list (spec 001 §3 registration row): paged on the server (10, 50, 100), with
 * View and, for the owner, Renew on the rows it may renew. Trader columns only where traders are listed.
 */
export function RegistrationsGrid({ label, showEntityType, showTraderColumns, canRenew, emptyText, emptyHint, ...page }: RegistrationsGridProps) {
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

  const phoneColumns = usePhoneColumns({ showEntityType, showTraderColumns, canRenew });

  return (
    <ServerGrid
      label={label}
      {...page}
      columns={columns}
      phoneColumns={phoneColumns}
      empty={{ icon: AssignmentOutlined, text: emptyText, hint: emptyHint }}
      autoRowHeight
      columnHeaderHeight={64}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        // Headers and cells wrap instead of being cut: the rows grow (auto height).
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.3 },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
      }}
    />
  );
}
