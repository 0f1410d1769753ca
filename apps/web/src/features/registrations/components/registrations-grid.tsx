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

import { buildPath } from '@stoa/shared/common';
import type { EntityType } from '@stoa/shared/account';
import type { RegistrationRow } from '@stoa/shared/registrations';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import type { Column } from '../../../components/list-table';
import type { ServerPage } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { columnApplies, type EntityGridColumn, formatMw, gridColumnsFor, type TraderGridColumn } from '../format';
import { useRegistrationsMessages } from '../i18n';
import { StatusChip } from './status-chip';

export interface RegistrationsGridProps extends ServerPage<RegistrationRow> {
  label: string;
  /** Reviewers' lists mix entity types: show the Entity Type column. */
  showEntityType: boolean;
  /**
   * The entity types the list can hold: their columns of the entity grid (spec 001 §2, hidden by
   * entity type) and, with Trader, Issuing Authority and Trading Licence No.
   */
  entityTypes: readonly EntityType[];
  /** The owner may renew (Renew action on rows with canRenew). */
  canRenew: boolean;
  emptyText: string;
  emptyHint: string;
}

export const viewPath = (row: Pick<RegistrationRow, 'entityType' | 'id'>) =>
  buildPath(WEB_ROUTES.registrationView.path, { entityType: row.entityType, id: row.id });
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
        <Button
          size="small"
          variant="outlined"
          component={Link}
          to={renewPath(row)}
          startIcon={<Autorenew />}
          aria-label={t.web.renewOf(row.entityName)}
        >
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
      <MuiLink
        component={Link}
        to={viewPath(row)}
        underline="hover"
        tabIndex={-1}
        sx={{ color: 'inherit', fontWeight: 'inherit', overflowWrap: 'anywhere' }}
      >
        {row.entityName}
      </MuiLink>
      {row.isRenewal && <Chip size="small" variant="outlined" color="primary" label={t.web.renewalChip} />}
    </Box>
  );
}

type TypeColumn = EntityGridColumn | TraderGridColumn;

/** The text of a type-specific cell: N/A where the column does not apply to the row's type or has no value. */
function useTypeCell() {
  const t = useRegistrationsMessages();
  return useMemo(() => {
    const na = t.web.notApplicable;
    return (row: RegistrationRow, column: TypeColumn): string => {
      if (!columnApplies(row.entityType, column)) return na;
      const value = row[column];
      if (value === null || value === '') return na;
      if (typeof value === 'number') return formatMw(value);
      if (column === 'dateOfOpenAccessStart') return formatDisplayDate(value) || na;
      return value;
    };
  }, [t]);
}

/** Headers and widths of the type-specific columns. */
const TYPE_COLUMN_WIDTH: Record<TypeColumn, { flex: number; minWidth: number }> = {
  consumerNumber: { flex: 0.9, minWidth: 110 },
  dateOfOpenAccessStart: { flex: 0.9, minWidth: 110 },
  stoaInjectionQuantum: { flex: 0.8, minWidth: 100 },
  stoaDrawlQuantum: { flex: 0.8, minWidth: 100 },
  connectivity: { flex: 1.2, minWidth: 150 },
  transmissionZone: { flex: 0.8, minWidth: 100 },
  distributionZone: { flex: 0.8, minWidth: 100 },
  issuingAuthority: { flex: 0.7, minWidth: 100 },
  tradingLicenceNo: { flex: 1, minWidth: 150 },
};

/** The columns of the list on a phone: one card per registration with the same fields. */
function usePhoneColumns({
  showEntityType,
  entityTypes,
  canRenew,
}: Pick<RegistrationsGridProps, 'showEntityType' | 'entityTypes' | 'canRenew'>) {
  const t = useRegistrationsMessages();
  const cell = useTypeCell();
  return useMemo<Column<RegistrationRow>[]>(() => {
    const na = t.web.notApplicable;
    return [
      { key: 'entityName', header: t.list.entityName, render: (row) => <EntityName row={row} /> },
      { key: 'registrationNo', header: t.list.registrationNo, render: (row) => row.registrationNo ?? na },
      ...(showEntityType
        ? [{ key: 'entityType', header: t.list.entityType, render: (row: RegistrationRow) => t.entityTypeLabels[row.entityType] }]
        : []),
      ...gridColumnsFor(entityTypes).map((column) => ({
        key: column,
        header: t.list[column],
        render: (row: RegistrationRow) => cell(row, column),
      })),
      { key: 'updatedOn', header: t.list.updatedOn, render: (row) => formatIstDateTime(row.updatedOn) },
      { key: 'expiredOn', header: t.list.expiredOn, render: (row) => formatDisplayDate(row.expiredOn) || na },
      {
        key: 'status',
        header: t.list.status,
        render: (row) => <StatusChip status={row.status.status} description={row.status.statusDescription} />,
      },
      { key: 'actions', header: t.list.actions, hiddenHeader: true, render: (row) => <RowActions row={row} canRenew={canRenew} /> },
    ];
  }, [t, cell, showEntityType, entityTypes, canRenew]);
}

/**
 * A registrations list (spec 001 §2 registration list and entity grid, §3 registration row): paged
 * on the server (10, 50, 100), with View and, for the owner, Renew on the rows it may renew. The
 * entity grid's columns of the listed entity types; trader columns only where traders are listed.
 */
export function RegistrationsGrid({ label, showEntityType, entityTypes, canRenew, emptyText, emptyHint, ...page }: RegistrationsGridProps) {
  const t = useRegistrationsMessages();
  const cell = useTypeCell();
  const columns = useMemo<GridColDef<RegistrationRow>[]>(() => {
    const na = t.web.notApplicable;
    const list: GridColDef<RegistrationRow>[] = [
      {
        field: 'registrationNo',
        headerName: t.list.registrationNo,
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) =>
          row.registrationNo ?? (
            <Typography component="span" variant="body2" color="text.secondary">
              {na}
            </Typography>
          ),
      },
      {
        field: 'entityName',
        headerName: t.list.entityName,
        flex: 1.4,
        minWidth: 140,
        renderCell: ({ row }) => <EntityName row={row} />,
      },
    ];
    if (showEntityType)
      list.push({
        field: 'entityType',
        headerName: t.list.entityType,
        flex: 1,
        minWidth: 130,
        valueGetter: (_v, row) => t.entityTypeLabels[row.entityType],
      });
    for (const column of gridColumnsFor(entityTypes)) {
      list.push({ field: column, headerName: t.list[column], ...TYPE_COLUMN_WIDTH[column], valueGetter: (_v, row) => cell(row, column) });
    }
    list.push(
      {
        field: 'updatedOn',
        headerName: t.list.updatedOn,
        flex: 0.9,
        minWidth: 112,
        valueGetter: (_v, row) => formatIstDateTime(row.updatedOn),
      },
      {
        field: 'expiredOn',
        headerName: t.list.expiredOn,
        flex: 0.8,
        minWidth: 100,
        valueGetter: (_v, row) => formatDisplayDate(row.expiredOn) || na,
      },
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
  }, [t, cell, showEntityType, entityTypes, canRenew]);

  const phoneColumns = usePhoneColumns({ showEntityType, entityTypes, canRenew });

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
