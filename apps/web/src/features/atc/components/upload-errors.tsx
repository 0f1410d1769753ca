import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

import type { AtcRowError } from '@stoa/shared/atc';
import { PAGE_SIZES } from '@stoa/shared/common';

import { type Column, ListTable } from '../../../components/list-table';
import { ListPager, type PageModel } from '../../../components/paged-list';
import { useAtcMessages } from '../i18n';

/** The errors of a checked file (row, column, message), paged in the browser. */
export function UploadErrors({ errors }: { errors: AtcRowError[] }) {
  const u = useAtcMessages().upload;
  const [paging, setPaging] = useState<PageModel>({ page: 0, pageSize: PAGE_SIZES[0] });
  const { page, pageSize } = paging;
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
      {errors.length > PAGE_SIZES[0] && <ListPager count={errors.length} model={paging} onChange={setPaging} flush />}
    </>
  );
}
