import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { TranscoDiscomItem } from '@stoa/shared/users';
import type { UtilityType } from '@stoa/shared/account';

import { PageHeader } from '../../../components/page-header';
import { configurationQueries } from '../api/configuration-queries';
import { useConfigMessages } from '../i18n';
import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { RowActions } from './row-actions';
import { UtilityDialog } from './utility-dialog';

/** TRANSCO or DISCOM: the utilities of that type with their zones; add and edit. */
export function UtilitiesPage({ type }: { type: UtilityType }) {
  const t = useConfigMessages();
  const u = t.utilities;
  const list = useQuery(configurationQueries.utilities());
  const [dialog, setDialog] = useState<{ utility?: TranscoDiscomItem } | null>(null);
  const rows = (list.data?.transcoDiscomList ?? []).filter((x) => x.type === type).sort((a, b) => a.name.localeCompare(b.name));
  const columns: Column<TranscoDiscomItem>[] = [
    {
      key: 'name',
      header: u.name,
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {x.name}
        </Box>
      ),
      minWidth: 220,
    },
    { key: 'zone', header: u.zone, render: (x) => x.zone, minWidth: 120 },
    {
      key: 'actions',
      header: t.actions,
      hiddenHeader: true,
      align: 'right',
      render: (x) => <RowActions what={x.name} onEdit={() => setDialog({ utility: x })} />,
    },
  ];
  return (
    <Box>
      <PageHeader
        title={u.title(type)}
        subtitle={u.subtitle(type)}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
            {u.add(type)}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          {list.isPending ? (
            <ListLoading />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={u.none(type)} />
          ) : (
            <ListTable label={u.tableLabel(type)} columns={columns} rows={rows} rowKey={(x) => x.id} />
          )}
        </CardContent>
      </Card>
      {dialog && <UtilityDialog type={type} utility={dialog.utility} onClose={() => setDialog(null)} />}
    </Box>
  );
}
