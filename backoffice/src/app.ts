/** App factory: builds the Fastify instance for a database and a configuration (no listening, no env reads). */
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import scalarReference from '@scalar/fastify-api-reference';
import { ConnectionDrain } from '@plasterwick/shop-rules/graceful-shutdown';
import { requestSerializer } from '@plasterwick/shop-rules/logging';
import { REQUEST_ID_HEADER, requestIdOf } from '@plasterwick/shop-rules/request-scope';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@plasterwick/shop-rules/text';
import { fastifyTrustProxy } from '@plasterwick/shop-rules/trust-proxy';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { bumpContentVersion } from './lib/content-version.ts';
import { CONSOLE_DIST_DIR, consoleSite } from './lib/console.ts';
import type { Database } from './db/types.ts';
import { ReadCache } from './lib/cache.ts';
import { ContentChangeWatch, type Notifications } from './lib/content-changes.ts';
import { contentHookNotifier } from './lib/content-hook.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { contextResolver, installRequestValues } from './lib/context.ts';
import { ApiError, badRequest, DomainError } from './lib/errors.ts';
import { requireConsoleAddress, requireThisMachine } from './lib/exposure.ts';
import { domainErrorAnswer, installHttpKit } from './lib/http.ts';
import { installRequestScope, requestIdMixin } from './lib/request-scope.ts';
import { backOfficeJobs, createJobRunner, type JobRunner } from './jobs/index.ts';
import { customerCartTokenResolver } from './modules/cart/index.ts';
import { healthProbeRoutes } from './modules/health/index.ts';
import { sessionResolver } from './modules/customers/index.ts';
import { createMailTransport } from './modules/mail/index.ts';
import { apiModules } from './modules/index.ts';
import { buildSearchIndexes } from './modules/search/index.ts';
import { fakeProvider } from './modules/payments/index.ts';
import { installStaffAccess } from './modules/staff/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import { isDatabaseUnavailable, isUniqueViolation } from './db/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    cache: ReadCache;
    /**
     * Call after any write to catalogue or CMS data has committed: clears read caches, bumps the content version
     * and tells the launcher's content hook (when configured) so the storefront rebuilds.
     */
    contentChanged(): Promise<void>;
    /**
     * A content version learned from the database (`GET /content-version`): when newer than the one the read cache
     * reflects, the cache is cleared first (lib/content-changes.ts), so no answer is built from older content.
     */
    observeContentVersion(version: number): void;
    /** The background jobs (jobs/index.ts): `nudge(name)` when there is work for one, `runNow(name)` in tests. */
    jobs: Pick<JobRunner, 'nudge' | 'runNow'>;
    /**
     * The `mail` job, as its many callers know it: `nudge()` after committing queued mail, `drain()` in tests
     * (sends everything due, then resolves).
     */
    mail: { nudge(): void; drain(): Promise<void> };
    /** The time (a fake clock in tests: token validity, discount dates, webhook tolerance). */
    clock: Clock;
    /** The card payment provider (`fake` unless a real one is configured). */
    payments: PaymentProvider;
    /** Whether the server is closing (graceful shutdown): readiness answers 503 meanwhile. */
    isDraining(): boolean;
  }
}

/**
 * The Retry-After of a 503 while the database is away (a restart takes seconds; the driver reconnects by itself
 * as soon as it accepts connections again).
 */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Pino logger options over the defaults (a test's `stream`, say); tests pass false. */
  logger?: false | object;
  /** The clock adapter; the system clock unless a test gives a fake one. */
  clock?: Clock;
  /** The payment provider; the one the configuration names unless a test gives its own. */
  paymentProvider?: PaymentProvider;
  /**
   * LISTEN/NOTIFY of a PostgreSQL server (db/client.ts): with it, this back-office follows the content changes made
   * through the others sharing the database. Absent on the embedded database (one process).
   */
  notifications?: Notifications;
}

function sendApiError(reply: FastifyReply, error: ApiError) {
  return reply
    .status(error.statusCode)
    .headers(error.headers)
    .send({ status: error.status, message: error.message, errors: error.errors, ...error.extra });
}

