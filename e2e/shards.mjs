#!/usr/bin/env node
/**
 * Runs the Playwright journeys in E2E_SHARDS processes at once (default 1: CI runs one; decision
 * 0070). Each shard is a `playwright test --shard=i/n` with its own E2E_PORT
 * (8181, 8191, ...), so its own e2e/server.ts: API, SMTP receiver and fresh data directory. The
 * journeys never share a database, so they cannot see each other's applications, windows or bids.
 * This process serves the shards one axe registry, so a page is checked once per run whichever shard
 * visits it first. Output lines carry the shard's tag; the run fails if any shard fails.
 *
 *   npm run e2e                         # every journey, one process (as CI runs them)
 *   E2E_SHARDS=2 npm run e2e            # two shards at once (needs spare cores)
 *   npm run e2e -- e2e/reports.spec.ts  # arguments go to every shard's playwright test
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import readline from 'node:readline';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
const basePort = Number(process.env.E2E_PORT ?? 8181);
const args = process.argv.slice(2);

// The run's axe registry (e2e/fixtures.ts runRegistry): POST /claim answers 200 to the first claim of a
// (role, route) key and 409 after; POST /release gives a key back when its page could not be analysed.
const claimed = new Set();
const registry = createServer((req, res) => {
  let key = '';
  req.on('data', (chunk) => (key += chunk));
  req.on('end', () => {
    if (req.url === '/claim') {
      res.statusCode = claimed.has(key) ? 409 : 200;
      claimed.add(key);
    } else if (req.url === '/release') {
      claimed.delete(key);
    } else res.statusCode = 404;
    res.end();
  });
});
await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));
const registryUrl = `http://127.0.0.1:${registry.address().port}`;

function runShard(index) {
  const tag = shards > 1 ? `[${index}/${shards}] ` : '';
  const child = spawn('npx', ['playwright', 'test', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args], {
    env: {
      ...process.env,
      E2E_PORT: String(basePort + 10 * (index - 1)),
      E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index}` : 'test-results',
      ...(shards > 1 ? { E2E_AXE_REGISTRY: registryUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stdout.write(`${tag}could not start playwright: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
registry.close();
const failed = codes.filter((code) => code !== 0).length;
process.stdout.write(failed ? `e2e: ${failed} of ${shards} shard(s) failed\n` : `e2e: all ${shards} shard(s) passed\n`);
process.exit(failed ? 1 : 0);
