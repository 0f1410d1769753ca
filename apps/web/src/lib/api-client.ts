import type { z } from 'zod';

import { accountEndpoints, type AuthUser } from '@stoa/shared/account';
import { buildPath, type Endpoint, errorEnvelopeSchema } from '@stoa/shared/common';

import { APP_HEADER_NAME, APP_VERSION } from '../config/app';
import { ApiError } from './api-error';
import { authStore } from './auth-store';
import { messages } from './i18n';

export type Input<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : never;
export type Output<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : unknown;

export interface CallOptions<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  /** Extra request headers (e.g. RefreshToken). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The part of an endpoint contract needed to send a request. */
type Target = Pick<Endpoint, 'method' | 'path'> & Partial<Pick<Endpoint, 'roles'>>;

interface PreparedRequest {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
  /** Public endpoints never trigger a token refresh (their 401 means bad credentials). */
  isPublic: boolean;
}

/** Code TOKEN_ERROR (spec 000 §5) with a plain sentence for the toast; the technical detail goes to the console. */
const tokenError = (detail: string) => {
  console.error(`${messages().common.tokenError}: ${detail}`);
  return new ApiError(0, 'TOKEN_ERROR', messages().common.requestNotSent);
};

/** Builds URL, headers and body. Anything missing is a TOKEN_ERROR (spec 000 §5 "API helper"). */
function prepare(
  target: Target | undefined,
  options: { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
): PreparedRequest {
  if (!target || typeof target.path !== 'string' || target.path.trim() === '') throw tokenError('the request has no URL');
  const params = (options.params ?? {}) as Record<string, string | number | undefined>;
  for (const [, name, optional] of target.path.matchAll(/:([A-Za-z0-9_]+)(\?)?/g)) {
    if (!optional && (params[name!] === undefined || params[name!] === '')) {
      throw tokenError(`the URL parameter ${name} is missing`);
    }
  }
  const method = target.method;
  const hasBody = options.body !== undefined && options.body !== null;
  if (method !== 'GET' && method !== 'DELETE' && !hasBody) throw tokenError(`a ${method} request needs a payload`);

  let url = buildPath(target.path, params as Record<string, string | number>);
  if (options.query && typeof options.query === 'object') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query as Record<string, unknown>)) {
      if (value === undefined || value === null || value === '') continue;
      search.append(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-App-Name': APP_HEADER_NAME,
    'X-App-Version': APP_VERSION,
    ...options.headers,
  };
  let body: string | undefined;
  if (hasBody && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    url,
    headers,
    init: { method, body, signal: options.signal, credentials: 'same-origin' },
    isPublic: target.roles === 'public',
  };
}

async function send(request: PreparedRequest, token: string | undefined): Promise<Response> {
  const headers = { ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(request.url, { ...request.init, headers });
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', messages().common.genericError);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Turns a failed response into an ApiError with the envelope's code, message and field errors. */
async function failure(response: Response, json?: unknown): Promise<ApiError> {
  const body = json === undefined ? await readJson(response) : json;
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, requestId, errorResponse } = envelope.data;
    return new ApiError(response.status, code, message, requestId, errorResponse);
  }
  const code = response.status === 429 ? 'RATE_LIMITED' : response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  const catalog = messages().errors as Record<string, string>;
  return new ApiError(response.status, code, catalog[code] ?? messages().common.genericError, response.headers.get('X-Request-Id'));
}

let refreshing: Promise<AuthUser | null> | null = null;

/**
 * One token refresh for any number of concurrent 401s (spec 000 §7). Resolves to the new user,
 * or null when the session could not be renewed (the user is then signed out).
 */
function refreshSession(failedToken: string): Promise<AuthUser | null> {
  const current = authStore.getUser();
  if (!current) return Promise.resolve(null);
  // Another call (or tab) already renewed the tokens: use them.
  if (current.jwtToken !== failedToken) return Promise.resolve(current);
  refreshing ??= (async () => {
    try {
      const request = prepare(accountEndpoints.refreshToken, { body: {}, headers: { RefreshToken: current.refreshToken } });
      const response = await send(request, undefined);
      const user = await parse(accountEndpoints.refreshToken, response);
      authStore.replaceUser(user);
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NETWORK_ERROR') throw error;
      authStore.signOut({ sessionEnded: true });
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function parse<E extends Endpoint>(endpoint: E, response: Response): Promise<Output<E['response']>> {
  const json = await readJson(response);
  if (!response.ok || typeof json !== 'object' || json === null || (json as { isSuccessful?: unknown }).isSuccessful !== true) {
    throw await failure(response, json);
  }
  const data = endpoint.response.safeParse((json as { data: unknown }).data);
  if (!data.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', messages().common.genericError, response.headers.get('X-Request-Id'));
  }
  return data.data as Output<E['response']>;
}

/** Sends a request with the signed-in user's token; on 401 refreshes once and retries. */
async function execute(request: PreparedRequest): Promise<Response> {
  const token = authStore.getUser()?.jwtToken;
  const response = await send(request, token);
  if (response.status !== 401 || !token || request.isPublic) return response;
  const renewed = await refreshSession(token);
  if (!renewed) return response;
  return send(request, renewed.jwtToken);
}

/**
 * Calls one endpoint of the shared contracts and returns the parsed `data` of the success
 * envelope. Throws ApiError (status, code, message, requestId, fieldErrors) on failure.
 */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<Output<E['response']>> {
  const request = prepare(endpoint, options);
  const response = await execute(request);
  return parse(endpoint, response);
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

function fileNameOf(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Fetches a file (a non-envelope success body) with the same headers and 401 handling. */
export async function download(
  target: Target,
  options: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  const request = prepare(target, options);
  request.headers.Accept = '*/*';
  const response = await execute(request);
  if (!response.ok) throw await failure(response);
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    // A JSON body here is an envelope, never a file.
    throw await failure(response);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response) };
}

/**
 * Renews the tokens after `failedToken` was refused outside `call` (the notification hub closes
 * its socket with 4401; an upload answers 401): the same single, shared refresh. Resolves to the
 * user with the new tokens, or null when the session has ended (the user is signed out).
 */
export const renewSession = refreshSession;

/** Reads a response of `endpoint` like `call` does (for transports other than fetch, e.g. upload). */
export const parseResponse = parse;

/** Test hook: forget a refresh in flight. */
export function resetApiClientForTests() {
  refreshing = null;
}
