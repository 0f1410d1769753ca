import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { enRevisions } from '@stoa/shared/messages';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { OaRevisionsPage } from './oa-revisions-page';
import { SldcRevisionsPage } from './sldc-revisions-page';
import { APP_ID, buildCurrentSchedule, buildRevisionDetail, buildRevisionRow, REV_ID } from '../test-fixtures';

const REVISABLE = {
  applicationList: [
    {
      id: APP_ID,
      applicationNo: 'STOA/DA/2026/000101',
      applicationType: 'DayAhead',
      status: 'Approved',
      sellerName: 'Sunrise Solar Ltd',
      buyerName: 'Kaveri Textiles Ltd',
      fromDate: '2026-07-12',
      toDate: '2026-07-13',
    },
  ],
  dataCount: 1,
};

async function chooseTimes(ui: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await ui.click(screen.getByRole('combobox', { name: 'From Time' }));
  await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: from }));
  await ui.click(screen.getByRole('combobox', { name: 'To Time' }));
  await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: to }));
}

function render(element: React.ReactNode, role: 'OABusinessUser' | 'SLDCBusinessUser', path: string) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return renderWithProviders(
    <QueryProvider client={client}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/revision/:revisionId/:applicationId" element={<p>revision page</p>} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

describe('Revision (OA applicant)', () => {
  beforeEach(() => authStore.signOut());

  it('lists the caller’s revisions, paged on the server', async () => {
    const api = mockFetch({ 'GET /api/Revision/GetAppliedRevisions': () => ok({ revisionList: [buildRevisionRow()], dataCount: 1 }) });
    render(<OaRevisionsPage />, 'OABusinessUser', '/revision/oa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revision' })).toBeInTheDocument();
    expect(await screen.findByText('REV/2026/000007')).toBeInTheDocument();
    expect(screen.getByText('Pending SLDC approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View revision REV/2026/000007' })).toHaveAttribute('href', `/revision/${REV_ID}/${APP_ID}`);
    expect(Object.fromEntries(api.calls('GET /api/Revision/GetAppliedRevisions')[0]!.url.searchParams)).toEqual({
      pageNumber: '1',
      pageSize: '10',
    });
  });

  it('shows the empty state and the error state', async () => {
    mockFetch({ 'GET /api/Revision/GetAppliedRevisions': () => ok({ revisionList: [], dataCount: 0 }) });
    render(<OaRevisionsPage />, 'OABusinessUser', '/revision/oa');
    expect(await screen.findByText('No revisions yet.')).toBeInTheDocument();
  });

  it('New revision: picks an application, shows the current MW and the effective block, refuses an upward value, then requests', async () => {
    const api = mockFetch({
      'GET /api/Revision/GetAppliedRevisions': () => ok({ revisionList: [], dataCount: 0 }),
      'GET /api/Revision/GetRevisableApplications': () => ok(REVISABLE),
      [`GET /api/Revision/GetCurrentSchedule/${APP_ID}`]: () => ok(buildCurrentSchedule()),
      'POST /api/Revision/Request': () => ok(buildRevisionDetail({ status: 'Requested' })),
    });
    const ui = userEvent.setup();
    render(<OaRevisionsPage />, 'OABusinessUser', '/revision/oa');
    await ui.click(await screen.findByRole('button', { name: 'New revision' }));
    await ui.click(await screen.findByRole('combobox', { name: 'Application' }));
    await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: /STOA\/DA\/2026\/000101/ }));
    expect(await screen.findByText(/takes effect from 10:45 on Jul 10, 2026/)).toBeInTheDocument();
    const current = screen.getByRole('table', { name: 'Current schedule (granted)' });
    expect(within(current).getAllByRole('row')).toHaveLength(3);
    expect(within(current).getAllByText('10.00')).toHaveLength(2);

    const mw = screen.getByRole('textbox', { name: 'Revised (MW)' });
    await chooseTimes(ui, '10:00', '12:00');
    await ui.type(mw, '12');
    await ui.click(screen.getByRole('button', { name: 'Request revision' }));
    expect(await screen.findByText(enRevisions.rules.upward('12', '10', 'Jul 12, 2026', '10:00'))).toBeInTheDocument();
    expect(api.calls('POST /api/Revision/Request')).toHaveLength(0);

    await ui.clear(mw);
    await ui.type(mw, '6');
    await ui.click(screen.getByRole('button', { name: 'Request revision' }));
    await waitFor(() => expect(api.calls('POST /api/Revision/Request')).toHaveLength(1));
    expect(api.calls('POST /api/Revision/Request')[0]!.body).toEqual({
      applicationId: APP_ID,
      revisionList: [
        { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '12:00', revisedRequirement: '6' },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/revision/${REV_ID}/${APP_ID}`));
  });

  it('shows the server’s field errors on the fields', async () => {
    mockFetch({
      'GET /api/Revision/GetAppliedRevisions': () => ok({ revisionList: [], dataCount: 0 }),
      'GET /api/Revision/GetRevisableApplications': () => ok(REVISABLE),
      [`GET /api/Revision/GetCurrentSchedule/${APP_ID}`]: () => ok(buildCurrentSchedule()),
      'POST /api/Revision/Request': () =>
        fail(400, 'VALIDATION_FAILED', 'Validation failed', [
          { fieldName: 'revisionList.0.fromTimeBlock', errorMessages: ['From time must not be earlier than 11:00 on Jul 12, 2026.'] },
        ]),
    });
    const ui = userEvent.setup();
    render(<OaRevisionsPage />, 'OABusinessUser', '/revision/oa');
    await ui.click(await screen.findByRole('button', { name: 'New revision' }));
    await ui.click(await screen.findByRole('combobox', { name: 'Application' }));
    await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: /STOA\/DA\/2026\/000101/ }));
    await ui.type(await screen.findByRole('textbox', { name: 'Revised (MW)' }), '5');
    await chooseTimes(ui, '10:00', '12:00');
    await ui.click(screen.getByRole('button', { name: 'Request revision' }));
    expect(await screen.findByText('From time must not be earlier than 11:00 on Jul 12, 2026.')).toBeInTheDocument();
  });

  it('says when no application can be revised', async () => {
    mockFetch({
      'GET /api/Revision/GetAppliedRevisions': () => ok({ revisionList: [], dataCount: 0 }),
      'GET /api/Revision/GetRevisableApplications': () => ok({ applicationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    render(<OaRevisionsPage />, 'OABusinessUser', '/revision/oa');
    await ui.click(await screen.findByRole('button', { name: 'New revision' }));
    expect(await screen.findByText('You have no approved application whose schedule can still be revised.')).toBeInTheDocument();
  });
});

describe('Requested Revisions (SLDC)', () => {
  beforeEach(() => authStore.signOut());

  it('lists the requested revisions and sends the filters from page 1', async () => {
    const api = mockFetch({ 'GET /api/Revision/GetAll': () => ok({ revisionList: [buildRevisionRow()], dataCount: 1 }) });
    const ui = userEvent.setup();
    render(<SldcRevisionsPage />, 'SLDCBusinessUser', '/revision/sldc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Requested Revisions' })).toBeInTheDocument();
    expect(await screen.findByText('REV/2026/000007')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Pending SLDC approval' }));
    await ui.type(screen.getByRole('textbox', { name: 'Application No.' }), '000101');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Revision/GetAll').length).toBeGreaterThan(1));
    expect(Object.fromEntries(api.calls('GET /api/Revision/GetAll').at(-1)!.url.searchParams)).toEqual({
      status: 'Requested',
      applicationNo: '000101',
      pageNumber: '1',
      pageSize: '10',
    });
  });

  it('shows the error state with a retry', async () => {
    mockFetch({ 'GET /api/Revision/GetAll': () => fail(500, 'INTERNAL', 'boom') });
    render(<SldcRevisionsPage />, 'SLDCBusinessUser', '/revision/sldc');
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
