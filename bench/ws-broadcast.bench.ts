/**
 * A notification reaching 5,000 open notification WebSockets (issue 16), against a bare `ws` server
 * broadcasting one frame to as many clients in the same run.
 *
 * The portal: the API as `buildApp` builds it in production (auth-stack.server.ts `app`), the demo
 * SLDC user signed in once and holding every socket (each authenticated on the upgrade like a
 * browser's, `Connected` awaited). One round: the server commits one notification for that user
 * (the notifications service, in a transaction; its NOTIFY reaches the hub's LISTEN, which tells
 * every socket of the user) and the time runs until the last socket has its `BroadcastMessage`.
 * The baseline: a bare `ws` server that sends the same frame to all its clients on the same signal.
 * Ratio: baseline time over the portal's (1 = as fast as the bare server).
 */
import WebSocket from 'ws';

import { NOTIFY_PATH, NOTIFY_SUBPROTOCOL, NOTIFY_TOKEN_PROTOCOL_PREFIX } from '@stoa/shared/notifications';
import { DEMO_USERS } from '../apps/api/src/seed/demo';
import { type Server, signIn, startServer } from './auth-stack.bench';
import { type BenchReport, median } from './report';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const ROUNDS = 7;
const OPEN_BATCH = 250;

interface Clients {
  sockets: WebSocket[];
  /** Resolves when every socket has received one more `BroadcastMessage`. */
  nextBroadcast: () => Promise<void>;
  close: () => void;
}

async function openClients(server: Server, protocols: string[], expectConnected: boolean): Promise<Clients> {
  const url = `${server.url.replace('http', 'ws')}${NOTIFY_PATH}`;
  const sockets: WebSocket[] = [];
  let pending = 0;
  let done: (() => void) | undefined;
  const onFrame = (data: WebSocket.RawData) => {
    if (!String(data).includes('BroadcastMessage')) return;
    if (--pending === 0) done?.();
  };
  for (let i = 0; i < SOCKETS; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, SOCKETS - i) }, () => {
      const ws = new WebSocket(url, protocols);
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
        if (expectConnected) ws.once('message', () => resolve());
        else ws.once('open', () => resolve());
      });
    });
    await Promise.all(batch);
  }
  for (const ws of sockets) ws.on('message', onFrame);
  return {
    sockets,
    nextBroadcast: () =>
      new Promise<void>((resolve) => {
        pending = sockets.length;
        done = resolve;
      }),
    close: () => {
      for (const ws of sockets) {
        ws.removeAllListeners('close');
        ws.terminate();
      }
    },
  };
}

async function timeBroadcast(clients: Clients, trigger: () => void): Promise<number> {
  const received = clients.nextBroadcast();
  const start = performance.now();
  trigger();
  await received;
  return performance.now() - start;
}

export async function wsBroadcastBench(): Promise<BenchReport> {
  const bare = await startServer('ws');
  const app = await startServer('app');
  let bareClients: Clients | undefined;
  let appClients: Clients | undefined;
  try {
    const demo = DEMO_USERS.find((u) => u.role === 'SLDCBusinessUser')!;
    const token = await signIn(app.url, demo);
    const openStart = performance.now();
    appClients = await openClients(app, [NOTIFY_SUBPROTOCOL, `${NOTIFY_TOKEN_PROTOCOL_PREFIX}${token}`], true);
    const appOpenMs = performance.now() - openStart;
    bareClients = await openClients(bare, [], false);

    // One untimed round each (JIT, first NOTIFY).
    await timeBroadcast(bareClients, () => bare.send({ broadcast: true }));
    await timeBroadcast(appClients, () => app.send({ notify: true }));
    const bareMs: number[] = [];
    const appMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareMs.push(await timeBroadcast(bareClients, () => bare.send({ broadcast: true })));
      appMs.push(await timeBroadcast(appClients, () => app.send({ notify: true })));
    }
    const row = (name: string, ms: number[], ratio: number) => ({ name, medianMs: median(ms), minMs: Math.min(...ms), ratio });
    return {
      title: `A broadcast to ${SOCKETS.toLocaleString('en-US')} notification WebSockets (\`ws-broadcast.bench.ts\`)`,
      notes: [
        `servers in child processes; ${SOCKETS.toLocaleString('en-US')} sockets each, opened from this process (the portal's ${(appOpenMs / 1000).toFixed(1)} s to open and authenticate them all); ${ROUNDS} rounds after one untimed`,
        `the portal (${process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): one notification committed for the user holding every socket, until the last socket has its BroadcastMessage; the baseline: a bare \`ws\` server sending the same frame to all`,
        "× baseline: the portal's median time over the bare server's (lower is better; 1 = as fast)",
      ],
      rows: [
        row('baseline: bare `ws` broadcast', bareMs, 1),
        row('portal: notification → every socket', appMs, median(appMs) / median(bareMs)),
      ],
    };
  } finally {
    bareClients?.close();
    appClients?.close();
    await Promise.all([bare.stop(), app.stop()]);
  }
}
