import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** helmet's settings for the portal: the SPA, its API and the notification WebSocket from one origin. */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/** Headers of any response that are not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's security headers (CSP, HSTS, frame, referrer and cross-origin policies…) on every
 * response, computed once (decision 0073). @fastify/helmet runs helmet's middleware on every
 * request, which halved the throughput of a bare Fastify in the measurement; with these options the
 * headers do not depend on the request (no CSP nonces, no per-route settings), so they are read
 * from one request injected into a throwaway instance with @fastify/helmet at start-up and set by a
 * plain onRequest hook, as early as @fastify/helmet sets them.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS,
): Promise<void> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_HELMETS.has(name)));
  if (!headers['content-security-policy'] || !headers['strict-transport-security']) {
    throw new Error('helmet did not produce its security headers');
  }
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