export async function buildApp({
  db,
  config,
  logger,
  clock,
  paymentProvider,
  notifications,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer },
            mixin: requestIdMixin,
            ...logger,
          },
    // Two lines per request only when debugging, as on the storefront: the access log belongs to the proxy, and
    // at info level the lines cost more than a cached catalogue read itself.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The storefront's id for the visitor's request, so both servers' lines about it carry the same one.
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    requestIdHeader: false,
    // Requests that reach a closing server on a kept-alive connection are served (with `Connection: close`)
    // rather than refused with Fastify's own 503 body: only readiness says 503 while draining.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // URLs the router refuses (`%zz`, invalid UTF-8, a parameter over maxParamLength): the typed error body,
    // not Fastify's own (which names its error code and echoes the URL).
    frameworkErrors: (error, _request, untypedReply) => {
      const reply = untypedReply as unknown as FastifyReply;
      const statusCode = (error as { statusCode?: number }).statusCode ?? 400;
      const tooLong = statusCode === 414;
      return reply
        .code(tooLong ? 414 : 400)
        .send({ status: 'invalid_request', message: tooLong ? 'URL too long' : 'Malformed URL' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRequestScope(app);

  // Graceful shutdown (server.ts): once closing, in-flight requests finish and their connections close.
  const drain = new ConnectionDrain(app.server);
  app.decorate('isDraining', () => drain.draining);
  app.addHook('preClose', async () => drain.start());
  app.addHook('onClose', async () => drain.stop());

  const cache = new ReadCache();
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('cache', cache);
  app.decorate('clock', clock ?? systemClock);
  app.decorate('payments', paymentProvider ?? fakeProvider(config.payment.webhookSecret, db));
  const notifyContentHook = contentHookNotifier(config.contentHook, app.log);
  const contentChanges = notifications
    ? new ContentChangeWatch({ db, clearCache: () => cache.clear(), log: app.log, notifications })
    : undefined;
  app.decorate('contentChanged', async () => {
    cache.clear();
    const version = await bumpContentVersion(db, app.clock.now());
    await contentChanges?.announce(version);
    notifyContentHook();
  });
  app.decorate('observeContentVersion', (version: number) => contentChanges?.observe(version));
  if (contentChanges) {
    app.addHook('onReady', () => contentChanges.start());
    app.addHook('onClose', () => contentChanges.stop());
  }
  installRequestValues(app, {
    context: contextResolver(db, cache),
    cartToken: customerCartTokenResolver,
    session: sessionResolver(db),
  });

  // Every job runs once the app is ready (mail queued before a restart goes out), then at its pace; closing waits
  // for the runs in flight (a message being sent) before the transport closes.
  const mailTransport = createMailTransport(config, app.log, app.clock);
  const jobs: JobRunner = createJobRunner(backOfficeJobs(config), {
    db,
    clock: app.clock,
    log: app.log,
    config,
    mailTransport,
    payments: app.payments,
    nudge: (name) => jobs.nudge(name),
    contentChanged: () => app.contentChanged(),
  });
  app.decorate('jobs', { nudge: jobs.nudge, runNow: jobs.runNow });
  app.decorate('mail', { nudge: () => jobs.nudge('mail'), drain: () => jobs.runNow('mail') });
  // The search indexes (issue 29) are built in the background once the app is ready: readiness waits for them.
  app.addHook('onReady', async () => {
    buildSearchIndexes(app).catch((error: Error) =>
      app.log.warn({ err: error }, 'search indexes not built yet'),
    );
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailTransport.close();
  });

  // Text PostgreSQL cannot store (NUL, lone surrogates) is refused here, once for every route, before any schema
  // or query sees it.
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...unstorableTextPaths(request.params, 'params'),
      ...unstorableTextPaths(request.query, 'query'),
      ...unstorableTextPaths(request.body, 'body'),
    ];
    if (paths.length > 0) {
      throw badRequest(
        `Invalid ${paths.join(', ')}`,
        paths.map((field) => ({ field, message: UNSTORABLE_TEXT_MESSAGE })),
      );
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        status: 'invalid_request',
        message: `Invalid ${errors.map((e) => e.field).join(', ')}`,
        errors,
      });
    }
    if (error instanceof DomainError) return sendApiError(reply, domainErrorAnswer(error));
    if (error instanceof ApiError) return sendApiError(reply, error);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ status: 'server_error', message: 'An internal error occurred' });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      return reply
        .status(statusCode)
        .send({ status: 'invalid_request', message: (error as Error).message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or out of reach: not the request's fault nor a bug, and the next try after it
      // is back succeeds. A warning, not an error: an outage logs one per call.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS)).send({
        status: 'unavailable',
        message: 'The service is briefly unavailable (its database cannot be reached): try again shortly',
      });
    }
    if (isUniqueViolation(error)) {
      // A write raced another one that created the same key (a pack reference, say) between its checks and its
      // insert: the database refused the second, which is the caller's conflict, not a fault.
      return reply.status(409).send({
        status: 'conflict',
        message:
          'Another change made at the same time already uses this value: read the data again and retry',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 'server_error', message: 'An internal error occurred' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ status: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  );

  await installHttpKit(app, { apiKey: config.apiKey, previewToken: config.previewToken });
  installStaffAccess(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Plasterwick back-office API',
        version: '1.0.0',
        description:
          'Catalogue, CMS, search and stockists for the Plasterwick UK storefront. Every call except media, ' +
          'health, docs and the site lookup takes `site_id`; catalogue calls take `saleplan_id` (or its synonym ' +
          '`sales_plan_id`). Errors are `{ status, message, errors? }`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          machineToken: { type: 'http', scheme: 'bearer', description: 'A machine token, `pwt_…`' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'pw_staff' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // The API's documents describe every call: they answer this machine only (lib/exposure.ts).
      api.addHook('onRequest', async (request) => {
        if (/^\/api\/v1\/(openapi\.json|docs)(\/|\?|$)/.test(request.url)) requireThisMachine(request);
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(scalarReference, {
        routePrefix: '/docs',
        configuration: { url: '/api/v1/openapi.json' },
      });
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api/v1' },
  );
  // Where load balancers probe: at the root, answering any address (modules/health/routes.ts).
  await app.register(healthProbeRoutes);
  await app.register(consoleSite, { distDir: CONSOLE_DIST_DIR, allowClient: requireConsoleAddress });

  return app;
}
