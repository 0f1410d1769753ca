import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import { accountRoutes } from './modules/account/account.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { createApplicationsService } from './modules/applications/applications.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { eBiddingJobs } from './modules/e-bidding/e-bidding.jobs';
import { eBiddingRoutes } from './modules/e-bidding/e-bidding.routes';
import { createEBiddingService } from './modules/e-bidding/e-bidding.service';
import { atcRoutes } from './modules/atc/atc.routes';
import { curtailmentRoutes } from './modules/curtailment/curtailment.routes';
import { createCurtailmentService } from './modules/curtailment/curtailment.service';
import { interStateRoutes } from './modules/inter-state/inter-state.routes';
import { interStateJobs } from './modules/inter-state/inter-state.jobs';
import { interStateTestHooks } from './modules/inter-state/inter-state.test-hooks';
import { interStateRegistrationJobs } from './modules/inter-state-registrations/inter-state-registrations.jobs';
import { interStateRegistrationsRoutes } from './modules/inter-state-registrations/inter-state-registrations.routes';
import { createInterStateRegistrationsService } from './modules/inter-state-registrations/inter-state-registrations.service';
import { createInterStateService } from './modules/inter-state/inter-state.service';
import { revisionsRoutes } from './modules/revisions/revisions.routes';
import { createRevisionsService } from './modules/revisions/revisions.service';
import { createAtcService } from './modules/atc/atc.service';
import { accountJobs } from './modules/account/account.jobs';
import { createAccountService } from './modules/account/account.service';
import { createLoginThrottle, LOGIN_FAILURE_WINDOW_MS } from './modules/account/login-throttle';
import { createCaptchaService } from './modules/account/captcha';
import { createAuditService } from './modules/audit/audit.service';
import { paymentsJobs } from './modules/payments/payments.jobs';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { configurationRoutes } from './modules/configuration/configuration.routes';
import { createConfigurationService } from './modules/configuration/configuration.service';
import { manualsRoutes } from './modules/configuration/manuals.routes';
import { createManualsService } from './modules/configuration/manuals.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobService, type JobServiceOptions } from './modules/jobs/jobs.service';
import { filesJobs } from './modules/files/files.jobs';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createNotificationHub } from './modules/notifications/notifications.hub';
import { notificationsRoutes, selectHubProtocol } from './modules/notifications/notifications.routes';
import { createNotificationsService, NOTIFY_CHANNEL } from './modules/notifications/notifications.service';
import { createUnreadCounts, onNotificationsChangedHere } from './modules/notifications/unread-counts';
import { tradersRoutes } from './modules/traders/traders.routes';
import { createTradersService } from './modules/traders/traders.service';
import { registrationJobs } from './modules/registrations/registrations.jobs';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { openAccessInformationRoutes } from './modules/reports/open-access-information.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createRegistrationsService } from './modules/registrations/registrations.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { authPlugin, createTokenSigner, SESSIONS_CHANNEL } from './platform/auth';
import { acceptEmptyJsonBody } from './platform/json-body';
import { type Clock, systemClock } from './platform/clock';
import type { AppConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { onSessionsEndedHere } from './platform/db/sessions';
import { registerErrorHandler, sendError } from './platform/error-handler';
import { createFileStorage } from './platform/files/storage';
import { loggerOptions, requestLogController } from './platform/logger';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSessionCache } from './platform/session-cache';
import { registerControlCharacterGuard } from './platform/text-guard';
import { MAIL_DELIVER_JOB, mailJobs } from './platform/mail/mail.jobs';
import { createOutboxWorker, logTransport, type MailTransport, smtpTransport } from './platform/mail/outbox';
import { setPasswordKdfCost } from './platform/passwords';

export interface BuildOptions {
  config: AppConfig;
  database: DatabaseHandle;
  clock?: Clock;
  /** Replaces SMTP/log delivery (tests capture mail). */
  mailTransport?: MailTransport;
  logger?: boolean | object;
  /** Job runner tuning (tests poll faster). */
  jobs?: Pick<JobServiceOptions, 'pollingIntervalSeconds' | 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'stopTimeoutMs'>;
}

