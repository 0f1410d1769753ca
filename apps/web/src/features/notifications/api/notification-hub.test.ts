import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeWebSocket } from '../../../testing/fake-websocket';
import { connectNotificationHub, defaultBackoff, type HubOptions, hubUrl } from './notification-hub';

function start(overrides: Partial<HubOptions> = {}) {
  let token = 'jwt-1';
  const statuses: string[] = [];
  const frames: string[] = [];
  const renew = vi.fn(async (_failed: string) => {
    token = `jwt-${Number(token.slice(4)) + 1}`;
    return { jwtToken: token };
  });
  const hub = connectNotificationHub({
    url: 'ws://localhost/api/notify',
    getToken: () => token,
    renew,
    onStatus: (s) => statuses.push(s),
    onFrame: (f) => frames.push(f.type),
    backoff: (attempt) => 1_000 * 2 ** attempt,
    ...overrides,
  });
  return { hub, statuses, frames, renew, setToken: (t: string) => (token = t) };
}

describe('notification hub connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to /api/notify with the access token as a sub-protocol and passes on the frames', () => {
    const { hub, statuses, frames } = start();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost/api/notify');
    expect(socket.protocols).toEqual(['stoa', 'access_token.jwt-1']);
    socket.serverOpen();
    socket.serverSend({ type: 'Connected' });
    socket.serverSend({ type: 'BroadcastMessage' });
    socket.serverSend({ type: 'Unknown' });
    socket.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(statuses).toEqual(['connected']);
    expect(frames).toEqual(['Connected', 'BroadcastMessage']);
    hub.close();
    expect(socket.closedWith).toBe(1000);
  });

  it('reconnects with growing back-off after the connection drops, and starts over once connected', () => {
    const { hub, statuses } = start();
    FakeWebSocket.latest().serverClose(1006);
    expect(statuses).toEqual(['error']);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().serverSend({ type: 'Connected' });
    expect(statuses.at(-1)).toBe('connected');
    FakeWebSocket.latest().serverClose(1001);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    hub.close();
  });

  it('renews the token after a 4401 and reconnects at once with the new one', async () => {
    const { hub, renew, statuses } = start();
    FakeWebSocket.latest().serverSend({ type: 'Connected' });
    FakeWebSocket.latest().serverClose(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(renew).toHaveBeenCalledWith('jwt-1');
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().protocols).toEqual(['stoa', 'access_token.jwt-2']);
    expect(statuses).toEqual(['connected']);
    // Refused again without having connected: wait for the back-off instead of spinning.
    FakeWebSocket.latest().serverClose(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(statuses.at(-1)).toBe('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    hub.close();
  });

  it('stays closed when the session cannot be renewed (signed out), and after close()', async () => {
    const { hub } = start({ renew: async () => null });
    FakeWebSocket.latest().serverClose(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    hub.close();

    const second = start();
    const socket = FakeWebSocket.latest();
    second.hub.close();
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects at once when asked (or when the browser is back online)', () => {
    const { hub } = start();
    FakeWebSocket.latest().serverClose(1006);
    hub.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().serverClose(1006);
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(3);
    hub.close();
  });

  it('opens nothing without a token, uses wss on https, and keeps the back-off between 0.8 s and 30 s', () => {
    const { hub } = start({ getToken: () => undefined });
    expect(FakeWebSocket.instances).toHaveLength(0);
    hub.close();
    expect(hubUrl({ protocol: 'https:', host: 'stoa.example.in' })).toBe('wss://stoa.example.in/api/notify');
    expect(hubUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/notify');
    expect(defaultBackoff(0)).toBeGreaterThanOrEqual(800);
    expect(defaultBackoff(0)).toBeLessThanOrEqual(1_200);
    expect(defaultBackoff(20)).toBeLessThanOrEqual(36_000);
  });
});
