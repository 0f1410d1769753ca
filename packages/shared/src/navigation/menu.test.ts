import { describe, expect, it } from 'vitest';

import { type Role, type RoleList, roleAllowed, ROLES } from '../account/roles';
import { hasNestedMenuPath, MENU, type MenuSection, menuForRole } from './menu';
import { WEB_ROUTES } from './routes';

/** A route path as a whole-path pattern: `:name` is one segment, `/:name?` an optional one. */
const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/\/:[A-Za-z0-9_]+\?/g, '(?:/[^/]+)?').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);

describe('menu', () => {
  const fake: MenuSection[] = [
    {
      id: 'a',
      label: 'A',
      roles: ['Admin', 'Trader'],
      items: [
        { label: 'built for both', path: '/x', roles: ['Admin', 'Trader'], built: true },
        { label: 'not built', path: '/y', roles: ['Admin', 'Trader'], built: false },
        { label: 'admin only', path: '/z', roles: ['Admin'], built: true },
      ],
    },
    { id: 'b', label: 'B', roles: ['Admin'], items: [{ label: 'hidden', path: '/h', roles: ['Admin'], built: false }] },
  ];

  it('shows only built entries of the role, and drops empty sections', () => {
    expect(menuForRole('Trader', fake)).toEqual([{ ...fake[0], items: [fake[0]!.items[0]] }]);
    expect(menuForRole('Admin', fake).map((s) => s.items.map((i) => i.label))).toEqual([['built for both', 'admin only']]);
    expect(menuForRole('SLDCBusinessUser', fake)).toEqual([]);
  });

  it('lists Configurations and Hangfire for the Admin only (spec 001 §6)', () => {
    for (const role of ROLES) {
      const ids = MENU.filter((s) => s.roles === 'All' || s.roles.includes(role)).map((s) => s.id);
      expect(ids.includes('configurations')).toBe(role === 'Admin');
      expect(ids.includes('hangfire')).toBe(role === 'Admin');
      expect(ids.includes('traders')).toBe(role === 'OABusinessUser');
      expect(ids.includes('entities')).toBe(role === 'Trader');
      expect(ids.includes('atc')).toBe(role === 'SLDCBusinessUser');
    }
  });

  it('gives every built entry a route of the route table open to its roles', () => {
    const routes = Object.values(WEB_ROUTES) as { path: string; guard: string; roles: RoleList }[];
    for (const item of MENU.flatMap((s) => s.items).filter((i) => i.built)) {
      // A route with parameters serves the entries its pattern matches (/applications/sldc/:applicationType?).
      const route = routes.find((r) => r.path === item.path || routePattern(r.path).test(item.path));
      expect(route, item.path).toBeDefined();
      expect(route!.guard).toBe('AUTH');
      // One page may serve several entries (Registration for applicants, Registration Requests for reviewers).
      if (item.roles === 'All') expect(route!.roles).toBe('All');
      else for (const role of item.roles) expect(roleAllowed(role, route!.roles), `${item.path} ${role}`).toBe(true);
    }
  });

  it('shows Registration to applicants and Registration/Renewal Requests to the reviewers (spec 001 §2)', () => {
    const paths = (role: Role, id: string) =>
      menuForRole(role)
        .find((s) => s.id === id)
        ?.items.map((i) => i.path);
    for (const role of ['OABusinessUser', 'Trader'] as const)
      expect(paths(role, 'registration')).toEqual(['/registrations', '/registrations/renew', '/inter-state-registration']);
    for (const role of ['DISCOMBusinessUser', 'TRANSCOBusinessUser', 'SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const) {
      expect(paths(role, 'registration-requests')).toEqual(['/registrations']);
      expect(paths(role, 'renewal-requests')).toEqual(['/registrations/renew']);
    }
    expect(paths('Admin', 'registration')).toBeUndefined();
  });

  it('gives DISCOM/TRANSCO users the standing clearances awaiting their consent in the Inter-state section (decision 0062)', () => {
    for (const role of ['DISCOMBusinessUser', 'TRANSCOBusinessUser'] as const) {
      const section = menuForRole(role).find((s) => s.id === 'inter-state');
      expect(section?.items.map((i) => i.path)).toEqual(['/inter-state-registration', '/standing-clearance-power']);
    }
    expect(
      menuForRole('SLDCBusinessUser')
        .find((s) => s.id === 'inter-state')
        ?.items.map((i) => i.path),
    ).toEqual(['/inter-state-registration', '/standing-clearance-power/bilateral', '/standing-clearance-power/power-exchange']);
  });

  it('lets all seven non-admin roles reach /inter-state-registration from the menu (spec 001 §2; decision 0076)', () => {
    for (const role of ROLES) {
      const reach = menuForRole(role).some((s) => s.items.some((i) => i.path === '/inter-state-registration'));
      expect(reach, role).toBe(role !== 'Admin');
    }
    const sldc = menuForRole('SLDCApproverI').find((s) => s.id === 'inter-state');
    expect(sldc?.items.map((i) => i.label)).toEqual([
      'Inter-State Registration',
      'Standing Clearance of Inter-State Bilateral Transaction',
      'Standing Clearance of Inter-State Power Exchange Transaction',
    ]);
  });

  it('marks entries with entries beneath them, so only the most specific one is active', () => {
    expect(hasNestedMenuPath('/registrations')).toBe(true);
    expect(hasNestedMenuPath('/registrations/renew')).toBe(false);
    expect(hasNestedMenuPath('/admin/users')).toBe(false);
  });

  it('shows the Admin user management, the configuration pages and Hangfire', () => {
    const admin = menuForRole('Admin');
    expect(admin.find((s) => s.id === 'user-management')?.items.map((i) => i.path)).toEqual(['/admin/users']);
    expect(admin.find((s) => s.id === 'configurations')?.items.map((i) => i.path)).toEqual([
      '/configurations/stoaCharges',
      '/configurations/fees',
      '/configurations/transco',
      '/configurations/discom',
      '/configurations/holiday',
      '/configurations/bankDetails',
      '/configurations/payment',
      '/configurations/manual',
    ]);
    expect(admin.find((s) => s.id === 'hangfire')?.items.map((i) => i.path)).toEqual(['/hangfire']);
  });
  it('shows TDS Challan Details to the payers and TDS Reconciliation to the SLDC roles, both at /payments/challan (spec 001 §2)', () => {
    const tds = (role: Role) =>
      menuForRole(role)
        .find((s) => s.id === 'payments')
        ?.items.filter((i) => i.path === '/payments/challan')
        .map((i) => i.label);
    for (const role of ['OABusinessUser', 'Trader'] as const) expect(tds(role)).toEqual(['TDS Challan Details']);
    for (const role of ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const) expect(tds(role)).toEqual(['TDS Reconciliation']);
    expect(tds('Admin')).toBeUndefined();
  });

  it("gives each role exactly the spec's Payments entries, titles and paths (spec 001 §2)", () => {
    const payments = (role: Role) =>
      menuForRole(role)
        .find((s) => s.id === 'payments')
        ?.items.map((i) => `${i.label} ${i.path}`);
    const oa = [
      'Payment Details /payments',
      'TDS Challan Details /payments/challan',
      'TDS Configuration /payments/tds-config',
      'Refund /payments/refund',
      'SLDC Bank Details /payments/bank-details',
    ];
    const sldc = [
      'Payment Reconciliation /payments/dashboard',
      'TDS Reconciliation /payments/challan',
      'Refund /payments/refund',
      'SLDC Bank Details /payments/bank-details',
    ];
    expect(payments('OABusinessUser')).toEqual(oa);
    expect(payments('Trader')).toEqual(oa.filter((x) => !x.startsWith('TDS Configuration')));
    expect(payments('SLDCBusinessUser')).toEqual(sldc);
    for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const)
      expect(payments(role)).toEqual(sldc.filter((x) => !x.startsWith('SLDC Bank Details')));
    for (const role of ['Admin', 'DISCOMBusinessUser', 'TRANSCOBusinessUser'] as const) expect(payments(role)).toBeUndefined();
  });
});
