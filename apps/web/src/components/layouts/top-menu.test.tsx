import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { type MenuSection, menuForRole } from '@stoa/shared/navigation';

import { AppProvider } from '../../app/provider';
import { TopMenu } from './top-menu';

const SLDC = ['SLDCBusinessUser'] as const;

/** A fake menu with sections of every shape, independent of which real entries are built. */
const FAKE_MENU: MenuSection[] = [
  {
    id: 'transactions',
    label: 'Transactions',
    roles: [...SLDC],
    items: [
      { label: 'Advance', path: '/a', roles: [...SLDC], built: true },
      { label: 'Day Ahead', path: '/b', roles: [...SLDC], built: true },
      { label: 'First Come First Serve', path: '/c', roles: [...SLDC], built: true },
      { label: 'Contingency', path: '/d', roles: [...SLDC], built: true },
      { label: 'Requested Revisions', path: '/e', roles: [...SLDC], built: true },
      { label: 'Not built yet', path: '/f', roles: [...SLDC], built: false },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    roles: 'All',
    items: [
      { label: 'Application Details', path: '/r1', roles: 'All', built: true },
      { label: 'Financial Summary', path: '/r2', roles: 'All', built: true },
      { label: 'Only for traders', path: '/r3', roles: ['Trader'], built: true },
    ],
  },
  {
    id: 'hangfire',
    label: 'Hangfire',
    roles: ['Admin'],
    items: [{ label: 'Hangfire', path: '/hangfire', roles: ['Admin'], built: true }],
  },
  {
    id: 'user-management',
    label: 'User Management',
    roles: [...SLDC],
    items: [{ label: 'User Management', path: '/admin/users', roles: [...SLDC], built: true }],
  },
];

function renderMenu(sections: MenuSection[]) {
  return render(
    <AppProvider>
      <MemoryRouter>
        <TopMenu sections={sections} />
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('top menu', () => {
  it('shows only the sections and built items of the role, and a single item as a plain link', () => {
    renderMenu(menuForRole('SLDCBusinessUser', FAKE_MENU));
    expect(screen.getByRole('button', { name: 'Transactions' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('button', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hangfire' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');
  });

  it('lays out a section with more than 4 items in two columns', async () => {
    const user = userEvent.setup();
    renderMenu(menuForRole('SLDCBusinessUser', FAKE_MENU));

    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Advance',
      'Day Ahead',
      'First Come First Serve',
      'Contingency',
      'Requested Revisions',
    ]);
    expect(menu).toHaveAttribute('data-columns', '2');
    expect(getComputedStyle(menu).gridTemplateColumns).toContain('repeat(2');
    expect(items[0]).toHaveAttribute('href', '/a');
  });

  it('keeps a short section in one column', async () => {
    const user = userEvent.setup();
    renderMenu(menuForRole('SLDCBusinessUser', FAKE_MENU));

    await user.click(screen.getByRole('button', { name: 'Reports' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
    expect(menu).toHaveAttribute('data-columns', '1');
    expect(getComputedStyle(menu).gridTemplateColumns).not.toContain('repeat(2');
  });

  it('renders nothing when the role has no built entries', () => {
    const unbuilt: MenuSection[] = [
      {
        id: 'x',
        label: 'X',
        roles: ['OABusinessUser'],
        items: [{ label: 'Not built', path: '/n', roles: ['OABusinessUser'], built: false }],
      },
    ];
    const { container } = renderMenu(menuForRole('OABusinessUser', unbuilt));
    expect(container.querySelector('nav')).toBeNull();
  });
});
