import { describe, expect, it } from 'vitest';

import { ROLES } from '../account/roles';
import { MENU, type MenuSection, menuForRole } from './menu';
import { WEB_ROUTES } from './routes';

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

  it('gives every built entry a route of the route table with the same roles', () => {
    const routes = Object.values(WEB_ROUTES) as { path: string; guard: string; roles: unknown }[];
    for (const item of MENU.flatMap((s) => s.items).filter((i) => i.built)) {
      const route = routes.find((r) => r.path === item.path);
      expect(route, item.path).toBeDefined();
      expect(route!.guard).toBe('AUTH');
      expect(route!.roles).toEqual(item.roles);
    }
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
});
