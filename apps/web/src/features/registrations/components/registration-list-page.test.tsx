import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { EntityType, Role } from '@stoa/shared/account';
import { REGISTRATION_STATUS_LABELS } from '@stoa/shared/registrations';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { buildRow } from '../test-fixtures';
import { RegistrationListPage } from './registration-list-page';

const query = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

function renderList(kind: 'registrations' | 'renewals', role: Role, entityType: EntityType | null = null, search = '') {
  authStore.loginSucceeded(buildAuthUser({ role, entityType }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <RegistrationListPage kind={kind} />
    </QueryProvider>,
    (kind === 'renewals' ? '/registrations/renew' : '/registrations') + search,
  );
}

describe('registrations list', () => {
  beforeEach(() => authStore.signOut());

  it("shows an OA applicant's registrations without the trader columns, View only, and no New Registration while one is in progress", async () => {
    const row = buildRow({
      status: { status: 'PendingDISCOMApproval', statusDescription: 'Pending DISCOM approval' },
      registrationNo: null,
      expiredOn: null,
    });
    const api = mockFetch({ 'GET /api/Registration/GetBothEntityRegistrations': () => ok({ registrationList: [row], dataCount: 1 }) });
    renderList('registrations', 'OABusinessUser', 'BothEntity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrations' })).toBeInTheDocument();
    expect(await screen.findByText('Sunrise Textiles Ltd')).toBeInTheDocument();
    // The entity grid of a Both entity: no consumer number and no zones (spec 001 §2).
    expect(headers()).toEqual([
      'Registration No.',
      'Entity Name',
      'Date of Open Access Start',
      'STOA Injection Quantum (MW)',
      'STOA Drawal Quantum (MW)',
      'Connectivity',
      'Updated On',
      'Valid Upto',
      'Status',
      'Actions',
    ]);
    expect(screen.getByText('8.5')).toBeInTheDocument();
    expect(screen.getByText('Anand 132 kV (132 kV); Vadodara 66 kV (66 kV)')).toBeInTheDocument();
    expect(screen.getByText('Pending DISCOM approval')).toBeInTheDocument();
    expect(screen.getByText('Mar 04, 2026 2:45 PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Sunrise Textiles Ltd' })).toHaveAttribute(
      'href',
      `/registrations/view/BothEntity/${row.id}`,
    );
    expect(screen.queryByRole('link', { name: /^Renew/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(query(api.calls('GET /api/Registration/GetBothEntityRegistrations')[0]!)).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('offers New Registration for the entity type of the profile when nothing is in progress or approved', async () => {
    mockFetch({
      'GET /api/Registration/GetBothEntityRegistrations': () =>
        ok({
          registrationList: [buildRow({ status: { status: 'SLDCRejected', statusDescription: 'SLDCRejected' }, registrationNo: null })],
          dataCount: 1,
        }),
    });
    renderList('registrations', 'OABusinessUser', 'BothEntity');
    expect(await screen.findByRole('link', { name: 'New Registration' })).toHaveAttribute('href', '/registrations/new/BothEntity');
  });

  it("shows a trader's registrations with Issuing Authority and Trading Licence No., and Renew on the rows it may renew", async () => {
    const renewable = buildRow({
      entityType: 'Trader',
      entityName: 'Bharat Power',
      issuingAuthority: 'CERC',
      tradingLicenceNo: 'CERC/TL/12',
      canRenew: true,
      status: { status: 'Expired', statusDescription: 'Expired' },
    });
    const api = mockFetch({ 'GET /api/Registration/GetTraderRegistrations': () => ok({ registrationList: [renewable], dataCount: 1 }) });
    renderList('registrations', 'Trader', null);
    expect(await screen.findByText('Bharat Power')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Registration No.',
      'Entity Name',
      'Issuing Authority',
      'Trading Licence No.',
      'Updated On',
      'Valid Upto',
      'Status',
      'Actions',
    ]);
    expect(screen.getByText('CERC/TL/12')).toBeInTheDocument();
    expect(screen.getByText('Mar 03, 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renew Bharat Power' })).toHaveAttribute('href', `/registrations/renew/Trader/${renewable.id}`);
    // An expired registration does not block a new one.
    expect(await screen.findByRole('link', { name: 'New Registration' })).toHaveAttribute('href', '/registrations/new/Trader');
    expect(api.calls('GET /api/Registration/GetTraderRegistrations').length).toBeGreaterThan(0);
  });

  it('gives the SLDC the requests with Entity Type, the status filter with the spec labels, and filters on the server from page 1', async () => {
    const rows = [buildRow({ entityName: 'Alpha Mills' }), buildRow({ entityType: 'InjectingEntity', entityName: 'Beta Solar' })];
    const api = mockFetch({ 'GET /api/Registration/GetRegistrations': () => ok({ registrationList: rows, dataCount: 2 }) });
    const ui = userEvent.setup();
    renderList('registrations', 'SLDCBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration Requests' })).toBeInTheDocument();
    expect(await screen.findByText('Beta Solar')).toBeInTheDocument();
    // Every type's columns, with the trader columns (N/A on the rows they do not apply to).
    expect(headers()).toEqual([
      'Registration No.',
      'Entity Name',
      'Entity Type',
      'Consumer Number',
      'Date of Open Access Start',
      'STOA Injection Quantum (MW)',
      'STOA Drawal Quantum (MW)',
      'Connectivity',
      'Transmission Zone',
      'Distribution Zone',
      'Issuing Authority',
      'Trading Licence No.',
      'Updated On',
      'Valid Upto',
      'Status',
      'Actions',
    ]);
    expect(screen.getByText('Injecting Entity')).toBeInTheDocument();
    expect(screen.getByText('Injecting and Drawee Entity')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Registration' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['All', 'Draft', 'Pending SLDC verification']);
    for (const label of ['Pending DISCOM approval', 'Pending STOA availibility check', 'Pending TRANSCO approval', 'Pending SLDC approval'])
      expect(options).toContain(label);
    expect(options).toHaveLength(1 + Object.keys(REGISTRATION_STATUS_LABELS).length);
    await ui.click(screen.getByRole('option', { name: 'Pending SLDC verification' }));
    await ui.type(screen.getByRole('textbox', { name: 'Entity Name' }), ' Alpha ');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(query(api.calls('GET /api/Registration/GetRegistrations').at(-1)!)).toEqual({
        status: 'Submitted',
        entityName: 'Alpha',
        pageNumber: '1',
        pageSize: '10',
      }),
    );

    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(query(api.calls('GET /api/Registration/GetRegistrations').at(-1)!)).toEqual({ pageNumber: '1', pageSize: '10' }),
    );
  });

  it('reads a DISCOM user’s requests from GetTranscoDiscomRegistrations, trader columns hidden', async () => {
    const api = mockFetch({
      'GET /api/Registration/GetTranscoDiscomRegistrations': () =>
        ok({ registrationList: [buildRow({ entityName: 'Gamma Steel' })], dataCount: 1 }),
    });
    renderList('registrations', 'DISCOMBusinessUser');
    expect(await screen.findByText('Gamma Steel')).toBeInTheDocument();
    expect(headers()).not.toContain('Issuing Authority');
    expect(headers()).not.toContain('Trading Licence No.');
    expect(api.calls('GET /api/Registration/GetTranscoDiscomRegistrations')).toHaveLength(1);
  });

  it('starts a reviewer’s list filtered to the status a dashboard figure links with', async () => {
    const api = mockFetch({
      'GET /api/Registration/GetTranscoDiscomRegistrations': () =>
        ok({ registrationList: [buildRow({ entityName: 'Gamma Steel' })], dataCount: 1 }),
    });
    renderList('registrations', 'DISCOMBusinessUser', null, '?status=PendingDISCOMApproval');
    expect(await screen.findByText('Gamma Steel')).toBeInTheDocument();
    expect(query(api.calls('GET /api/Registration/GetTranscoDiscomRegistrations')[0]!)).toMatchObject({ status: 'PendingDISCOMApproval' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending DISCOM approval');
  });

  it('shows the trader columns to a reviewer who filters on traders (and drops the then redundant Entity Type)', async () => {
    const api = mockFetch({
      'GET /api/Registration/GetRenewalRegistrations': () =>
        ok({
          registrationList: [
            buildRow({
              entityType: 'Trader',
              entityName: 'Delta Traders',
              issuingAuthority: 'SERC',
              tradingLicenceNo: 'SERC/9',
              isRenewal: true,
            }),
          ],
          dataCount: 1,
        }),
    });
    const ui = userEvent.setup();
    renderList('renewals', 'SLDCApproverI');
    expect(await screen.findByRole('heading', { level: 1, name: 'Renewal Requests' })).toBeInTheDocument();
    expect(await screen.findByText('Delta Traders')).toBeInTheDocument();
    // The mixed list already shows the trader columns on the trader rows.
    expect(headers()).toContain('Issuing Authority');
    expect(screen.getByText('SERC/9')).toBeInTheDocument();
    expect(screen.getByText('Renewal')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Entity Type' }));
    await ui.click(await screen.findByRole('option', { name: 'Trader' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(query(api.calls('GET /api/Registration/GetRenewalRegistrations').at(-1)!)).toMatchObject({ entityType: 'Trader' }),
    );
    await waitFor(() =>
      expect(headers()).toEqual([
        'Registration No.',
        'Entity Name',
        'Issuing Authority',
        'Trading Licence No.',
        'Updated On',
        'Valid Upto',
        'Status',
        'Actions',
      ]),
    );
    expect(screen.getByText('SERC/9')).toBeInTheDocument();
  });

  it('shows a drawee its entity grid: consumer number, drawal quantum, zones (N/A when empty), no injection quantum', async () => {
    const row = buildRow({
      entityType: 'DraweeEntity',
      entityName: 'Shreeji Ceramics Ltd',
      consumerNumber: 'CN-552310',
      stoaInjectionQuantum: null,
      stoaDrawlQuantum: 15,
      connectivity: 'Morbi 66 kV (66 kV)',
      transmissionZone: null,
      distributionZone: 'Central Zone',
    });
    mockFetch({ 'GET /api/Registration/GetDraweeEntityRegistrations': () => ok({ registrationList: [row], dataCount: 1 }) });
    renderList('registrations', 'OABusinessUser', 'DraweeEntity');
    expect(await screen.findByText('Shreeji Ceramics Ltd')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Registration No.',
      'Entity Name',
      'Consumer Number',
      'Date of Open Access Start',
      'STOA Drawal Quantum (MW)',
      'Connectivity',
      'Transmission Zone',
      'Distribution Zone',
      'Updated On',
      'Valid Upto',
      'Status',
      'Actions',
    ]);
    const cells = within(screen.getByRole('row', { name: /Shreeji Ceramics Ltd/ }))
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'STOA/REG/2026/0001',
      'Shreeji Ceramics Ltd',
      'CN-552310',
      'Mar 04, 2026',
      '15',
      'Morbi 66 kV (66 kV)',
      'N/A',
      'Central Zone',
    ]);
  });

  it('shows a Both entity both quanta and no consumer number or zones', async () => {
    const row = buildRow({
      entityType: 'BothEntity',
      entityName: 'Saurashtra Captive Power Ltd',
      consumerNumber: null,
      stoaInjectionQuantum: 20,
      stoaDrawlQuantum: 12,
      transmissionZone: null,
      distributionZone: null,
    });
    mockFetch({ 'GET /api/Registration/GetBothEntityRegistrations': () => ok({ registrationList: [row], dataCount: 1 }) });
    renderList('registrations', 'OABusinessUser', 'BothEntity');
    expect(await screen.findByText('Saurashtra Captive Power Ltd')).toBeInTheDocument();
    const shown = headers();
    for (const hidden of ['Consumer Number', 'Transmission Zone', 'Distribution Zone']) expect(shown).not.toContain(hidden);
    expect(shown).toContain('STOA Injection Quantum (MW)');
    expect(shown).toContain('STOA Drawal Quantum (MW)');
  });

  it('hides the drawal quantum from a reviewer who filters on injecting entities', async () => {
    const api = mockFetch({
      'GET /api/Registration/GetRegistrations': () =>
        ok({
          registrationList: [
            buildRow({ entityType: 'InjectingEntity', entityName: 'Kutch Wind Power Ltd', transmissionZone: 'North Zone' }),
          ],
          dataCount: 1,
        }),
    });
    const ui = userEvent.setup();
    renderList('registrations', 'SLDCBusinessUser');
    expect(await screen.findByText('Kutch Wind Power Ltd')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Entity Type' }));
    await ui.click(await screen.findByRole('option', { name: 'Injecting Entity' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(query(api.calls('GET /api/Registration/GetRegistrations').at(-1)!)).toMatchObject({ entityType: 'InjectingEntity' }),
    );
    await waitFor(() => expect(headers()).not.toContain('Entity Type'));
    expect(headers()).not.toContain('STOA Drawal Quantum (MW)');
    expect(headers()).toContain('STOA Injection Quantum (MW)');
    expect(headers()).toContain('Distribution Zone');
    expect(headers()).not.toContain('Issuing Authority');
    expect(screen.getByText('North Zone')).toBeInTheDocument();
  });

  it('shows the empty state and, on failure, the error state with a retry', async () => {
    let failing = true;
    mockFetch({
      // A 4xx is not retried by the query client: the error state shows at once.
      'GET /api/Registration/GetRenewalRegistrations': () =>
        failing ? fail(400, 'VALIDATION_FAILED', 'boom') : ok({ registrationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    renderList('renewals', 'OABusinessUser', 'BothEntity');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    failing = false;
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No renewals found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Renewal of Registration' })).toBeInTheDocument();
  });
});
