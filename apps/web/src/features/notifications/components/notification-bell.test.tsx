import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Notification } from '@stoa/shared/notifications';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { playNotificationSound } from '../lib/notification-sound';
import { NotificationBell } from './notification-bell';

vi.mock('../lib/notification-sound', () => ({ playNotificationSound: vi.fn() }));

const note = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  message: `Message ${n}`,
  link: null,
  notificationTimeSpan: `${n} minutes ago`,
  createdAt: '2026-03-01T10:00:00.000Z',
  isRead: false,
  ...overrides,
});

function renderBell() {
  authStore.loginSucceeded(buildAuthUser());
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <NotificationBell backoff={() => 20} />
    </QueryProvider>,
  );
}

const bell = (name: RegExp | string = /^Notifications/) => screen.getByRole('button', { name });

describe('notification bell', () => {
  beforeEach(() => authStore.signOut());

  it('shows the unread count and lists message and time span in the panel', async () => {
    mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 2 }),
      'GET /api/Notification/NotificationResult': () => ok([note(1), note(2)]),
    });
    const ui = userEvent.setup();
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 new', hidden: true })).toBeInTheDocument();
    await ui.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(within(panel).getByRole('list', { name: 'New notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Message 11 minutes ago', 'Message 22 minutes ago']);
    expect(within(panel).queryByText('Notification Connection Error')).not.toBeInTheDocument();
  });

  it("says 'No New Notifications' when there are none", async () => {
    mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    const ui = userEvent.setup();
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No New Notifications')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows the generic error as an alert in the panel when the list cannot be loaded', async () => {
    mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 1 }),
      'GET /api/Notification/NotificationResult': () => fail(403, 'FORBIDDEN', 'You are not allowed to do this.'),
    });
    const ui = userEvent.setup();
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Sorry! Something went wrong. Please try again later.');
    expect(within(panel).queryByText('No New Notifications')).not.toBeInTheDocument();
  });

  it('refetches count and list on BroadcastMessage and plays the sound when one arrived', async () => {
    let count = 1;
    const api = mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count }),
      'GET /api/Notification/NotificationResult': () => ok([note(2), note(1)].slice(2 - count)),
    });
    const ui = userEvent.setup();
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 new' });
    const socket = FakeWebSocket.latest();
    expect(socket.protocols).toEqual(['stoa', 'access_token.jwt-1']);
    act(() => socket.serverSend({ type: 'Connected' }));
    await ui.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('Message 1');
    const before = {
      count: api.calls('GET /api/Notification/NotificationCount').length,
      list: api.calls('GET /api/Notification/NotificationResult').length,
    };

    count = 2;
    act(() => socket.serverSend({ type: 'BroadcastMessage' }));
    expect(await within(panel).findByText('Message 2')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 new', hidden: true })).toBeInTheDocument();
    expect(api.calls('GET /api/Notification/NotificationCount').length).toBeGreaterThan(before.count);
    expect(api.calls('GET /api/Notification/NotificationResult').length).toBeGreaterThan(before.list);
    await waitFor(() => expect(playNotificationSound).toHaveBeenCalledTimes(1));

    // A notification read elsewhere also broadcasts: refetch, but no sound.
    count = 1;
    act(() => socket.serverSend({ type: 'BroadcastMessage' }));
    await waitFor(() => expect(within(panel).queryByText('Message 2')).not.toBeInTheDocument());
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it("shows 'Notification Connection Error' when the connection drops, and reconnects", async () => {
    mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    const ui = userEvent.setup();
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    const first = FakeWebSocket.latest();
    act(() => first.serverSend({ type: 'Connected' }));
    act(() => first.serverClose(1006));
    await ui.click(await screen.findByRole('button', { name: 'Notifications (connection lost)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Notification Connection Error')).toBeInTheDocument();

    // The back-off elapses: a new socket, and the error goes once the hub confirms.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    act(() => FakeWebSocket.latest().serverSend({ type: 'Connected' }));
    await waitFor(() => expect(within(panel).queryByText('Notification Connection Error')).not.toBeInTheDocument());

    // 'Reconnect now' after another drop opens a socket at once.
    act(() => FakeWebSocket.latest().serverClose(1006));
    await ui.click(await within(panel).findByRole('button', { name: 'Reconnect now' }));
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('marks one notification, or all those listed, as read', async () => {
    let list = [note(1), note(2), note(3)];
    const api = mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: list.length }),
      'GET /api/Notification/NotificationResult': () => ok(list),
      'POST /api/Notification/MarkAsRead': (request) => {
        const ids = (request.body as { ids: string[] }).ids;
        list = list.filter((n) => !ids.includes(n.id));
        return ok({ count: ids.length });
      },
    });
    const ui = userEvent.setup();
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 3 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await ui.click(await within(panel).findByRole('button', { name: 'Mark as read: Message 2' }));
    await waitFor(() => expect(within(panel).queryByText('Message 2')).not.toBeInTheDocument());
    expect(api.calls('POST /api/Notification/MarkAsRead')[0]!.body).toEqual({ ids: [note(2).id] });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 new', hidden: true })).toBeInTheDocument();

    await ui.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(panel).findByText('No New Notifications')).toBeInTheDocument();
    expect(api.calls('POST /api/Notification/MarkAsRead')[1]!.body).toEqual({ ids: [note(1).id, note(3).id] });
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it('opens the record of a notification on click, marks it read and closes the panel', async () => {
    const link = '/applications/oa/DayAhead/00000000-0000-4000-8000-0000000000aa';
    const api = mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 2 }),
      'GET /api/Notification/NotificationResult': () => ok([note(1, { link }), note(2)]),
      'POST /api/Notification/MarkAsRead': () => ok({ count: 1 }),
    });
    const ui = userEvent.setup();
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 2 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The one without a record is plain text; the other is a link to its record.
    expect(within(panel).queryByRole('link', { name: 'Message 2' })).not.toBeInTheDocument();
    const open = await within(panel).findByRole('link', { name: 'Message 1' });
    expect(open).toHaveAttribute('href', link);
    await ui.click(open);
    expect(screen.getByTestId('location')).toHaveTextContent(link);
    await waitFor(() => expect(api.calls('POST /api/Notification/MarkAsRead')).toHaveLength(1));
    expect(api.calls('POST /api/Notification/MarkAsRead')[0]!.body).toEqual({ ids: [note(1).id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('opens the record from the keyboard (Enter on the link)', async () => {
    const link = '/registrations/view/Trader/00000000-0000-4000-8000-0000000000bb';
    mockFetch({
      'GET /api/Notification/NotificationCount': () => ok({ count: 1 }),
      'GET /api/Notification/NotificationResult': () => ok([note(1, { link })]),
      'POST /api/Notification/MarkAsRead': () => ok({ count: 1 }),
    });
    const ui = userEvent.setup();
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    within(panel).getByRole('link', { name: 'Message 1' }).focus();
    await ui.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(link);
  });
});
