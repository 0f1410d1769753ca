import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Profile } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { ProfileForm } from './profile-form';

const EDIT = 'POST /api/Account/EditProfile';

function renderProfile(profile: Profile) {
  authStore.loginSucceeded(buildAuthUser({ role: profile.role }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <ProfileForm profile={profile} />
    </QueryProvider>,
    '/profile',
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('profile form', () => {
  beforeEach(() => authStore.signOut());

  it('is read-only until Edit, which becomes Save; user name and entity stay read-only', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderProfile(buildProfile('OABusinessUser'));

    expect(field(/^first name/i)).toHaveAttribute('readonly');
    expect(field(/^date of registration/i)).toHaveValue('Jan 15, 2026');
    expect(field(/^date of incorporation/i)).toHaveValue('Apr 01, 2008');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(field(/^first name/i)).not.toHaveAttribute('readonly');
    expect(field(/^user name/i)).toHaveAttribute('readonly');
    expect(field(/^entity name/i)).toHaveAttribute('readonly');
    expect(field(/^entity type/i)).toHaveAttribute('readonly');
    expect(field(/^email/i)).toHaveAttribute('readonly');
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
  });

  it('lets only the Admin edit the e-mail; DISCOM users see the zone and no entity data', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const admin = renderProfile(
      buildProfile('Admin', { entityName: null, entityType: null, dateOfIncorporation: null, connectedTo: null }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field(/^email/i)).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: /^entity name/i })).not.toBeInTheDocument();
    admin.unmount();

    renderProfile(
      buildProfile('DISCOMBusinessUser', {
        entityName: null,
        entityType: null,
        connectedTo: 'DISCOM',
        zone: 'Central Zone',
        panCardNumber: null,
      }),
    );
    expect(field(/^zone/i)).toHaveValue('Central Zone');
    expect(screen.queryByRole('textbox', { name: /^entity name/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/connected to licence/i)).not.toBeInTheDocument();
  });

  it("validates with the role's rules and saves through EditProfile", async () => {
    const profile = buildProfile('OABusinessUser');
    const api = mockFetch({ [EDIT]: (request) => ok({ ...profile, ...(request.body as object) }) });
    const user = userEvent.setup();
    renderProfile(profile);
    await user.click(screen.getByRole('button', { name: 'Edit' }));

    await user.clear(field(/^contact number/i));
    await user.type(field(/^contact number/i), '98765');
    await user.clear(field(/^pan card number/i));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Should contain 10 character')).toBeInTheDocument();
    expect(screen.getByText('PAN No. is required')).toBeInTheDocument();
    expect(api.calls(EDIT)).toHaveLength(0);

    await user.type(field(/^contact number/i), '43210');
    await user.type(field(/^pan card number/i), 'aaacs1234k');
    await user.clear(field(/^first name/i));
    await user.type(field(/^first name/i), 'Ravindra');
    await user.click(screen.getByRole('radio', { name: /TRANSCO/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls(EDIT)).toHaveLength(1));
    expect(api.calls(EDIT)[0]!.body).toMatchObject({
      firstName: 'Ravindra',
      contactNumber: '9876543210',
      panCardNumber: 'AAACS1234K',
      connectedTo: 'TRANSCO',
      entityName: 'Sunrise Textiles Ltd',
      dateOfIncorporation: '2008-04-01',
    });
    expect(await screen.findByText('Your profile updated successfully !')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(authStore.getUser()?.firstName).toBe('Ravindra');
  });
});
