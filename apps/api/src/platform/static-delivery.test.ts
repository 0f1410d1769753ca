import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../test/build-test-app';

// Issue 16, decision 0074: the web bundle is served precompressed and hashed files are cached
// for good. A miniature dist directory stands in for apps/web/dist (the build writes the same
// .br/.gz files beside each text file; apps/web/vite.config.ts).
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'stoa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: string, compressed = true) => {
    writeFileSync(path.join(dist, name), body);
    if (!compressed) return;
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  write('index.html', html);
  write('assets/app-Ab12Cd34.js', script);
  write('assets/small-Zz99Yy88.js', 'export {};', false);
  ctx = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web delivery', () => {
  it('sends the brotli file to a browser that accepts it, with a year of immutable caching for hashed assets', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await ctx.app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // A file too small to be worth compressing has no .br/.gz: it is sent as it is.
    const small = await ctx.app.inject({ url: '/assets/small-Zz99Yy88.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
  });

  it('serves index.html for client routes, compressed and revalidated on every load', async () => {
    for (const url of ['/', '/login', '/reports/ApplicationDetails']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('still answers a missing asset and an unknown API path with 404', async () => {
    const asset = await ctx.app.inject({ url: '/assets/gone-00000000.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(404);
    const api = await ctx.app.inject({ url: '/api/Nope/Nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ isSuccessful: false, code: 'ROUTE_NOT_FOUND' });
  });
});
