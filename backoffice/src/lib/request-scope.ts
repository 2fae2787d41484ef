/**
 * The request id in every log line about a request (issue 27). Fastify's `request.log` carries it as `reqId`; the
 * services and flows that were handed `app.log` (the checkout, payment outcomes, the bot check, the content hook)
 * log through the root logger, so each request runs in a scope (`@plasterwick/shop-rules/request-scope`) and the
 * logger's mixin adds the scope's id to any line that does not carry one.
 */
import { AsyncResource } from 'node:async_hooks';
import { currentRequestId, runInRequest } from '@plasterwick/shop-rules/request-scope';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The label Fastify gives the id in its request logger (its `requestIdLogLabel` default). */
const REQUEST_ID_LABEL = 'reqId';

/** Pino's `mixin`: `reqId` of the request being served, on lines of a logger that is not that request's. */
export function requestIdMixin(
  _line: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Record<string, string> {
  const requestId = currentRequestId();
  if (requestId === undefined || REQUEST_ID_LABEL in logger.bindings()) return {};
  return { [REQUEST_ID_LABEL]: requestId };
}

/**
 * Opens the scope of each request, first of all its hooks. Reading a body runs on the socket's events, outside
 * the scope: validation, the handlers and the hooks after them are brought back into it (as
 * @fastify/request-context does).
 */
export function installRequestScope(app: FastifyInstance): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    runInRequest(request.id, () => {
      scopes.set(request, new AsyncResource('request-scope'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
