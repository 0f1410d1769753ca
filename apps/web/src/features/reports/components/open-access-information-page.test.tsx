import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { OpenAccessInformation } from '@stoa/shared/reports';

import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/test-utils';

const none = { NoMargin: 0, SldcVerification: 0, ApproverI: 0, ApproverII: 0, Other: 0 };
const steps = (count: number): OpenAccessInformation['processingTimes']['steps'] => [
  { process: 'Application', status: 'Submitted', count, medianMinutes: count ? 300 : null, p90Minutes: count ? 1570 : null },
  { process: 'Registration', status: 'PendingDISCOMApproval', count: 0, medianMinutes: null, p90Minutes: null },
];
const INFO: OpenAccessInformation = {
  generatedAt: '2026-08-10T06:30:00.000Z',
  decisions: {
    months: [
      { month: '2026-08', approved: 3, partiallyApproved: 1, refused: 2, refusedBy: { ...none, NoMargin: 1, ApproverII: 1 } },
      { month: '2026-07', approved: 0, partiallyApproved: 0, refused: 0, refusedBy: none },
    ],
  },
  margins: {
    fromDate: '2026-08-10',
    toDate: '2026-08-16',
    elements: [
      {
        date: '2026-08-11',
        element: 'Anand 132 kV',
        minAvailable: '10.00',
        maxAvailable: '20.00',
        runs: [
          { fromBlock: 1, toBlock: 40, margin: '20.00', booked: '0.00', available: '20.00' },
          { fromBlock: 41, toBlock: 96, margin: '20.00', booked: '10.00', available: '10.00' },
        ],
      },
      {
        date: '2026-08-12',
        element: 'Vadodara 66 kV',
        minAvailable: '30.00',
        maxAvailable: '30.00',
        runs: [{ fromBlock: 1, toBlock: 96, margin: '30.00', booked: '0.00', available: '30.00' }],
      },
    ],
  },
  processingTimes: { fromDate: '2026-05-12', toDate: '2026-08-10', steps: steps(4) },
};
const EMPTY: OpenAccessInformation = {
  ...INFO,
  decisions: { months: [{ month: '2026-08', approved: 0, partiallyApproved: 0, refused: 0, refusedBy: none }] },
  margins: { ...INFO.margins, elements: [] },
  processingTimes: { ...INFO.processingTimes, steps: steps(0) },
};

describe('/open-access-information (public, decision 0085)', () => {
  beforeEach(() => {
    authStore.signOut();
    queryClient.clear();
  });

  it('shows the decisions, the margins and the processing times to a visitor who is not signed in', async () => {
    const api = mockFetch({ 'GET /api/OpenAccessInformation': () => ok(INFO) });
    renderApp('/open-access-information');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Access Information' }, { timeout: 5000 })).toBeInTheDocument();
    const decisions = await screen.findByRole('table', { name: 'Decisions on applications by month' }, { timeout: 5000 });
    const august = within(decisions).getByRole('row', { name: /August 2026/ });
    expect(
      within(august)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '2', '1', '0', '0', '1', '0']);
    const times = screen.getByRole('table', { name: 'Processing time of each workflow step over the last 90 days' });
    const verification = within(times).getByRole('row', { name: /STOA application/ });
    expect(
      within(verification)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['SLDC verification', '4', '5 h', '1 d 2 h']);
    expect(within(times).getByRole('row', { name: /DISCOM consent/ }).textContent).toContain('—');
    // The margin of the first date, its chart and the element table; another date is chosen from the list.
    expect(
      screen.getByRole('figure', { name: 'Margin, booked and available MW per block on Aug 11, 2026 at Anand 132 kV' }),
    ).toBeInTheDocument();
    const margins = screen.getByRole('table', { name: /Available margin per date and element/ });
    expect(within(margins).getByRole('row', { name: /Anand 132 kV/ }).textContent).toContain('10.00');
    await userEvent.click(screen.getByRole('combobox', { name: 'Date' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aug 12, 2026' }));
    expect(await screen.findByRole('figure', { name: /on Aug 12, 2026 at Vadodara 66 kV/ })).toBeInTheDocument();
    // The footer links to the page; the call carries no sign-in.
    expect(screen.getAllByRole('link', { name: 'Open Access Information' }).length).toBeGreaterThan(0);
    expect(api.calls('GET /api/OpenAccessInformation')[0]!.headers.get('Authorization')).toBeNull();
  });

  it('says so when a section has nothing to show', async () => {
    mockFetch({ 'GET /api/OpenAccessInformation': () => ok(EMPTY) });
    renderApp('/open-access-information');
    expect(await screen.findByText('No application has been decided in the last 12 months.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No margin has been published for Aug 10, 2026 to Aug 16, 2026 yet.')).toBeInTheDocument();
    expect(screen.getByText('No step has been completed in the last 90 days.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry when the figures cannot be loaded, and the figures after it', async () => {
    let calls = 0;
    mockFetch({ 'GET /api/OpenAccessInformation': () => (++calls === 1 ? fail(429, 'TOO_MANY_REQUESTS', 'Too many requests') : ok(INFO)) });
    renderApp('/open-access-information');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The open access information could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Decisions on applications by month' })).toBeInTheDocument();
  });

  it('is linked from the login page', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Open Access Information' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/open-access-information',
    );
  });
});
