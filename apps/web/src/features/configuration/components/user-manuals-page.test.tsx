import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { z } from 'zod';

import type { manualSchema } from '@stoa/shared/configuration';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { FakeXhr } from '../../../testing/fake-xhr';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { UserManualsPage } from './user-manuals-page';

type Manual = z.infer<typeof manualSchema>;

const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const LONG = 'STOA portal user manual for OA applicants with both injecting and drawee entities v2.pdf';

function manuals(both: Partial<Manual> = {}): Manual[] {
  return [
    {
      target: 'Admin',
      label: 'Admin',
      fileId: '00000000-0000-4000-8000-0000000000f0',
      fileName: 'admin-guide.pdf',
      updatedAt: '2026-02-10T04:30:00.000Z',
    },
    {
      target: 'BothEntity',
      label: 'OA Applicant: Both Injecting and Drawee Entity',
      fileId: null,
      fileName: null,
      updatedAt: null,
      ...both,
    },
    { target: 'Trader', label: 'Trader', fileId: null, fileName: null, updatedAt: null },
  ];
}

const pdf = (name = 'manual.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <UserManualsPage />
    </QueryProvider>,
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('user manuals page', () => {
  beforeEach(() => authStore.signOut());

  it('lists every target with its current file (shortened) and when it changed', async () => {
    mockFetch({
      'GET /api/Configuration/UserManual/GetAll': () =>
        ok({ manualList: manuals({ fileId: FILE_ID, fileName: LONG, updatedAt: '2026-03-01T10:00:00.000Z' }) }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'User manuals by role and entity type' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const both = rowOf('OA Applicant: Both Injecting and Drawee Entity');
    expect(within(both).getByText('STOA portal user manual for OA applicant....pdf')).toHaveAttribute('title', LONG);
    expect(within(both).getByText('Mar 01, 2026 3:30 PM')).toBeInTheDocument();
    expect(
      within(both).getByRole('button', { name: 'Replace the manual for OA Applicant: Both Injecting and Drawee Entity' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Trader')).getByText('Not uploaded yet')).toBeInTheDocument();
    expect(within(rowOf('Trader')).getByRole('button', { name: 'Upload the manual for Trader' })).toBeInTheDocument();
  });

  it('uploads a PDF with progress, saves it for the target and shows the new file', async () => {
    let saved = false;
    let release!: () => void;
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    const api = mockFetch({
      'GET /api/Configuration/UserManual/GetAll': () =>
        ok({
          manualList: saved ? manuals({ fileId: FILE_ID, fileName: 'oa-both.pdf', updatedAt: '2026-03-01T10:00:00.000Z' }) : manuals(),
        }),
      'POST /api/File/Upload': async () => {
        await uploaded;
        return ok({ id: FILE_ID, fileName: 'oa-both.pdf', kind: 'pdf', size: 15 });
      },
      'POST /api/Configuration/UserManual/Save': (request) => {
        saved = true;
        return ok({
          ...(request.body as object),
          label: 'OA Applicant: Both Injecting and Drawee Entity',
          fileName: 'oa-both.pdf',
          updatedAt: '2026-03-01T10:00:00.000Z',
        });
      },
    });
    const ui = userEvent.setup();
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Upload the manual for OA Applicant: Both Injecting and Drawee Entity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload User Manual' });
    expect(within(dialog).getByText('OA Applicant: Both Injecting and Drawee Entity')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await ui.upload(within(dialog).getByLabelText('Choose PDF'), pdf('oa-both.pdf'));
    expect(within(dialog).getByText('oa-both.pdf')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(within(dialog).getByText('50% uploaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    release();

    expect(await screen.findByText('User manual saved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [uploadRequest] = api.calls('POST /api/File/Upload');
    expect(uploadRequest!.url.searchParams.get('formName')).toBe('UserManual');
    expect(uploadRequest!.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect((uploadRequest!.form!.get('uploadedFile') as File).name).toBe('oa-both.pdf');
    expect(api.calls('POST /api/Configuration/UserManual/Save')[0]!.body).toEqual({ target: 'BothEntity', fileId: FILE_ID });
    expect(await within(rowOf('OA Applicant: Both Injecting and Drawee Entity')).findByText('oa-both.pdf')).toBeInTheDocument();
  });

  it("refuses another kind of file before sending, and shows the server's refusal or 'Unable to upload the file.'", async () => {
    const answers = [
      fail(400, 'INVALID_FILE', 'Invalid file.', [{ fieldName: 'uploadedFile', errorMessages: ['Invalid file. Please upload pdf file'] }]),
      fail(500, 'INTERNAL', 'Unable to upload the file.'),
    ];
    const api = mockFetch({
      'GET /api/Configuration/UserManual/GetAll': () => ok({ manualList: manuals() }),
      'POST /api/File/Upload': (_request, index) => answers[index]!,
    });
    const ui = userEvent.setup({ applyAccept: false });
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Upload the manual for Trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload User Manual' });

    await ui.upload(within(dialog).getByLabelText('Choose PDF'), new File(['x'], 'manual.docx'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid file. Please upload pdf file');
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(api.calls('POST /api/File/Upload')).toHaveLength(0);

    // A file named .pdf whose content is not a PDF: the server says why.
    await ui.upload(within(dialog).getByLabelText('Choose another PDF'), pdf('renamed.pdf'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid file. Please upload pdf file');

    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Unable to upload the file.'));
    expect(api.calls('POST /api/Configuration/UserManual/Save')).toHaveLength(0);
  });
});
