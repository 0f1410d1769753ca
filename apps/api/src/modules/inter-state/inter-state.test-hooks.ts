/**
 * Test-only hooks of the inter-state module (decision 0088), registered only when the server runs with
 * TEST_HOOKS=on, which loadConfig refuses outside NODE_ENV=test (the browser journeys' server, e2e/server.ts).
 *
 * `POST /api/__test/InterStateConsent/RunDeemedConsent/{id}` `{ daysAhead }` (Admin): runs the deemed-consent
 * job (consent-deadlines.ts, the same code the hourly job runs) for that one application with the clock moved
 * `daysAhead` days ahead: a journey shows a consent deemed after its deadline without waiting working days,
 * and without moving the clock of the rest of the server (sessions, other journeys' deadlines) or deeming
 * another journey's applications. Answers `{ deemed }`: 1 when it was deemed, 0 when it was not (yet) due.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { type Clock } from '../../platform/clock';
import { requireRoles } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { runDeemedConsent } from './consent-deadlines';
import type { InterStateDeps } from './standing-clearance.access';

const params = z.object({ id: z.string().uuid() });
const body = z.object({ daysAhead: z.number().int().min(0).max(400) });

/** A clock `days` days ahead of `base`, moving with it. */
export const clockAhead = (base: Clock, days: number): Clock => ({ now: () => new Date(base.now().getTime() + days * 86_400_000) });

export function interStateTestHooks(app: FastifyInstance, deps: InterStateDeps) {
  app.post(
    '/api/__test/InterStateConsent/RunDeemedConsent/:id',
    { schema: { hide: true }, preValidation: requireRoles(['Admin']) },
    async (req) => {
      const p = params.safeParse(req.params);
      const b = body.safeParse(req.body);
      if (!p.success || !b.success) throw new AppError('BAD_REQUEST', 'Give the application id and daysAhead (0–400).');
      const deemed = await runDeemedConsent({ ...deps, clock: clockAhead(deps.clock, b.data.daysAhead) }, { onlyId: p.data.id });
      return { isSuccessful: true as const, data: { deemed } };
    },
  );
}
