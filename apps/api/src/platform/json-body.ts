import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), except that an empty
 * body sent with `Content-Type: application/json` is no body rather than a 400 "Body cannot be
 * empty": HTTP clients (the SPA's fetch wrapper, axios) send that header on body-less POSTs such as
 * refresh-token, Logout and the Admin toggles. A route that needs a body still answers 400 from its
 * schema.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, text, done);
  });
}