export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  setPasswordKdfCost(config.passwordKdf);
  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    logController: requestLogController(config),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    trustProxy: config.env === 'production',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBody(app);
  registerErrorHandler(app);
  registerControlCharacterGuard(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });

  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  // Upload limits are set per route (files.routes.ts); the hub only ever receives tiny frames.
  await app.register(multipart);
  await app.register(websocket, { options: { maxPayload: 4096, handleProtocols: selectHubProtocol } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'STOA Portal API', version: '0.1.0', description: 'Short-term open access portal of the SLDC' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mailTransport =
    opts.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(app.log, { readable: config.env !== 'production' }));
  // Jobs (modules/jobs): pg-boss on this database. install() below, once every job is registered; server.ts start()s the workers.
  const jobs = createJobService({ database, log: app.log, clock, ...opts.jobs });
  const deliverMail = () => jobs.trigger(MAIL_DELIVER_JOB);
  const outbox = createOutboxWorker({
    db: database.db,
    transport: mailTransport,
    from: config.mailFrom,
    clock,
    log: app.log,
    onKick: deliverMail,
  });
  for (const def of [...mailJobs(outbox, deliverMail), ...accountJobs({ db: database.db, clock })]) jobs.register(def);
  const signer = createTokenSigner(config.jwtSecret, clock);
  const audit = createAuditService(clock);
  const captcha = createCaptchaService(database.db, clock);
  const account = createAccountService({
    db: database.db,
    clock,
    audit,
    signer,
    captcha,
    loginCaptcha: config.loginCaptcha,
    loginThrottle: createLoginThrottle({ failures: config.loginFailuresPerAddress, windowMs: LOGIN_FAILURE_WINDOW_MS }),
    codeSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    onMailQueued: () => outbox.kick(),
  });

  const configuration = createConfigurationService({ db: database.db, clock, audit });
  const files = createFilesService({
    db: database.db,
    clock,
    audit,
    storage: createFileStorage(config.filesDir),
    maxBytes: config.uploadMaxBytes,
    quotaBytes: config.uploadQuotaBytes,
    log: app.log,
  });
  for (const def of filesJobs(files)) jobs.register(def);
  const manuals = createManualsService({ db: database.db, clock, audit, files });
  const atc = createAtcService({ db: database.db, clock, audit, files, log: app.log });
  // The bell's counts (decision 0080): forgotten at once when this process changes a user's
  // notifications, and on the NOTIFY (below) when another one does.
  const unreadCounts = createUnreadCounts();
  const stopHearingNotifications = onNotificationsChangedHere((ids) => unreadCounts.invalidate(ids));
  const notifications = createNotificationsService({ db: database.db, clock, audit, unreadCounts });
  const users = createUsersService({ db: database.db, clock, audit, account, notifications, onMailQueued: () => outbox.kick() });
  const registrations = createRegistrationsService({ db: database.db, clock, audit, configuration, files, notifications, log: app.log });
  for (const def of registrationJobs(registrations)) jobs.register(def);
  const eBidding = createEBiddingService({ db: database.db, clock, audit, configuration, notifications });
  for (const def of eBiddingJobs(eBidding)) jobs.register(def);
  const payments = createPaymentsService({ db: database.db, clock, audit, files, notifications, publicUrl: config.publicUrl });
  for (const def of paymentsJobs({ autoDefaulter: payments.runAutoDefaulter, lateInterest: payments.runLateInterest })) jobs.register(def);
  const interState = createInterStateService({
    db: database.db,
    clock,
    audit,
    configuration,
    notifications,
    files,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  for (const def of interStateJobs(interState)) jobs.register(def);
  const interStateRegistrations = createInterStateRegistrationsService({
    db: database.db,
    clock,
    audit,
    configuration,
    files,
    notifications,
    log: app.log,
  });
  for (const def of interStateRegistrationJobs(interStateRegistrations)) jobs.register(def);
  // After every job is registered: creates the queues and cron schedules.
  await jobs.install();
  const traders = createTradersService({ db: database.db, clock, audit, notifications });
  const applications = createApplicationsService({ db: database.db, clock, audit, configuration, notifications, log: app.log });
  const curtailment = createCurtailmentService({ db: database.db, clock, audit, configuration, notifications });
  const revisions = createRevisionsService({ db: database.db, clock, audit, configuration, notifications });
  // Real-time fan-out: every process LISTENs; a committed notification reaches the sockets of all of them.
  const hub = createNotificationHub({ heartbeatMs: config.notifyHeartbeatMs, log: app.log });
  const unlistenNotifications = await database.listen(
    NOTIFY_CHANNEL,
    (payload) => {
      unreadCounts.onPayload(payload);
      hub.onPayload(payload);
    },
    {
      onReconnect: () => {
        unreadCounts.clear();
        hub.deliverAll();
      },
    },
  );
  // Live sessions read in the last seconds (decision 0073): forgotten at once when this process ends
  // a session, and on the NOTIFY when another one does.
  const sessions = createSessionCache();
  const stopHearingSessions = onSessionsEndedHere((ids) => sessions.invalidateUsers(ids));
  // Ended sessions (logout, password change, reuse, disabling): their open sockets are closed.
  const unlistenSessions = await database.listen(
    SESSIONS_CHANNEL,
    (payload) => {
      sessions.onSessionsPayload(payload);
      hub.onSessionsPayload(payload);
    },
    {
      onReconnect: () => {
        sessions.clear();
        hub.recheckAll();
      },
    },
  );

  await app.register(authPlugin, { db: database.db, signer, sessions });

  await app.register(async (api) => {
    accountRoutes(api, { account, captcha, loginCaptcha: config.loginCaptcha, loginRateLimit: config.loginRateLimitPerMinute });
    usersRoutes(api, { users });
    filesRoutes(api, { files, uploadRateLimit: config.uploadRateLimitPerMinute });
    notificationsRoutes(api, { notifications, hub, db: database.db, signer, clock });
    jobsRoutes(api, { jobs, db: database.db, audit });
    configurationRoutes(api, { configuration });
    paymentsRoutes(api, { payments, publicRateLimit: config.loginRateLimitPerMinute });
    manualsRoutes(api, { manuals });
    registrationsRoutes(api, { registrations });
    tradersRoutes(api, { traders });
    atcRoutes(api, { atc });
    applicationsRoutes(api, { applications });
    eBiddingRoutes(api, { eBidding });
    curtailmentRoutes(api, { curtailment });
    revisionsRoutes(api, { revisions });
    interStateRoutes(api, { interState, publicRateLimit: config.loginRateLimitPerMinute });
    interStateRegistrationsRoutes(api, { interStateRegistrations });
    // The browser journeys' test-only routes (TEST_HOOKS=on, refused outside NODE_ENV=test; decision 0088).
    if (config.testHooks) {
      const deps = { db: database.db, clock, audit, configuration, notifications, files, publicUrl: config.publicUrl, log: app.log };
      interStateTestHooks(api, deps);
    }
    reportsRoutes(api, { db: database.db, clock });
    openAccessInformationRoutes(api, { db: database.db, clock, publicRateLimit: config.loginRateLimitPerMinute });
    dashboardRoutes(api, { clock, applications, registrations, users, jobs, payments, interState, eBidding, interStateRegistrations });
    api.get('/api/health', { schema: { hide: true } }, async () => ({
      isSuccessful: true,
      data: { status: 'ok', database: database.kind },
    }));
  });

  const webDist = config.webDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Issue 16, decision 0074: the build writes .br and .gz beside every text file; send the
      // one the browser accepts. Hashed files under assets/ never change: cache them for a
      // year; everything else (index.html, favicon) is revalidated on every load.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.toLowerCase().startsWith('/api')) return sendError(req, reply, 'ROUTE_NOT_FOUND');
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes of the SPA: hand the browser index.html and let the router decide.
      const asset = path.extname(url) !== '' && !url.endsWith('.html');
      if (!asset) return reply.sendFile('index.html');
    }
    return sendError(req, reply, 'ROUTE_NOT_FOUND');
  });

  app.addHook('onClose', async () => {
    hub.close();
    await unlistenNotifications();
    await unlistenSessions();
    stopHearingSessions();
    stopHearingNotifications();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await outbox.stop();
  });

  return Object.assign(app, {
    services: {
      files,
      notifications,
      hub,
      account,
      audit,
      captcha,
      jobs,
      outbox,
      signer,
      sessions,
      unreadCounts,
      users,
      configuration,
      manuals,
      traders,
      registrations,
      atc,
      applications,
      curtailment,
      revisions,
      interState,
      interStateRegistrations,
      eBidding,
      payments,
    },
    clock,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
