import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';

import { type Column, ListTable } from './list-table';
import { PagedList } from './paged-list';
import { NOWRAP_CELL, pinColumns, ServerGrid } from './server-grid';

interface Row {
  id: string;
  applicationNo: string;
  seller: string;
  status: string;
  actions: string;
}

const ROWS: Row[] = [{ id: '1', applicationNo: 'STOA/DA/2026/000123', seller: 'Sunrise Solar Ltd', status: 'Approved', actions: 'View' }];

const COLUMNS: GridColDef<Row>[] = [
  { field: 'status', headerName: 'Status', minWidth: 150 },
  { field: 'applicationNo', headerName: 'Application No.', minWidth: 190, cellClassName: NOWRAP_CELL },
  { field: 'actions', headerName: 'Actions', width: 100 },
  { field: 'seller', headerName: 'Seller', minWidth: 400, flex: 1 },
];

function grid(props: Partial<Parameters<typeof ServerGrid<Row>>[0]> = {}) {
  return render(
    <ServerGrid<Row>
      label="Applications"
      rows={ROWS}
      rowCount={1}
      loading={false}
      columns={COLUMNS}
      paginationModel={{ page: 0, pageSize: 10 }}
      onPaginationModelChange={() => undefined}
      empty={{ icon: AssignmentOutlined, text: 'None', hint: 'None yet' }}
      {...props}
    />,
  );
}

describe('pinColumns (issue 11 item 16)', () => {
  it('puts Status and Actions last at a fixed width, stuck to the right edge, never hideable', () => {
    const { columns, sx } = pinColumns(COLUMNS, ['status', 'actions']);
    expect(columns.map((c) => c.field)).toEqual(['applicationNo', 'seller', 'status', 'actions']);
    const [status, actions] = columns.slice(2);
    expect(status).toMatchObject({ width: 150, hideable: false, flex: undefined });
    expect(actions).toMatchObject({ width: 100, hideable: false });
    expect(status!.cellClassName).toContain('stoa-pinned-0');
    expect(actions!.cellClassName).toContain('stoa-pinned-1');
    // Status sticks left of Actions (100 px), Actions at the edge.
    expect(sx).toEqual({ '& .stoa-pinned-0': { right: '100px' }, '& .stoa-pinned-1': { right: '0px' } });
  });

  it('leaves the columns alone when none is pinned', () => {
    expect(pinColumns(COLUMNS, []).columns).toBe(COLUMNS);
  });
});

describe('ServerGrid (issue 11 item 16)', () => {
  it('shows Status and Actions as the last headers, pinned (sticky) cells, and identifiers that never wrap', () => {
    grid();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Application No.', 'Seller', 'Status', 'Actions']);
    const status = screen.getByRole('columnheader', { name: 'Status' });
    expect(status).toHaveClass('stoa-pinned');
    expect(screen.getByRole('gridcell', { name: 'Approved' })).toHaveClass('stoa-pinned');
    expect(screen.getByRole('gridcell', { name: 'View' })).toHaveClass('stoa-pinned');
    expect(screen.getByRole('gridcell', { name: 'STOA/DA/2026/000123' })).toHaveClass(NOWRAP_CELL);
  });

  it('has a column chooser that hides a column but not the pinned Status and Actions', async () => {
    const ui = userEvent.setup();
    grid();
    await ui.click(screen.getByRole('button', { name: 'Columns' }));
    const seller = await screen.findByRole('checkbox', { name: 'Seller' });
    expect(screen.getByRole('checkbox', { name: 'Status' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Actions' })).toBeDisabled();
    await ui.click(seller);
    expect(screen.queryByRole('columnheader', { name: 'Seller' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  });
});

describe('ListTable (issue 11 item 16)', () => {
  const columns: Column<Row>[] = [
    { key: 'status', header: 'Status', render: (r) => r.status },
    { key: 'actions', header: 'Actions', render: (r) => r.actions },
    { key: 'applicationNo', header: 'Application No.', render: (r) => r.applicationNo },
    { key: 'seller', header: 'Seller', render: (r) => r.seller },
  ];

  it('keeps Status and Actions last and sticky, and its column chooser hides the other columns only', async () => {
    const ui = userEvent.setup();
    render(<ListTable label="Jobs" columns={columns} rows={ROWS} rowKey={(r) => r.id} columnChooser="Columns" />);
    const table = screen.getByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Application No.', 'Seller', 'Status', 'Actions']);
    expect(getComputedStyle(within(table).getByRole('columnheader', { name: 'Actions' })).position).toBe('sticky');
    expect(getComputedStyle(within(table).getByRole('cell', { name: 'Approved' })).position).toBe('sticky');
    await ui.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitemcheckbox').map((i) => i.textContent)).toEqual(['Application No.', 'Seller']);
    await ui.click(menu.getByRole('menuitemcheckbox', { name: 'Seller' }));
    expect(within(table).queryByRole('columnheader', { name: 'Seller' })).not.toBeInTheDocument();
  });
});

describe('PagedList (issue 11 item 16: every list)', () => {
  const page = (rows: Row[]) => ({
    rows,
    rowCount: rows.length,
    loading: false,
    paginationModel: { page: 0, pageSize: 10 },
    onPaginationModelChange: () => undefined,
  });
  const query = { isPending: false, isError: false, data: {}, refetch: () => undefined };
  const list = (columns: Column<Row>[]) =>
    render(<PagedList label="Payments" query={query} page={page(ROWS)} columns={columns} rowKey={(r) => r.id} emptyText="None" />);
  const base: Column<Row>[] = [
    { key: 'applicationNo', header: 'Application No.', render: (r) => r.applicationNo },
    { key: 'seller', header: 'Seller', render: (r) => r.seller },
    { key: 'status', header: 'Status', render: (r) => r.status },
  ];

  it('offers the column chooser above a table of more than three columns, with Status and Actions pinned', async () => {
    const ui = userEvent.setup();
    list([...base, { key: 'actions', header: 'Actions', render: (r) => r.actions }]);
    await ui.click(screen.getByRole('button', { name: 'Columns' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitemcheckbox')
        .map((i) => i.textContent),
    ).toEqual(['Application No.', 'Seller']);
  });

  it('shows no chooser for a table of three columns', () => {
    list(base);
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
  });
});
