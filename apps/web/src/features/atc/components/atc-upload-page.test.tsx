import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { AtcPreview, AtcUploadRow } from '@stoa/shared/atc';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { FakeXhr } from '../../../testing/fake-xhr';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { AtcUploadPage } from './atc-upload-page';

const FILE_ID = '00000000-0000-4000-8000-0000000000a1';
const csv = (name = 'margins.csv') => new File(['Date,Element\n'], name, { type: 'text/csv' });

const INVALID: AtcPreview = {
  fileName: 'margins.csv',
  rowCount: 3,
  elementCount: 2,
  dateCount: 1,
  dateFrom: '2026-11-21',
  dateTo: '2026-11-21',
  isValid: false,
  errors: [
    { row: 2, column: 'Date', message: "'31/02/2026' is not a valid date. Use DD/MM/YYYY or YYYY-MM-DD (years 2000–2099)." },
    { row: 4, column: '00:15', message: 'Margin cannot be negative.' },
  ],
  errorCount: 2,
  newElements: [],
  newElementCount: 0,
};
const VALID: AtcPreview = { ...INVALID, isValid: true, errors: [], errorCount: 0, dateTo: '2026-11-22', dateCount: 2 };

const HISTORY: AtcUploadRow = {
  id: '00000000-0000-4000-8000-0000000000b1',
  mode: 'IntraState',
  fileId: '00000000-0000-4000-8000-0000000000b2',
  fileName: 'november-margins.xlsx',
  rowCount: 4650,
  elementCount: 150,
  dateFrom: '2026-11-01',
  dateTo: '2026-11-30',
  insertedCount: 4650,
  replacedCount: 0,
  uploadedBy: 'Sima Desai',
  uploadedOn: '2026-10-31T06:30:00.000Z',
};

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <AtcUploadPage mode="IntraState" />
    </QueryProvider>,
  );
}

