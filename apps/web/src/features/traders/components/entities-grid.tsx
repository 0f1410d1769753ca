import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import type { EntityType } from '@stoa/shared/account';

import type { ServerPage } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
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

/** The trader's approved applicants, paged on the server (10, 50, 100); long values wrap; scrolls sideways on phones. */
export function EntitiesGrid(page: ServerPage<ApplicantRow>) {
  const t = useTradersMessages();
  const columns = useMemo<GridColDef<ApplicantRow>[]>(
    () => [
      { field: 'entityName', headerName: t.list.entityName, flex: 1.4, minWidth: 160 },
      { field: 'registrationNo', headerName: t.list.registrationNo, width: 172, valueGetter: (value: string | null) => value ?? '—' },
      {
        field: 'entityType',
        headerName: t.list.entityType,
        flex: 1,
        minWidth: 130,
        valueGetter: (value: EntityType) => t.entityTypeLabels[value] ?? value,
      },
      { field: 'contactName', headerName: t.contactName, flex: 0.9, minWidth: 136 },
      { field: 'email', headerName: t.email, flex: 1.2, minWidth: 160, cellClassName: 'stoa-break-anywhere' },
      {
        field: 'expiredOn',
        headerName: t.list.expiredOn,
        width: 118,
        valueGetter: (value: string | null) => formatDisplayDate(value) || '—',
      },
      { field: 'addedOn', headerName: t.addedOn, width: 118, valueGetter: (value: string) => formatDisplayDate(value) },
    ],
    [t],
  );
  return (
    <ServerGrid
      label={t.gridLabel}
      {...page}
      columns={columns}
      empty={{ icon: GroupsOutlined, text: t.entitiesEmpty, hint: t.entitiesEmptyHint }}
      // Long names and e-mails wrap instead of being cut off.
      autoRowHeight
      sx={{
        '& .MuiDataGrid-cell': { py: 1.25, lineHeight: 1.45, whiteSpace: 'normal', display: 'flex', alignItems: 'center' },
        '& .stoa-break-anywhere': { overflowWrap: 'anywhere' },
      }}
    />
  );
}
