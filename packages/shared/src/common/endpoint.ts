import type { z } from 'zod';

import type { RoleList } from '../account/roles';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One wire contract. `path` is Fastify style (`/api/Admin/User/:id`); `roles` is `'public'`,
 * `'All'` (any signed-in role) or the list of roles allowed. `response` describes `data` of
 * the success envelope.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  roles: 'public' | RoleList;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Headers the endpoint reads, for documentation (e.g. RefreshToken). */
  headers?: readonly string[];
  /**
   * The success body is the file itself (Content-Type and Content-Disposition of the file), not the
   * JSON envelope; `response` is then unused. Failures still answer in the envelope.
   */
  binary?: boolean;
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

/** Builds a concrete URL from a Fastify-style path and params. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path
    .replace(/:([A-Za-z0-9_]+)\??/g, (_, key: string) => {
      const value = params[key];
      return value === undefined ? '' : encodeURIComponent(String(value));
    })
    .replace(/\/+$/, '');
}
