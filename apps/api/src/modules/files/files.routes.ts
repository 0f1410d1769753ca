import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { enFiles } from '@stoa/shared/messages';
import { fileIdParamsSchema, filesEndpoints as e, fileShowParamsSchema, fileShowQuerySchema } from '@stoa/shared/files';

import { currentUser, requireRoles } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/routes';
import type { FilesService, OpenedFile } from './files.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

/**
 * `Content-Disposition` with an ASCII fallback name (quotes, backslashes, separators and non-ASCII
 * replaced) and the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\;%/]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends an opened stored file. Other domains reuse it (e.g. the user-manual download). */
export function sendStoredFile(reply: FastifyReply, opened: OpenedFile, disposition: 'inline' | 'attachment') {
  return reply
    .header('Content-Type', opened.file.mime)
    .header('Content-Length', String(opened.size))
    .header('Content-Disposition', contentDisposition(disposition, opened.file.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(opened.stream);
}

export function filesRoutes(app: FastifyInstance, { files, uploadRateLimit }: { files: FilesService; uploadRateLimit?: number }) {
  // Per user (issue 11 item 2), after the role check: an anonymous caller gets 401, not a slot.
  const perUser = uploadRateLimit
    ? {
        config: {
          rateLimit: {
            max: uploadRateLimit,
            timeWindow: '1 minute',
            hook: 'preHandler' as const,
            keyGenerator: (req: FastifyRequest) => `upload:${req.user?.id ?? req.ip}`,
          },
        },
      }
    : {};
  route(
    app,
    e.upload,
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', enFiles.files.notMultipart);
      let part;
      try {
        part = await req.file({
          limits: { fileSize: files.maxBytes, files: 1, fields: 20, parts: 25, fieldSize: 4096 },
          throwFileSizeLimit: false,
        });
      } catch (err) {
        // @fastify/multipart's own errors carry a 4xx status; busboy's parse errors (no boundary, a body
        // that ends inside a part) carry none and would answer 500: they are the client's malformed body.
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw AppError.field('BAD_REQUEST', 'uploadedFile', enFiles.files.notMultipart);
      }
      const incoming = part ? { fieldName: part.fieldname, fileName: part.filename, stream: part.file } : undefined;
      return files.upload(
        currentUser(req as FastifyRequest),
        { formName: req.query.formName, allowed: req.query.allowed },
        incoming,
        meta(req),
      );
    },
    perUser,
  );

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  // Binary answers: registered without the envelope, with the same role check as route().
  typed.route({
    method: 'GET',
    url: e.show.path,
    schema: { summary: e.show.summary, tags: ['File'], params: fileShowParamsSchema, querystring: fileShowQuerySchema, security },
    preValidation: requireRoles(e.show.roles),
    handler: async (req, reply) => {
      const opened = await files.open(currentUser(req), req.query.id);
      const inline = opened.file.kind === 'image' || opened.file.kind === 'pdf';
      return sendStoredFile(reply, opened, inline ? 'inline' : 'attachment');
    },
  });

  typed.route({
    method: 'GET',
    url: e.download.path,
    schema: { summary: e.download.summary, tags: ['File'], params: fileIdParamsSchema, security },
    preValidation: requireRoles(e.download.roles),
    handler: async (req, reply) => sendStoredFile(reply, await files.open(currentUser(req), req.params.id), 'attachment'),
  });
}
