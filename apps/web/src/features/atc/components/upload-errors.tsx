import TablePagination from '@mui/material/TablePagination';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

import { type AtcRowError, PAGE_SIZES } from '@stoa/shared';

import { type Column, ListTable } from '../../../components/list-table';
import { useAtcMessages } from '../i18n';

/** The errors of a checked file (row, column, message), paged in the browser. */
export function UploadErrors({ errors }: { errors: AtcRowError[] }) {
  const u = useAtcMessages().upload;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const rows = errors.slice(page * pageSize, (page + 1) * pageSize);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns: Column<AtcRowError>[] = phone
    ? // On a phone each error is a card titled by where it is.
      [
        { key: 'where', header: u.errorRow, render: (e) => u.errorPlace(e.row, e.column) },
        { key: 'message', header: u.errorMessage, render: (e) => e.message },
      ]
    : [
        { key: 'row', header: u.errorRow, render: (e) => e.row, width: '12%' },
        { key: 'column', header: u.errorColumn, render: (e) => e.column, width: '20%' },
        { key: 'message', header: u.errorMessage, render: (e) => e.message },
      ];
  return (
    <>
      <ListTable label={u.errorsLabel} columns={columns} rows={rows} rowKey={(e) => `${e.row}|${e.column}|${e.message}`} stackOnPhone />
      {errors.length > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={errors.length}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          sx={{ borderTop: 1, borderColor: 'divider', mt: 1, '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
        />
      )}
    </>
  );
}
