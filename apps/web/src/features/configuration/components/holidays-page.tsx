import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';

import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate } from '../../../lib/dates';
import { configurationQueries } from '../api/configuration-queries';
import { useDeleteHoliday } from '../api/use-configuration-mutations';
import { isFutureDate, todayIst } from '../format';
import { useConfigMessages } from '../i18n';
import { type Column, ListTable } from '../../../components/list-table';
import { DeleteConfirm } from './delete-confirm';
import { type Holiday, HolidayDialog } from './holiday-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { RowActions } from './row-actions';

/** Holidays of a year (year selector); add, and edit or delete those still ahead. */
export function HolidaysPage() {
  const t = useConfigMessages();
  const h = t.holidays;
  const today = useMemo(() => todayIst(), []);
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const years = useMemo(() => {
    const list = [thisYear - 2, thisYear - 1, thisYear, thisYear + 1, thisYear + 2];
    return list.includes(year) ? list : [...list, year].sort();
  }, [thisYear, year]);
  const list = useQuery({ ...configurationQueries.holidays(year), placeholderData: keepPreviousData });
  const remove = useDeleteHoliday();
  const [dialog, setDialog] = useState<{ holiday?: Holiday } | null>(null);
  const [toDelete, setToDelete] = useState<Holiday | null>(null);
  const rows = [...(list.data?.holidayList ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const columns: Column<Holiday>[] = [
    {
      key: 'date',
      header: h.date,
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
          {formatDisplayDate(x.date)}
        </Box>
      ),
      minWidth: 120,
    },
    { key: 'day', header: h.day, render: (x) => dayjs(x.date).format('dddd') },
    { key: 'description', header: h.description, render: (x) => x.description, minWidth: 200 },
    {
      key: 'status',
      header: t.state,
      render: (x) =>
        isFutureDate(x.date, today) ? (
          <Chip size="small" color="info" sx={{ bgcolor: 'info.dark', color: 'common.white' }} label={h.upcoming} />
        ) : (
          <Chip size="small" variant="outlined" label={h.past} />
        ),
    },
    {
      key: 'actions',
      header: t.actions,
      hiddenHeader: true,
      align: 'right',
      render: (x) =>
        isFutureDate(x.date, today) ? (
          <RowActions
            what={`${x.description} ${formatDisplayDate(x.date)}`}
            onEdit={() => setDialog({ holiday: x })}
            onDelete={() => setToDelete(x)}
          />
        ) : null,
    },
  ];
  return (
    <Box>
      <PageHeader
        title={h.title}
        subtitle={h.subtitle}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
            {h.add}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <TextField
            select
            label={h.year}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            sx={{ width: 160, mb: 2 }}
            size="small"
          >
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          {list.isPending ? (
            <ListLoading />
          ) : list.isError ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <ListEmpty text={h.none(year)} />
          ) : (
            <ListTable label={h.tableLabel(year)} columns={columns} rows={rows} rowKey={(x) => x.id} />
          )}
        </CardContent>
      </Card>
      {dialog && (
        <HolidayDialog
          holiday={dialog.holiday}
          onSaved={(saved) => setYear(Number(saved.date.slice(0, 4)))}
          onClose={() => setDialog(null)}
        />
      )}
      {toDelete && (
        <DeleteConfirm
          text={h.deleteConfirm(toDelete.description, formatDisplayDate(toDelete.date))}
          success={h.deleted}
          onDelete={() => remove.mutateAsync(toDelete.id)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Box>
  );
}
