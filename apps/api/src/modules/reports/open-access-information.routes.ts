import type { FastifyInstance } from 'fastify';

import { openAccessInformationEndpoints as e } from '@stoa/shared/reports';

import { route } from '../../platform/routes';
import { openAccessInformation, type OpenAccessInformationDeps } from './open-access-information';

/**
 * The public Open Access Information call (issue 15, decision 0085): no sign-in, so limited per address
 * like the other public calls (the receipt and certificate checks, decision 0049), and cacheable for a minute.
 */
export function openAccessInformationRoutes(app: FastifyInstance, deps: OpenAccessInformationDeps & { publicRateLimit?: number }) {
  route(
    app,
    e.getOpenAccessInformation,
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return openAccessInformation(deps);
    },
    deps.publicRateLimit ? { config: { rateLimit: { max: deps.publicRateLimit, timeWindow: '1 minute' } } } : {},
  );
}
