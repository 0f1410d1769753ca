/**
 * Authenticated-stack benchmark (issue 16, ARCHITECTURE.md §11): what the API's per-request path
 * costs against a bare Fastify hello-world measured in the same run. Both servers run in child
 * processes (auth-stack.server.ts); autocannon loads them from this process, one case at a time,
 * the cases interleaved within each round so that a busy neighbour hits all of them alike.
 *
 * Cases: `/api/health` without and with a Bearer header (the token's verification and session
 * check alone), the authenticated `Notification/NotificationCount` (a trivial GET through the whole
 * stack), and the same GET during a login storm (8 connections signing the same user in over and
 * over, the argon2id cost of production).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';

import autocannon from 'autocannon';

import { DEMO_USERS } from '../apps/api/src/seed/demo';

import { type BenchReport, median } from './report';

const CONNECTIONS = 50;
const STORM_CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const WARMUP_SECONDS = 2;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export interface Server {
  url: string;
  /** Sends a message to the server's process (its IPC channel). */
  send: (message: object) => void;
  stop: () => Promise<void>;
}

/** Forks auth-stack.server.ts in `mode` and waits for its port. */
export async function startServer(mode: 'hello' | 'app' | 'ws'): Promise<Server> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'auth-stack.server.ts'), {
    env: { ...process.env, AUTH_STACK_SERVER: mode },
    execArgv: ['--import', 'tsx'],
    // The app's JSON request log is written as in production, to nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    send: (message) => child.send(message),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

async function load(target: Load, seconds: number): Promise<{ rps: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: target.connections ?? CONNECTIONS,
    duration: seconds,
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

export async function signIn(app: string, user: { userName: string; password: string }): Promise<string> {
  const res = await fetch(`${app}/api/Account/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(loginBody(user)),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { jwtToken: string } }).data.jwtToken;
}

const loginBody = (user: { userName: string; password: string }) => ({
  username: user.userName,
  password: md5(user.password),
  captchaId: '',
  captcha: '',
});

export async function authStackBench(): Promise<BenchReport> {
  const hello = await startServer('hello');
  const app = await startServer('app');
  try {
    const demo = DEMO_USERS.find((u) => u.role === 'SLDCBusinessUser')!;
    const token = await signIn(app.url, demo);
    const bearer = { authorization: `Bearer ${token}` };
    const count = { url: `${app.url}/api/Notification/NotificationCount`, headers: bearer };
    const login = {
      url: `${app.url}/api/Account/authenticate`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(loginBody(demo)),
      connections: STORM_CONNECTIONS,
    };
    const cases: { name: string; run: (s: number) => Promise<{ rps: number; p99: number; non2xx: number }> }[] = [
      { name: 'baseline: bare Fastify hello-world', run: (s) => load({ url: `${hello.url}/` }, s) },
      { name: '`/api/health`, anonymous', run: (s) => load({ url: `${app.url}/api/health` }, s) },
      { name: '`/api/health` with a Bearer header', run: (s) => load({ url: `${app.url}/api/health`, headers: bearer }, s) },
      { name: 'authenticated `Notification/NotificationCount`', run: (s) => load(count, s) },
      {
        name: `the same during a storm of ${STORM_CONNECTIONS} concurrent logins`,
        run: async (s) => {
          const [counted, storm] = await Promise.all([load(count, s), load(login, s)]);
          stormLogins.push(storm.rps);
          stormFailures += storm.non2xx;
          return counted;
        },
      },
    ];
    const stormLogins: number[] = [];
    let stormFailures = 0;

    // Untimed: the authenticated GET answers 200 (a 401 would measure the refusal).
    const probe = await fetch(count.url, { headers: bearer });
    if (probe.status !== 200) throw new Error(`NotificationCount answered ${probe.status}`);
    for (const c of cases.slice(0, 4)) await c.run(WARMUP_SECONDS);

    const rps = cases.map(() => [] as number[]);
    const p99 = cases.map(() => [] as number[]);
    const ratios = cases.map(() => [] as number[]);
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const results = [];
      for (const c of cases) results.push(await c.run(SECONDS));
      for (const [k, r] of results.entries()) {
        rps[k]!.push(r.rps);
        p99[k]!.push(r.p99);
        ratios[k]!.push(r.rps / results[0]!.rps);
        failures += r.non2xx;
      }
    }
    if (failures > 0) throw new Error(`${failures} requests failed or answered other than 2xx`);

    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    return {
      title: 'Authenticated stack vs bare Fastify (`auth-stack.bench.ts`)',
      notes: [
        `${CONNECTIONS} connections, ${SECONDS} s per case, ${ROUNDS} rounds (cases interleaved), after a ${WARMUP_SECONDS} s warm-up of each`,
        `servers in child processes: the app built by \`buildApp\` as in production (JSON log at info to /dev/null) on ${process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'PostgreSQL (scratch database)' : 'PGlite'}, the demo SLDC user signed in through the API`,
        'ratio: req/s of the case over the hello-world req/s of the same round (median, and the range over the rounds)',
        `login storm: ${fmt(median(stormLogins))} logins/s (argon2id at the production cost), ${stormFailures} refused; the GET keeps ${median(rps[4]!.map((r, i) => r / rps[3]![i]!)).toFixed(2)}× of its rate alone`,
      ],
      rows: [],
      table: {
        header: ['case', 'req/s', 'p99 ms', '× hello-world', 'range'],
        rows: cases.map((c, k) => [
          c.name,
          fmt(median(rps[k]!)),
          median(p99[k]!).toFixed(0),
          median(ratios[k]!).toFixed(3),
          `${Math.min(...ratios[k]!).toFixed(3)}–${Math.max(...ratios[k]!).toFixed(3)}`,
        ]),
      },
    };
  } finally {
    await Promise.all([hello.stop(), app.stop()]);
  }
}
