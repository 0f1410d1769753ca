import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: RecordedRequest, callIndex: number) => Reply | Promise<Reply>;

export const ok = (data: unknown): Reply => ({ status: 200, body: { isSuccessful: true, data } });

export const fail = (
  status: number,
  code: string,
  message: string,
  errorResponse: { fieldName: string; errorMessages: string[] }[] = [],
): Reply => ({
  status,
  body: { isSuccessful: false, code, message, requestId: 'req-test', errorResponse },
});

/**
 * Replaces global fetch with a router of handlers keyed 'METHOD /path' (path case-insensitive,
 * query ignored). Unknown requests fail the test loudly with a 599.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const table = new Map(Object.entries(handlers).map(([key, handler]) => [key.toLowerCase(), handler]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const form = init.body instanceof FormData ? init.body : undefined;
    const request = { method, url, headers, body, form };
    requests.push(request);
    const key = `${method} ${url.pathname}`.toLowerCase();
    const handler = table.get(key);
    if (!handler) return new Response(JSON.stringify({ unexpected: key }), { status: 599 });
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    const reply = await handler(request, index);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** Requests to one endpoint, e.g. calls('POST /api/Account/authenticate'). */
    calls(key: string) {
      const [method, path] = key.split(' ');
      return requests.filter((r) => r.method === method && r.url.pathname.toLowerCase() === path!.toLowerCase());
    },
  };
}
