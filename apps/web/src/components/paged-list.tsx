import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import { keepPreviousData, type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';

import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@stoa/shared/common';

import { useMessages } from '../lib/i18n';
import { ListEmpty, ListError, ListLoading } from './list-states';
import { type Column, ListTable } from './list-table';

/** The page shown (from 0) and the rows per page (10, 50 or 100); the shape of DataGrid's paginationModel. */
export interface PageModel {
  page: number;
  pageSize: number;
}

/** A page of rows from the server, and the paging the list's page owns (what a server-paged grid takes). */
export interface ServerPage<R> {
  rows: R[];
  /** All rows on the server (the pager's count). */
  rowCount: number;
  loading: boolean;
  paginationModel: PageModel;
  onPaginationModelChange: (model: PageModel) => void;
}

/**
 * The query of a list paged on the server (first page, 10 rows at first), with its paging: the page
 * shown stays while the next one loads. `options` makes the query of a page (pageNumber from 1,
 * spec 001 §9); `rowsOf` picks the rows out of its response.
 */
export function useServerList<D extends { dataCount: number }, R, K extends QueryKey>(
  options: (page: { pageNumber: number; pageSize: number }) => UseQueryOptions<D, Error, D, K>,
  rowsOf: (data: D) => R[],
) {
  const [paging, setPaging] = useState<PageModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const list = useQuery({ ...options({ pageNumber: paging.page + 1, pageSize: paging.pageSize }), placeholderData: keepPreviousData });
  const page: ServerPage<R> = {
    rows: list.data ? rowsOf(list.data) : [],
    rowCount: list.data?.dataCount ?? 0,
    loading: list.isFetching,
    paginationModel: paging,
    onPaginationModelChange: setPaging,
  };
  /** Back to the first page (a new filter). */
  const toFirstPage = useCallback(() => setPaging((model) => ({ ...model, page: 0 })), []);
  return { list, page, setPaging, toFirstPage };
}

/**
 * A server-paged list with a filter card: the filter applied (`empty` at first), and `applyFilter`,
 * which applies a new one from the first page. `options` makes the query of the filter and a page.
 */
export function useFilteredServerList<F, D extends { dataCount: number }, R, K extends QueryKey>(
  empty: F,
  options: (filter: F, page: { pageNumber: number; pageSize: number }) => UseQueryOptions<D, Error, D, K>,
  rowsOf: (data: D) => R[],
) {
  const [filter, setFilter] = useState<F>(empty);
  const { list, page, toFirstPage } = useServerList((paging) => options(filter, paging), rowsOf);
  const applyFilter = useCallback(
    (next: F) => {
      setFilter(next);
      toFirstPage();
    },
    [toFirstPage],
  );
  return { filter, applyFilter, list, page };
}

/**
 * The pager under a list: page sizes 10, 50 and 100; a new page size goes back to the first page.
 * `flush` lines the pager up with content in a card and lets it wrap on a narrow screen.
 */
export function ListPager({
  count,
  model,
  onChange,
  flush = false,
}: {
  count: number;
  model: PageModel;
  onChange: (model: PageModel) => void;
  flush?: boolean;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={model.page}
      onPageChange={(_event, page) => onChange({ ...model, page })}
      rowsPerPage={model.pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onRowsPerPageChange={(event) => onChange({ page: 0, pageSize: Number(event.target.value) })}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        mt: 1,
        ...(flush ? { '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } } : {}),
      }}
    />
  );
}

/** What a paged list needs of its query (a TanStack Query result). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
}

/**
 * A fetch failure above a server-paged grid: 'unable to fetch' with a retry; the grid stays while
 * it has rows to show and goes when it has none.
 */
export function ServerListState({ query, children }: { query: ListQuery; children: ReactNode }) {
  return (
    <>
      {query.isError && (
        <Box sx={{ mb: 2 }}>
          <ListError onRetry={() => void query.refetch()} />
        </Box>
      )}
      {!(query.isError && !query.data) && children}
    </>
  );
}

export interface PagedListProps<T> {
  query: ListQuery;
  page: ServerPage<T>;
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  /** Placeholder rows while the first page loads. */
  loadingRows?: number;
  flushPager?: boolean;
}

/**
 * A list paged on the server with its states: loading, 'unable to fetch' with a retry (above the
 * rows still shown when a later page fails), empty, or the rows (cards on a phone) and the pager.
 * Above a table of more than three columns, the column chooser (status and actions stay pinned).
 */
export function PagedList<T>({ query, page, label, columns, rowKey, emptyText, loadingRows, flushPager }: PagedListProps<T>) {
  const m = useMessages();
  const retry = <ListError onRetry={() => void query.refetch()} />;
  if (query.isPending) return <ListLoading rows={loadingRows} />;
  if (query.isError && !query.data) return retry;
  return (
    <>
      {query.isError && retry}
      {page.rowCount === 0 ? (
        <ListEmpty text={emptyText} />
      ) : (
        <>
          <ListTable
            label={label}
            columns={columns}
            rows={page.rows}
            rowKey={rowKey}
            stackOnPhone
            columnChooser={columns.length > 3 ? m.common.columns : undefined}
          />
          <ListPager count={page.rowCount} model={page.paginationModel} onChange={page.onPaginationModelChange} flush={flushPager} />
        </>
      )}
    </>
  );
}
