/**
 * The production server (Fastify) around Astro's handler in middleware mode. Order matters:
 * 1. onRequest: security headers on the RAW response (so they reach what Astro writes itself), the health probes
 *    (health.ts: before anything else, so load balancers reach them from any address and host), the IP allow-list,
 *    the canonical-host 301, the `_redirects` 301s, the audience-segment 301s, the account area's guard (302 home
 *    without the login indicator cookie), the locale cookie on HTML.
 * 2. /api/v1/* forwarded to the back-office.
 * 3. Files of the build's client dir (compressed, cached; built pages compressed once per build), then Astro's
 *    handler (hijacked) for what no file answers, with the client's address and host as this server worked them out
 *    (TRUST_PROXY), then the built 404 page. What Astro writes is captured whole, compressed and sent in one write;
 *    answers that are the same for everyone are kept in the answer cache (answer-cache.ts).
 */
import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ConnectionDrain } from '@plasterwick/shop-rules/graceful-shutdown';
import { requestSerializer } from '@plasterwick/shop-rules/logging';
import { REQUEST_ID_HEADER, requestIdOf, runInRequest } from '@plasterwick/shop-rules/request-scope';
import { isStorableText } from '@plasterwick/shop-rules/text';
import { fastifyTrustProxy } from '@plasterwick/shop-rules/trust-proxy';
import { ApiClient } from '../../src/lib/api/client.ts';
import { getContentVersion } from '../../src/lib/api/site.ts';
import { LOCALE_COOKIE, REDIRECT_STATUS } from '../../src/lib/config.ts';
import { needsOnDemandSort } from '../../src/lib/routing.ts';
import { CONTENT_VERSION_HEADER, SITE_HOST_HEADER } from '../../src/lib/site-resolution.ts';
import type { StorefrontEnv } from '../../src/lib/env.ts';
import { segmentRedirect } from '../lib/paths.ts';
import { accountAreaOf, accountGuardRedirect } from './account-guard.ts';
import {
  AnswerCache,
  answerKey,
  isCacheableAnswer,
  isCacheableRequest,
  pageHeaders,
} from './answer-cache.ts';
import { BuildRegistry, type CachedPage, type LoadedBuild } from './builds.ts';
import { apiForward } from './api-forward.ts';
import { captureResponse } from './capture.ts';
import { ContentVersionWatch } from './content-version.ts';
import { DYNAMIC_BROTLI_QUALITY, EncodedBody, negotiateEncoding, type ContentEncoding } from './encoding.ts';
import { backofficeReadiness, healthRoutes, isHealthProbe, type ReadinessCheck } from './health.ts';

export const NOT_ALLOWED_MESSAGE = 'You are not allowed to access this application';
const LOCALE_COOKIE_HEADER =
  `${LOCALE_COOKIE.name}=${LOCALE_COOKIE.value}; Max-Age=${LOCALE_COOKIE.maxAgeDays * 86_400}; ` +
  `Path=${LOCALE_COOKIE.path}; SameSite=${LOCALE_COOKIE.sameSite}`;

/**
 * The browser features pages may use: the camera for the barcode scanner and the location for the stockist
 * finder, on the shop's own origin only; the other powerful features for nobody (an injected frame or script
 * cannot ask for them). Features a YouTube embed is given by its `allow` attribute keep their defaults.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** `::ffff:127.0.0.1` (IPv4 on a dual-stack socket) compares equal to `127.0.0.1`. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** Cache policy by path: hashed assets forever, HTML briefly (a new build must show up quickly). */
export function cacheControl(file: string): string {
  if (file.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'public, max-age=60, must-revalidate';
  if (file.startsWith('pagefind/')) return 'public, max-age=300';
  return 'public, max-age=3600';
}

function hasLocaleCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '')
    .split(';')
    .some((part) => part.trim().startsWith(`${LOCALE_COOKIE.name}=`));
}

