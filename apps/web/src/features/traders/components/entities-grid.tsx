import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { type EntityType, PAGE_SIZES } from '@stoa/shared';

import { formatDisplayDate } from '../../../lib/dates';
import { useTradersMessages } from '../i18n';

export interface ApplicantRow {
  id: string;
  entityType: EntityType;
  registrationNo: string | null;
  entityName: string;
  expiredOn: string | null;
  contactName: string;
  email: string;
  addedOn: string;
}

function NoApplicants() {
  const t = useTradersMessages();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <GroupsOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t.entitiesEmpty}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.entitiesEmptyHint}
        </Typography>
      </Box>
    </Box>
  );
}

/** The trader's approved applicants, paged on the server (10, 50, 100); long values wrap; scrolls sideways on phones. */
export function EntitiesGrid({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
}: {
  rows: ApplicantRow[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
}) {
  const t = useTradersMessages();
  const columns = useMemo<GridColDef<ApplicantRow>[]>(
    () => [
      { field: 'entityName', headerName: t.list.entityName, flex: 1.4, minWidth: 160 },
      { field: 'registrationNo', headerName: t.list.registrationNo, width: 172, valueGetter: (value: string | null) => value ?? '—' },
      { field: 'entityType', headerName: t.list.entityType, flex: 1, minWidth: 130, valueGetter: (value: EntityType) => t.entityTypeLabels[value] ?? value },
      { field: 'contactName', headerName: t.contactName, flex: 0.9, minWidth: 136 },
      { field: 'email', headerName: t.email, flex: 1.2, minWidth: 160, cellClassName: 'stoa-break-anywhere' },
      { field: 'expiredOn', headerName: t.list.expiredOn, width: 118, valueGetter: (value: string | null) => formatDisplayDate(value) || '—' },
      { field: 'addedOn', headerName: t.addedOn, width: 118, valueGetter: (value: string) => formatDisplayDate(value) },
    ],
    [t],
  );
  return (
    <DataGrid
      aria-label={t.gridLabel}
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...PAGE_SIZES]}
      autoHeight
      disableVirtualization
      disableColumnMenu
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      // Long names and e-mails wrap instead of being cut off.
      getRowHeight={() => 'auto'}
      slots={{ noRowsOverlay: NoApplicants }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '220px',
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-cell': { py: 1.25, lineHeight: 1.45, whiteSpace: 'normal', display: 'flex', alignItems: 'center' },
        '& .stoa-break-anywhere': { overflowWrap: 'anywhere' },
      }}
    />
  );
}
