/**
 * `/api/v1/*` forwarded to the back-office, for the public calls only (public-api.ts). Written on node:http rather
 * than a proxy plugin so every failure has a defined answer: the body is read first (1 MB at most, 413 beyond),
 * so a back-office that is down or restarting is a 503 with Retry-After, never a reset connection; an answer that
 * is not HTTP is a 502; hop-by-hop headers and `Expect` stay on their own connection.
 */
import {
  request as httpRequest,
  Agent,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { CV_MAX_BYTES } from '@plasterwick/shop-rules/files';
import { REQUEST_ID_HEADER } from '@plasterwick/shop-rules/request-scope';
import { STAFF_COOKIE } from '@plasterwick/shop-rules/staff';
import type { FastifyPluginAsync, FastifyReply, RouteHandlerMethod } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../src/lib/config.ts';
import { isPublicCall } from './public-api.ts';
import { CONNECTION_FAILURE_CODES } from '@plasterwick/shop-rules/network';

/** The back-office's own body limit: larger bodies are refused here, before they travel. */
export const API_BODY_LIMIT = 1024 * 1024;
/**
 * The job application carries a CV of up to 5 MB: its call may be larger, by the form fields and the multipart
 * framing. A file just over 5 MB still reaches the back-office, whose answer names the field.
 */
export const UPLOAD_BODY_LIMIT = CV_MAX_BYTES + 1024 * 1024;
const UPLOAD_PATHS = ['/api/v1/application'];
/** How long the back-office may take to answer before the visitor is told the shop is busy. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** The back-office took too long: it is working, just not fast enough for this call. */
export const BUSY_MESSAGE = 'The shop is busy right now: please try again in a few seconds';
/** The back-office refused or dropped the connection: down, or being restarted by the launcher. */
export const RESTARTING_MESSAGE = 'The shop is restarting a service: please try again in a few seconds';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and `expect` concern one connection; they are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'host',
]);

export function sendApiError(reply: FastifyReply, statusCode: number, status: string, message: string) {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ status, message });
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.includes(name)),
  );
}

/**
 * The `Cookie` header without the staff session: a browser that has one (a person signed in to the console on the
 * same host) never hands it to the back-office through the public origin. Undefined when nothing is left.
 */
export function withoutStaffCookie(cookie: string | undefined): string | undefined {
  if (cookie === undefined) return undefined;
  const kept = cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && pair.split('=', 1)[0]!.trim() !== STAFF_COOKIE);
  return kept.length > 0 ? kept.join('; ') : undefined;
}

export interface ApiForwardOptions {
  /** Back-office origin without /api/v1. */
  upstream: string;
  /** Injected in tests; UPSTREAM_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export const apiForward: FastifyPluginAsync<ApiForwardOptions> = async (
  app,
  { upstream, timeoutMs = UPSTREAM_TIMEOUT_MS },
) => {
  const origin = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  app.addHook('onClose', async () => agent.destroy());

  // Bodies arrive as bytes whatever their type (JSON, multipart…) and travel unchanged.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: API_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // Refused before the body is read: a call that is not public never costs more than its headers.
  app.addHook('onRequest', async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = (queryAt === -1 ? request.url : request.url.slice(0, queryAt)).slice('/api/v1'.length);
    if (!isPublicCall(request.method, pathname)) {
      return sendApiError(reply, 404, 'not_found', `No route for ${request.method} /api/v1${pathname}`);
    }
  });

  // Returns the reply: Fastify then waits for the send below instead of answering an empty body itself.
  const forward: RouteHandlerMethod = async (request, reply) => {
    const headers: IncomingHttpHeaders = {
      ...withoutHopByHop(request.headers),
      host: origin.host,
      // The back-office trusts this server's X-Forwarded-For (npm start sets its TRUST_PROXY to our address),
      // so it sees the visitor this server worked out, not a chain the visitor wrote.
      'x-forwarded-for': request.ip,
      'x-forwarded-host': request.host,
      'x-forwarded-proto': request.protocol,
      // The id this server logs the request with (a valid one the visitor's proxy gave, else its own).
      [REQUEST_ID_HEADER]: request.id,
    };
    // The length is always the body actually forwarded: a GET that came with a body (which Fastify ignores)
    // must not announce bytes the back-office would then read from the next request on the connection.
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    delete headers['content-length'];
    const cookie = withoutStaffCookie(request.headers.cookie);
    if (cookie === undefined) delete headers.cookie;
    else headers.cookie = cookie;
    if (body) headers['content-length'] = String(body.length);

    {
      const upstreamRequest = httpRequest({
        agent,
        protocol: origin.protocol,
        hostname: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.url,
        headers,
        timeout: timeoutMs,
      });
      upstreamRequest.on('timeout', () =>
        upstreamRequest.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      upstreamRequest.on('response', (answer: IncomingMessage) => {
        const status = answer.statusCode ?? 0;
        if (status < 100 || status > 599) {
          answer.destroy();
          sendApiError(reply, 502, 'bad_gateway', 'The back-office sent an answer that could not be used');
          return;
        }
        reply.code(status).headers(withoutHopByHop(answer.headers));
        // The answer is streamed: an error after this point can only cut the connection, as any proxy does.
        reply.send(answer);
      });
      upstreamRequest.on('error', (error: Error & { code?: string }) => {
        if (reply.sent) return;
        if (error.code && CONNECTION_FAILURE_CODES.has(error.code)) {
          // The back-office is down, restarting or stuck (not answering badly).
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          // Our own timeout is a back-office too busy to answer in time; anything else a connection refused
          // or dropped while it restarts.
          const message = error.code === 'ETIMEDOUT' ? BUSY_MESSAGE : RESTARTING_MESSAGE;
          sendApiError(reply, 503, 'service_unavailable', message);
        } else {
          request.log.error({ err: error }, 'back-office answer could not be forwarded');
          sendApiError(reply, 502, 'bad_gateway', 'The back-office sent an answer that could not be used');
        }
      });
      upstreamRequest.end(body);
    }
    return reply;
  };

  // Every method reaches the hook above (so PUT, TRACE… are its 404), and only public GET/HEAD/POST get here.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'],
    url: '/*',
    exposeHeadRoute: false,
    handler: forward,
  });
  for (const url of UPLOAD_PATHS) {
    app.route({
      method: 'POST',
      url: url.slice('/api/v1'.length),
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: forward,
    });
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'forwarding failed');
    const limit = UPLOAD_PATHS.includes(request.url.split('?')[0] ?? '') ? '6 MB' : '1 MB';
    const message =
      status === 413 ? `Request body is too large (${limit} at most)` : (STATUS_CODES[status] ?? 'Error');
    return sendApiError(reply, status, status === 500 ? 'server_error' : 'invalid_request', message);
  });
};
