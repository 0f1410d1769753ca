import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { RevisionPage } from './revision-page';
import { APP_ID, buildRevisionDetail, REV_ID } from '../test-fixtures';

const DETAIL = `GET /api/Revision/Get/${REV_ID}/${APP_ID}`;
const CUR_ID = '00000000-0000-4000-8000-0000000000c1';

function renderPage(role: 'OABusinessUser' | 'SLDCBusinessUser') {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return renderWithProviders(
    <QueryProvider client={client}>
      <Routes>
        <Route path="/revision/:revisionId/:applicationId" element={<RevisionPage />} />
      </Routes>
    </QueryProvider>,
    `/revision/${REV_ID}/${APP_ID}`,
  );
}

describe('Revision page', () => {
  beforeEach(() => authStore.signOut());

  it('shows the revision, its charge figures, the version history and the difference of its version', async () => {
    mockFetch({ [DETAIL]: () => ok(buildRevisionDetail()) });
    renderPage('OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revision REV/2026/000007' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Workflow Actions' })).not.toBeInTheDocument();
    expect(screen.getByText('Charges released on')).toBeInTheDocument();
    expect(screen.getAllByText('8.00 MWh')).toHaveLength(2);
    const versions = screen.getByRole('table', { name: 'Version history of the schedule' });
    expect(within(versions).getAllByRole('row')).toHaveLength(3);
    const diff = screen.getByRole('table', { name: 'Difference between v0 and v1' });
    const cells = within(diff).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual(['Jul 13, 2026', '10:00 – 12:00', '10.00', '6.00', '-4.00']);
  });

  it('shows what made each version: as approved, a curtailment by the SLDC (linked) and the revision (linked)', async () => {
    const base = buildRevisionDetail();
    const curtailed = {
      ...base.versions[1]!,
      versionNo: 1,
      source: 'Curtailment' as const,
      revisionId: null,
      revisionNo: null,
      curtailmentId: CUR_ID,
      curtailmentNo: 'CUR/2026/000003',
      totalMwh: '76.00',
    };
    const revised = { ...base.versions[1]!, versionNo: 2 };
    mockFetch({ [DETAIL]: () => ok(buildRevisionDetail({ scheduleVersion: 2, versions: [base.versions[0]!, curtailed, revised] })) });
    renderPage('OABusinessUser');
    const versions = await screen.findByRole('table', { name: 'Version history of the schedule' });
    const rows = within(versions).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[1]!.textContent)).toEqual([
      'As approved',
      'Curtailment CUR/2026/000003',
      'Revision REV/2026/000007',
    ]);
    expect(within(versions).getByRole('link', { name: 'Curtailment CUR/2026/000003' })).toHaveAttribute('href', `/curtailment/${CUR_ID}`);
    expect(within(versions).getByRole('link', { name: 'Revision REV/2026/000007' })).toHaveAttribute(
      'href',
      `/revision/${REV_ID}/${APP_ID}`,
    );
    // This revision's version (v2) is compared with the curtailment's (v1) by default.
    expect(screen.getByRole('heading', { name: 'Difference between v1 and v2' })).toBeInTheDocument();
  });

  it('compares any two versions', async () => {
    mockFetch({ [DETAIL]: () => ok(buildRevisionDetail()) });
    const ui = userEvent.setup();
    renderPage('OABusinessUser');
    await screen.findByRole('table', { name: 'Difference between v0 and v1' });
    await ui.click(screen.getByRole('combobox', { name: 'Compare version' }));
    await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'v1' }));
    expect(await screen.findByText('The two versions are the same.')).toBeInTheDocument();
  });

  it('lets the SLDC approve a requested revision with the version it saw and shows the proposed schedule', async () => {
    const requested = buildRevisionDetail({
      status: 'Requested',
      statusDescription: 'Pending SLDC approval',
      version: 1,
      versions: buildRevisionDetail().versions.slice(0, 1),
      proposed: buildRevisionDetail().versions[1]!.days,
      allowedActions: ['Approve', 'Reject'],
    });
    const api = mockFetch({
      [DETAIL]: (_r, i) => ok(i === 0 ? requested : buildRevisionDetail()),
      [`POST /api/Revision/Approve/${REV_ID}`]: () => ok(buildRevisionDetail()),
    });
    const ui = userEvent.setup();
    renderPage('SLDCBusinessUser');
    expect(await screen.findByRole('table', { name: 'Difference between v0 and v1 (proposed)' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByRole('textbox', { name: 'Remarks' }), 'Fine');
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls(`POST /api/Revision/Approve/${REV_ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/Revision/Approve/${REV_ID}`)[0]!.body).toEqual({ version: 1, remarks: 'Fine' });
  });

  it('requires remarks to reject and shows a conflict', async () => {
    const requested = buildRevisionDetail({
      status: 'Requested',
      version: 1,
      allowedActions: ['Approve', 'Reject'],
      proposed: buildRevisionDetail().versions[1]!.days,
    });
    const api = mockFetch({
      [DETAIL]: () => ok(requested),
      [`POST /api/Revision/Reject/${REV_ID}`]: () =>
        fail(409, 'CONFLICT', 'This revision has changed since you opened it. Reload to see its current status.'),
    });
    const ui = userEvent.setup();
    renderPage('SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Remarks are required to reject a revision.')).toBeInTheDocument();
    expect(api.calls(`POST /api/Revision/Reject/${REV_ID}`)).toHaveLength(0);
    await ui.type(within(dialog).getByRole('textbox', { name: 'Remarks' }), 'No');
    await ui.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/This revision has changed since you opened it/)).toBeInTheDocument();
  });

  it('says when the revision is not found', async () => {
    mockFetch({ [DETAIL]: () => fail(404, 'NOT_FOUND', 'The requested revision was not found.') });
    renderPage('OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'The requested revision was not found.' })).toBeInTheDocument();
  });
});
