import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from '@stoa/shared/applications';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { saveFile } from '../../../../lib/save-file';
import { APP_ID, buildApplicationDetail, buildOpenAccess, FEE } from '../oa/test-fixtures';
import { ApplicationSummary } from './application-summary';
import { openAccessFileName } from '../../api/download-open-access';
import { OpenAccessGrid } from './open-access-grid';
import { ApplicationStatusChip } from './status-chip';

vi.mock('../../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const OPEN_ACCESS = `GET /api/Application/GetOpenAccessDetails/${APP_ID}`;
const DOWNLOAD = `GET /api/Application/DownloadOpenAccessDetails/${APP_ID}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function render(ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser' }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>);
}

const granted = (mw: string, from: number, to: number) =>
  Array.from({ length: 96 }, (_, i) => (i + 1 >= from && i + 1 <= to ? mw : '0.00'));

describe('application common components', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.mocked(saveFile).mockClear();
  });

  it('labels every status as the specification does', () => {
    render(
      <>
        {APPLICATION_STATUSES.map((s) => (
          <ApplicationStatusChip key={s} status={s} />
        ))}
      </>,
    );
    for (const s of APPLICATION_STATUSES) expect(screen.getAllByText(APPLICATION_STATUS_LABELS[s]).length).toBeGreaterThan(0);
    expect(screen.getByText('Partially Approved (As per Margin Availability)')).toBeInTheDocument();
  });

  it('shows requested and granted MW per block of the chosen day, with the totals', async () => {
    mockFetch({
      [OPEN_ACCESS]: () =>
        ok(
          buildOpenAccess({
            status: 'STOAApproved',
            days: [
              {
                date: '2026-11-23',
                requested: granted('2.00', 1, 24),
                granted: granted('1.50', 1, 24),
                requestedMwh: '12.00',
                grantedMwh: '9.00',
              },
              {
                date: '2026-11-24',
                requested: granted('3.00', 96, 96),
                granted: granted('3.00', 96, 96),
                requestedMwh: '0.75',
                grantedMwh: '0.75',
              },
            ],
            requestedMwh: '12.75',
            grantedMwh: '9.75',
          }),
        ),
    });
    const ui = userEvent.setup();
    render(<OpenAccessGrid applicationId={APP_ID} />);
    const region = await screen.findByRole('region', { name: 'Open access per block' });
    expect(await within(region).findByText('12.75')).toBeInTheDocument();
    expect(within(region).getByText('9.75')).toBeInTheDocument();
    const table = within(region).getByRole('table');
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '00:00–00:15', '2.00', '1.50']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 96 + 1);
    await ui.click(within(region).getByRole('combobox', { name: 'Day' }));
    await ui.click(await screen.findByRole('option', { name: 'Nov 24, 2026' }));
    const last = within(within(region).getByRole('table')).getAllByRole('row')[96]!;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['96', '23:45–24:00', '3.00', '3.00']);
  });

  it('says when nothing is processed yet, and shows an error with a retry', async () => {
    let down = true;
    mockFetch({ [OPEN_ACCESS]: () => (down ? fail(404, 'NOT_FOUND', 'gone') : ok(buildOpenAccess())) });
    const ui = userEvent.setup();
    render(<OpenAccessGrid applicationId={APP_ID} />);
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    down = false;
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Not processed yet')).length).toBeGreaterThan(0);
  });

  it('downloads the open access details as an Excel workbook (DownloadOpenAccessDetails)', async () => {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const api = mockFetch({
      [OPEN_ACCESS]: () => ok(buildOpenAccess()),
      [DOWNLOAD]: async () => {
        await done;
        return {
          status: 200,
          body: 'PK-workbook',
          headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="open-access-STOA-DA-2026-000123.xlsx"' },
        };
      },
    });
    const ui = userEvent.setup();
    render(<OpenAccessGrid applicationId={APP_ID} />);
    const region = within(await screen.findByRole('region', { name: 'Open access per block' }));
    await ui.click(region.getByRole('button', { name: 'Download (Excel)' }));
    expect(await region.findByRole('button', { name: 'Downloading…' })).toBeDisabled();
    finish();
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('open-access-STOA-DA-2026-000123.xlsx');
    expect(blob.type).toBe(XLSX);
    expect(api.calls(DOWNLOAD)).toHaveLength(1);
    expect(api.calls(DOWNLOAD)[0]!.headers.get('Accept')).toBe('*/*');
    expect(await region.findByRole('button', { name: 'Download (Excel)' })).toBeEnabled();
  });

  it("shows the server's message when the workbook cannot be downloaded", async () => {
    mockFetch({ [OPEN_ACCESS]: () => ok(buildOpenAccess()), [DOWNLOAD]: () => fail(404, 'NOT_FOUND', 'The application was not found.') });
    const ui = userEvent.setup();
    render(<OpenAccessGrid applicationId={APP_ID} />);
    const region = within(await screen.findByRole('region', { name: 'Open access per block' }));
    await ui.click(region.getByRole('button', { name: 'Download (Excel)' }));
    expect(await region.findByRole('alert')).toHaveTextContent('The application was not found.');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('names the workbook after the application when the server gives no file name', () => {
    expect(openAccessFileName('STOA/DA/2026/000001')).toBe('open-access-STOA-DA-2026-000001.xlsx');
    expect(openAccessFileName(undefined)).toBe('open-access.xlsx');
  });

  it('summarises an application: parties, trader, schedule with MWh, fee and history', async () => {
    mockFetch({ 'GET /api/Application/GetApplicationFee': () => ok(FEE) });
    render(
      <ApplicationSummary
        application={buildApplicationDetail({
          trader: { id: 'c1', name: 'Volt Power Traders Pvt Ltd', registrationNo: 'REG/TR/2026/00001' },
        })}
      />,
    );
    expect(screen.getByText('Sunrise Textiles Ltd (REG/BE/2026/00001)')).toBeInTheDocument();
    expect(screen.getByText('Volt Power Traders Pvt Ltd (REG/TR/2026/00001)')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Schedule' })).toHaveTextContent('12.00');
    // The schedule scrolls sideways at 390 px: its box is a focusable, named region (axe 'scrollable-region-focusable').
    const scroller = screen.getByRole('region', { name: 'Schedule rows' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(screen.getByRole('table', { name: 'Schedule' }));
    expect(await screen.findByText('₹5,900.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Submitted')).toBeInTheDocument();
  });
});
