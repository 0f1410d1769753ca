import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/test-utils';

const signIn = (role: Role) => authStore.loginSucceeded(buildAuthUser({ role, entityType: null }));

function appApi(role: Role) {
  return mockFetch({
    'GET /api/Account/GetProfile': () => ok(buildProfile(role, { entityType: null })),
    'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
    'GET /api/Notification/NotificationResult': () => ok([]),
    'GET /api/Atc/GetUploads/IntraState': () => ok({ uploadList: [], dataCount: 0 }),
    'GET /api/Atc/GetUploads/InterState': () => ok({ uploadList: [], dataCount: 0 }),
    'GET /api/Atc/GetMargins/IntraState': () => ok({ marginList: [], dataCount: 0 }),
    'GET /api/Atc/GetMargins/InterState': () => ok({ marginList: [], dataCount: 0 }),
  });
}

describe('ATC routes (spec 001 §2: SLDC Business User only)', () => {
  beforeEach(() => authStore.signOut());

  it('opens the four pages through the route table', async () => {
    const cases: [string, string][] = [
      ['/intra-state-stoa/upload', 'Intra-State ATC Uploads'],
      ['/intra-state-stoa/view-edit', 'Intra-State ATC View/Edit'],
      ['/inter-state-stoa/upload', 'Inter-State ATC Uploads'],
      ['/inter-state-stoa/view-edit', 'Inter-State ATC View/Edit'],
    ];
    for (const [path, title] of cases) {
      signIn('SLDCBusinessUser');
      appApi('SLDCBusinessUser');
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the empty state with a way to the uploads', async () => {
    signIn('SLDCBusinessUser');
    appApi('SLDCBusinessUser');
    renderApp('/inter-state-stoa/view-edit');
    const text = await screen.findByText(/^No margins have been uploaded for /, {}, { timeout: 8000 });
    expect(within(text.parentElement!).getByRole('link', { name: 'Go to Uploads' })).toHaveAttribute('href', '/inter-state-stoa/upload');
  });

  it('keeps the pages from the approvers', async () => {
    signIn('SLDCApproverI');
    appApi('SLDCApproverI');
    renderApp('/intra-state-stoa/upload');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'), { timeout: 8000 });
  });
});
