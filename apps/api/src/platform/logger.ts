import type { Writable } from 'node:stream';

import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pretty from 'pino-pretty';

import type { AppConfig } from './config';

/**
 * One log line per request, with what a reader needs (method, URL, status, time), at `debug` when
 * it succeeded (decision 0073: writing a line per request cost the API a large share of its
 * throughput; LOG_LEVEL=debug shows them). A refused request (4xx) is logged at `info` in
 * production, where a log collector reads JSON, and at `debug` elsewhere (a local user sees what
 * the portal does, not 46,000 request lines). A failure (5xx) and an error keep the `error` level.
 */
export class RequestLogController extends LogController {
  constructor(private readonly refusedLevel: 'debug' | 'info') {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else {
      const level = reply.statusCode >= 500 ? 'error' : reply.statusCode >= 400 ? this.refusedLevel : 'debug';
      reply.log[level](line, `${request.method} ${request.url} ${reply.statusCode} ${line.responseTime} ms`);
    }
  }
}

/**
 * Fastify logger options (ARCHITECTURE.md §12): JSON lines in production; outside production,
 * readable lines through pino-pretty 13 (time, level, request id, message; colours on a terminal).
 * `destination` replaces stdout (tests).
 */
export function loggerOptions(config: Pick<AppConfig, 'env' | 'logLevel'>, destination?: Writable) {
  if (config.env === 'production') return destination ? { level: config.logLevel, stream: destination } : { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      destination: destination ?? 1,
      sync: true,
      colorize: destination ? false : Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      // A request line is its message (method, URL, status); the request id leads the message.
      ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
      messageFormat: '{if reqId}({reqId}) {end}{msg}',
      singleLine: false,
    }),
  };
}

export const requestLogController = (config: Pick<AppConfig, 'env'>) =>
  new RequestLogController(config.env === 'production' ? 'info' : 'debug');
