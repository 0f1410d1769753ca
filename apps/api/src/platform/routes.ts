import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { type Endpoint, successEnvelopeSchema } from '@stoa/shared/common';

import { requireRoles } from './auth';

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export interface RouteRequest<E extends Endpoint> extends Omit<FastifyRequest, 'params' | 'query' | 'body'> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

export type RouteHandler<E extends Endpoint> = (
  req: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

/**
 * Registers one endpoint contract: zod validation of params, query and body, role check,
 * and the success envelope around what the handler returns.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: { config?: RouteShorthandOptions['config']; bodyLimit?: number } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config,
    bodyLimit: options.bodyLimit,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.id.split('.')[0]!],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.roles !== 'public' ? { security: [{ bearerAuth: [] }] } : {}),
      response: { 200: successEnvelopeSchema(endpoint.response) },
    },
    // Before validation: an anonymous or wrong-role caller learns nothing about the payload rules.
    preValidation: requireRoles(endpoint.roles),
    handler: async (req, reply) => {
      const data = await handler(req as unknown as RouteRequest<E>, reply);
      return { isSuccessful: true as const, data };
    },
  });
}