describe('ATC uploads page', () => {
  beforeEach(() => authStore.signOut());

  it('sends the file, shows every error of the check with its row and column, and keeps Upload disabled', async () => {
    const api = mockFetch({
      'GET /api/Atc/GetUploads/IntraState': () => ok({ uploadList: [HISTORY], dataCount: 1 }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'margins.csv', kind: 'csv', size: 13 }),
      'POST /api/Atc/ValidateUpload/IntraState': () => ok(INVALID),
    });
    const ui = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Intra-State ATC Uploads' })).toBeInTheDocument();
    expect(screen.getByText(/Older Excel files \(\.xls, \.xlsb\) cannot be read/)).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();

    await ui.upload(screen.getByLabelText('Choose file'), csv());
    await ui.click(screen.getByRole('button', { name: 'Validate' }));

    const preview = await screen.findByRole('region', { name: 'Check result' });
    expect(within(preview).getByText(/2 errors found/)).toBeInTheDocument();
    const table = within(preview).getByRole('table', { name: 'Errors in the file' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['2', 'Date', "'31/02/2026' is not a valid date. Use DD/MM/YYYY or YYYY-MM-DD (years 2000–2099)."],
      ['4', '00:15', 'Margin cannot be negative.'],
    ]);
    expect(upload).toBeDisabled();

    const [sent] = api.calls('POST /api/File/Upload');
    expect(sent!.url.searchParams.get('formName')).toBe('Atc');
    expect(sent!.url.searchParams.get('allowed')).toBe('xlsx,csv');
    expect(api.calls('POST /api/Atc/ValidateUpload/IntraState')[0]!.body).toEqual({ fileId: FILE_ID });
    expect(api.calls('POST /api/Atc/Upload/IntraState')).toHaveLength(0);
  });

  it('after a clean check, saves the file and refreshes the history', async () => {
    let saved = false;
    const api = mockFetch({
      'GET /api/Atc/GetUploads/IntraState': () => ok({ uploadList: saved ? [HISTORY] : [], dataCount: saved ? 1 : 0 }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'margins.csv', kind: 'csv', size: 13 }),
      'POST /api/Atc/ValidateUpload/IntraState': () => ok(VALID),
      'POST /api/Atc/Upload/IntraState': () => {
        saved = true;
        return ok({
          uploadId: HISTORY.id,
          rowCount: 3,
          insertedCount: 2,
          replacedCount: 1,
          elementCount: 2,
          dateFrom: '2026-11-21',
          dateTo: '2026-11-22',
        });
      },
    });
    const ui = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No files have been uploaded yet.')).toBeInTheDocument();
    await ui.upload(screen.getByLabelText('Choose file'), csv());
    await ui.click(screen.getByRole('button', { name: 'Validate' }));
    const preview = await screen.findByRole('region', { name: 'Check result' });
    expect(within(preview).getByText('The file is valid. Nothing has been saved yet.')).toBeInTheDocument();
    expect(within(preview).getByText('Nov 21, 2026 to Nov 22, 2026 (2)')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Margins saved: 3 rows (2 new, 1 replaced).')).toBeInTheDocument();
    expect(api.calls('POST /api/Atc/Upload/IntraState')[0]!.body).toEqual({ fileId: FILE_ID });
    expect(screen.queryByRole('checkbox', { name: /new element/ })).not.toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Upload history' });
    expect(within(history).getByRole('button', { name: 'Download november-margins.xlsx' })).toBeInTheDocument();
    expect(within(history).getByText('Sima Desai')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Check result' })).not.toBeInTheDocument());
  });

  it('names the elements the portal does not know and uploads only once the SLDC confirms they are new', async () => {
    const api = mockFetch({
      'GET /api/Atc/GetUploads/IntraState': () => ok({ uploadList: [], dataCount: 0 }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'margins.csv', kind: 'csv', size: 13 }),
      'POST /api/Atc/ValidateUpload/IntraState': () => ok({ ...VALID, newElements: ['Bhachu 220 kV'], newElementCount: 1 }),
      'POST /api/Atc/Upload/IntraState': () =>
        ok({
          uploadId: HISTORY.id,
          rowCount: 3,
          insertedCount: 3,
          replacedCount: 0,
          elementCount: 2,
          dateFrom: '2026-11-21',
          dateTo: '2026-11-22',
        }),
    });
    const ui = userEvent.setup();
    renderPage();
    await ui.upload(screen.getByLabelText('Choose file'), csv());
    await ui.click(screen.getByRole('button', { name: 'Validate' }));
    const preview = await screen.findByRole('region', { name: 'Check result' });
    const list = within(preview).getByRole('list', { name: 'The portal does not know this element yet:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bhachu 220 kV']);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await ui.click(within(preview).getByRole('checkbox', { name: 'This is a new element of the network' }));
    expect(upload).toBeEnabled();
    await ui.click(upload);
    expect(await screen.findByText('Margins saved: 3 rows (3 new, 0 replaced).')).toBeInTheDocument();
    expect(api.calls('POST /api/Atc/Upload/IntraState')[0]!.body).toEqual({ fileId: FILE_ID, confirmNewElements: true });
  });

  it('refuses other kinds before sending, and shows the server refusal', async () => {
    const api = mockFetch({
      'GET /api/Atc/GetUploads/IntraState': () => ok({ uploadList: [], dataCount: 0 }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'margins.xlsx', kind: 'excel', size: 13 }),
      'POST /api/Atc/ValidateUpload/IntraState': () =>
        fail(400, 'INVALID_FILE', 'The file could not be read.', [
          {
            fieldName: 'fileId',
            errorMessages: ['The file could not be read. Save it as an Excel workbook (.xlsx) or a CSV file (UTF-8) and upload it again.'],
          },
        ]),
    });
    const ui = userEvent.setup({ applyAccept: false });
    renderPage();
    await ui.upload(screen.getByLabelText('Choose file'), new File(['x'], 'margins.xls'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file. Please upload xlsx, csv file');
    await ui.click(screen.getByRole('button', { name: 'Validate' }));
    expect(api.calls('POST /api/File/Upload')).toHaveLength(0);

    await ui.upload(screen.getByLabelText('Choose another file'), new File(['PK'], 'margins.xlsx'));
    await ui.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be read/);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});