/**
 * Adds the locale cookie to the response if, when its head is written, it turns out to be HTML (`Secure` when the
 * request came over HTTPS). Wrapping writeHead covers Fastify's replies and the ones Astro writes itself alike.
 */
function setLocaleCookieOnHtml(res: ServerResponse, secure: boolean): void {
  const cookie = secure ? `${LOCALE_COOKIE_HEADER}; Secure` : LOCALE_COOKIE_HEADER;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find(
      (arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    );
    const typeKey = headers && Object.keys(headers).find((key) => key.toLowerCase() === 'content-type');
    const contentType = String((typeKey && headers?.[typeKey]) ?? this.getHeader('content-type') ?? '');
    if (contentType.includes('text/html')) {
      const cookieKey = headers && Object.keys(headers).find((key) => key.toLowerCase() === 'set-cookie');
      if (headers && cookieKey) {
        const existing = headers[cookieKey];
        headers[cookieKey] = [
          ...(Array.isArray(existing) ? existing : existing ? [String(existing)] : []),
          cookie,
        ];
      } else {
        this.appendHeader('set-cookie', cookie);
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

function redirect(reply: FastifyReply, location: string) {
  return reply
    .code(REDIRECT_STATUS)
    .header('location', location)
    .header('cache-control', 'public, max-age=3600')
    .send();
}

/** pagefind's own binary files (gzipped `.pf_meta`, `.pf_index`, `.pf_filter`, `.pf_fragment`, wasm). */
const PAGEFIND_BINARY = /\.(?:pf_[a-z]+|pagefind)$/;

/**
 * Writes the built 404 page of the path's audience (or a plain text one) straight to the raw response, for
 * hijacked replies.
 */
function writeNotFound(build: LoadedBuild, pathname: string, res: ServerResponse, head: boolean) {
  if (res.headersSent) return res.end();
  const page = build.notFoundPageFor(pathname);
  const body = page ?? Buffer.from('Not found');
  res.writeHead(404, {
    'content-type': page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}

/** Spec §2: when rendering failed, the built 500 page, else the plain fallback with its link home. */
function writeServerError(build: LoadedBuild, res: ServerResponse) {
  if (res.headersSent) return res.end();
  const body = build.errorPage ?? build.fallbackPage ?? Buffer.from('An error occurred');
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function safeDecode(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** Security headers of spec §2 / design.md, on every response: pages, files, redirects, errors, proxied calls. */
function securityHeaders(build: LoadedBuild, https: boolean): Record<string, string> {
  return {
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': build.csp,
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Methods a page answers; anything else (TRACE, PUT, OPTIONS, WebDAV verbs…) is a 405 before Astro sees it. */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** Says whether an answer came from the answer cache (`hit`), was rendered and kept (`miss`) or could not be. */
export const CACHE_STATUS_HEADER = 'x-cache';
type CacheStatus = 'hit' | 'miss' | 'bypass';

/** The back-office cannot hold on-demand pages for longer than this while telling its content version. */
const CONTENT_VERSION_TIMEOUT_MS = 2000;

/** The back-office's content version (`GET /content-version`) for the site the served build was made for. */
function contentVersionReader(backofficeUrl: string, builds: BuildRegistry): () => Promise<number> {
  const api = new ApiClient({
    origin: backofficeUrl,
    siteId: () => builds.current().siteId,
    planId: () => undefined,
    timeoutMs: CONTENT_VERSION_TIMEOUT_MS,
  });
  return () => getContentVersion(api);
}

/** The encoding to send `body` in for this request (none when it is too small to gain from it). */
function encodingFor(request: FastifyRequest, body: EncodedBody): ContentEncoding | undefined {
  return body.compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
}

/** A built page from memory, in the encoding the client accepts, with an ETag per encoding. */
async function sendBuiltPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const encoding = encodingFor(request, page.body);
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  reply.header('etag', etag).header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.body.identity);
  const body = await page.body.get(encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/** An on-demand page's answer on the raw (hijacked) response, compressed when the client accepts it. */
async function writeAnswer(
  request: FastifyRequest,
  res: ServerResponse,
  answer: { status: number; headers: OutgoingHttpHeaders; body: EncodedBody },
  cacheStatus: CacheStatus,
) {
  const encoding = encodingFor(request, answer.body);
  let body = answer.body.identity;
  let encodingHeader: Record<string, string> = {};
  if (encoding) {
    try {
      body = await answer.body.get(encoding);
      encodingHeader = { 'content-encoding': encoding };
    } catch (error) {
      request.log.warn({ err: error }, 'compression failed: sending the page uncompressed');
    }
  }
  res.writeHead(answer.status, {
    ...answer.headers,
    ...encodingHeader,
    vary: 'Accept-Encoding',
    'content-length': body.length,
    [CACHE_STATUS_HEADER]: cacheStatus,
  });
  res.end(request.method === 'HEAD' ? undefined : body);
}

export interface ServerOptions {
  env: StorefrontEnv;
  /** Injected in tests; by default the builds of env.BUILDS_DIR. */
  builds?: BuildRegistry;
  /** Injected in tests; by default the back-office's `GET /content-version` for the build's site. */
  contentVersion?: () => Promise<number>;
  /** Injected in tests; by default one with the defaults of answer-cache.ts. */
  answerCache?: AnswerCache;
  /** Injected in tests; how long a forwarded `/api/v1` call may wait (api-forward.ts UPSTREAM_TIMEOUT_MS). */
  apiTimeoutMs?: number;
  /** Injected in tests; by default the back-office's `/health/ready`, kept a second (health.ts). */
  backofficeReady?: ReadinessCheck;
  /** Injected in tests: where the log lines go (stdout by default). */
  logStream?: NodeJS.WritableStream;
}

export async function createServer({
  env,
  builds = new BuildRegistry(env.BUILDS_DIR),
  contentVersion = contentVersionReader(env.BACKOFFICE_URL, builds),
  answerCache = new AnswerCache(),
  apiTimeoutMs,
  backofficeReady = backofficeReadiness(env.BACKOFFICE_URL),
  logStream,
}: ServerOptions): Promise<FastifyInstance> {
  builds.init();
  const contentVersions = new ContentVersionWatch(contentVersion);
  const allowed = new Set(env.ALLOWED_IPS.map(normalizeIp));
  const isAllowed = (ip: string | undefined) =>
    allowed.size === 0 || (ip !== undefined && allowed.has(normalizeIp(ip)));
  const canonical = env.CANONICAL_HOST;
  // A request Node's parser refuses carries no X-Forwarded-Proto to read: the public origin says whether visitors
  // come over HTTPS (a browser ignores HSTS received over plain HTTP anyway, RFC 6797 §8.1).
  const publicHttps = new URL(env.SITE_URL).protocol === 'https:';

  const app = Fastify({
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    logger: {
      level: env.LOG_LEVEL,
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    // The visitor's request keeps the id a proxy in front gave it, else gets one; every back-office call made
    // while serving it sends it on (api-forward.ts, and src/lib/api/server-fetch.ts for the pages).
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    requestIdHeader: false,
    // Requests that reach a closing server on a kept-alive connection are served (with `Connection: close`):
    // only readiness says 503 while draining.
    return503OnClosing: false,
    // One line per request only when debugging: the access log belongs to the proxy in front.
    logController: new LogController({
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
    // A URL Fastify cannot route (`/%zz`): the same headers and allow-list as any other answer.
    frameworkErrors: (error, request, untypedReply) => {
      const reply = untypedReply as unknown as FastifyReply;
      reply.headers(securityHeaders(builds.current(), request.protocol === 'https'));
      if (!isAllowed(request.ip))
        return reply.code(401).type('text/plain; charset=utf-8').send(NOT_ALLOWED_MESSAGE);
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      return reply
        .code(status < 500 ? status : 400)
        .type('text/plain; charset=utf-8')
        .send('Malformed URL');
    },
    // Requests Node's parser refuses (431 headers too large, 400 malformed): answered on the raw socket, still
    // with the headers, and 401 for a peer outside the allow-list (no proxy header can be read from them).
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (!socket.writable) return socket.destroy();
      const status = !isAllowed(socket.remoteAddress)
        ? 401
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
      const body = status === 401 ? NOT_ALLOWED_MESSAGE : (STATUS_CODES[status] ?? 'Bad Request');
      const headers = {
        ...securityHeaders(builds.current(), publicHttps || (socket as TLSSocket).encrypted === true),
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        'Cache-Control': 'no-store',
        Connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
    },
  });

  // Node answers an Expect other than 100-continue with its own bare 417; serving the request as usual (which
  // RFC 9110 allows) keeps the headers and the allow-list on that answer too.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));

  // Graceful shutdown (scripts/server.ts): once closing, in-flight requests finish and their connections close.
  const drain = new ConnectionDrain(app.server);
  app.addHook('preClose', async () => drain.start());
  app.addHook('onClose', async () => drain.stop());
  healthRoutes(app, { draining: () => drain.draining, backofficeReady });

  app.addHook('onRequest', async (request, reply) => {
    const build = builds.current();
    const res = reply.raw;
    for (const [name, value] of Object.entries(securityHeaders(build, request.protocol === 'https'))) {
      res.setHeader(name, value);
    }
    if (isHealthProbe(request.url)) return;
    if (!isAllowed(request.ip)) {
      return reply.code(401).type('text/plain; charset=utf-8').send(NOT_ALLOWED_MESSAGE);
    }
    if (!hasLocaleCookie(request)) setLocaleCookieOnHtml(res, request.protocol === 'https');
    if (request.method !== 'GET' && request.method !== 'HEAD') return;

    const host = canonical.includes(':') ? request.host.toLowerCase() : request.hostname.toLowerCase();
    if (canonical && host !== canonical)
      return redirect(reply, `${request.protocol}://${canonical}${request.url}`);

    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : request.url.slice(queryAt);
    const fromTable = build.redirects.match(pathname, search);
    if (fromTable) return redirect(reply, fromTable);
    const fromSegment = segmentRedirect(pathname);
    if (fromSegment) return redirect(reply, `${fromSegment}${search}`);
    // Spec §6 route guard: the account area without the login indicator goes home (never cached: it depends on
    // the visitor's cookie).
    const decoded = safeDecode(pathname);
    const home = decoded === undefined ? undefined : accountGuardRedirect(decoded, request.headers.cookie);
    if (home) return reply.code(302).header('location', home).header('cache-control', 'no-store').send();
  });

  // Compressed answers only: request bodies are forwarded as they came (the back-office judges them).
  await app.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'] });

  await app.register(apiForward, {
    prefix: '/api/v1',
    upstream: env.BACKOFFICE_URL,
    timeoutMs: apiTimeoutMs,
  });

  // Pages and files: in their own context so no body parser consumes a POST before Astro reads it.
  await app.register(async (site) => {
    site.removeAllContentTypeParsers();
    site.addContentTypeParser(
      '*',
      (_request: FastifyRequest, _payload: IncomingMessage, done: (error: null) => void) => done(null),
    );
    await site.register(fastifyStatic, {
      root: builds.current().clientDir,
      serve: false,
      cacheControl: false,
    });

    site.all('*', async (request, reply) => {
      const build = builds.current();
      if (!PAGE_METHODS.has(request.method)) {
        return reply
          .code(405)
          .header('allow', 'GET, HEAD, POST')
          .type('text/plain; charset=utf-8')
          .send('Method Not Allowed');
      }
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const queryAt = request.url.indexOf('?');
      const pathname = safeDecode(queryAt === -1 ? request.url : request.url.slice(0, queryAt));
      if (pathname === undefined)
        return reply.code(400).type('text/plain; charset=utf-8').send('Malformed URL');
      // A category listing in another order than relevance has no static page: the on-demand route sorts it.
      const sorted = needsOnDemandSort(
        pathname,
        new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt)),
      );
      const file = isRead && !sorted ? build.staticFile(pathname) : undefined;
      if (file) {
        // An account page passed the guard on this visitor's cookie: no shared cache may hand it to another.
        reply.header('cache-control', accountAreaOf(pathname) ? 'private, no-store' : cacheControl(file));
        const page = build.page(file);
        if (!page) {
          // pagefind's index files are gzip already: @fastify/compress would pass them through unchanged yet
          // label them with the negotiated encoding, so they skip it (its documented per-request switch).
          if (PAGEFIND_BINARY.test(file)) {
            request.headers['x-no-compression'] = '1';
            reply.type('application/octet-stream');
          }
          return reply.sendFile(file, build.clientDir);
        }
        return sendBuiltPage(request, reply, page);
      }

      // No page can be named by text the back-office could not store (NUL, lone surrogates): 404, not a render.
      const query = safeDecode(queryAt === -1 ? '' : request.url.slice(queryAt + 1).replaceAll('+', ' '));
      if (!isStorableText(pathname) || query === undefined || !isStorableText(query)) {
        return writeNotFound(build, pathname, reply.hijack().raw, request.method === 'HEAD');
      }

      const version = await contentVersions.current();
      const key =
        version === undefined || !isCacheableRequest(request.method, pathname, request.headers)
          ? undefined
          : answerKey({
              contentVersion: `${build.id}:${version}`,
              host: request.host,
              audience: pathname.split('/')[1] ?? '',
              url: request.url,
            });
      const cached = key === undefined ? undefined : answerCache.get(key);
      reply.hijack();
      if (cached) return writeAnswer(request, reply.raw, cached, 'hit');

      const handler = await build.handler();
      // Pages that call the back-office on a visitor's behalf pass this on: the visitor this server worked out
      // (TRUST_PROXY), never a value the visitor wrote.
      request.raw.headers['x-forwarded-for'] = request.ip;
      // Likewise the host, for the page's site lookup: X-Forwarded-Host only from a trusted proxy, else Host.
      request.raw.headers[SITE_HOST_HEADER] = request.host;
      // And the content version the answer is keyed by, so the page's kept data (menus) is as new as the key.
      if (version === undefined) delete request.raw.headers[CONTENT_VERSION_HEADER];
      else request.raw.headers[CONTENT_VERSION_HEADER] = String(version);
      const capture = captureResponse(reply.raw);
      try {
        // In the request's scope: the page's back-office calls send its id (src/lib/api/server-fetch.ts).
        await runInRequest(request.id, () =>
          handler(request.raw, reply.raw, () =>
            writeNotFound(build, pathname, reply.raw, request.method === 'HEAD'),
          ),
        );
      } catch (error) {
        capture.restore();
        request.log.error(error);
        return writeServerError(build, reply.raw);
      }
      capture.restore();
      if (!capture.ended) return writeServerError(build, reply.raw);
      const answer = await capture.done;
      const stored =
        key !== undefined && request.method === 'GET' && isCacheableAnswer(answer.status, answer.headers)
          ? answerCache.set(key, answer.status, answer.headers, answer.body)
          : undefined;
      if (stored) return writeAnswer(request, reply.raw, stored, 'miss');
      // Set-Cookie and the like stay on this one answer.
      const body = new EncodedBody(answer.body, DYNAMIC_BROTLI_QUALITY);
      return writeAnswer(
        request,
        reply.raw,
        { ...answer, headers: pageHeaders(answer.headers), body },
        'bypass',
      );
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const page = builds.current().notFoundPageFor(request.url);
    reply.code(404).header('cache-control', 'no-store');
    return page
      ? reply.type('text/html; charset=utf-8').send(page)
      : reply.type('text/plain').send('Not found');
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const build = builds.current();
    const errorPage = build.errorPage ?? build.fallbackPage;
    if (status === 500 && errorPage) return reply.code(500).type('text/html; charset=utf-8').send(errorPage);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(STATUS_CODES[status] ?? 'Error');
  });

  return app;
}
