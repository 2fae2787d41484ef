/**
 * The request id that ties together every log line of one visitor's request, on the storefront server and on the
 * back-office it calls (issue 27): the storefront keeps a valid incoming `x-request-id` (a proxy or CDN in front
 * may set one) or makes a new one, logs with it and sends it on every back-office call made while serving the
 * request; the back-office takes it the same way. The id travels through asynchronous code in an
 * AsyncLocalStorage scope, so SSR code and back-office services need no parameter for it. Node-only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits, `_` and `-`, 64 at most: nothing a log line or a header could be abused with. */
const VALID_REQUEST_ID = /^[\w-]{1,64}$/;

/** The id a request names in `x-request-id` when it is a plain token, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

interface RequestScope {
  requestId: string;
}

/**
 * One store per process, however many copies of this module are loaded: the storefront's SSR code is a bundle of
 * the build, loaded by the server that opens the scope, so both reach the store through the global symbol registry.
 */
const STORE_KEY = Symbol.for('plasterwick.request-scope');
const registry = globalThis as { [STORE_KEY]?: AsyncLocalStorage<RequestScope> };
const store = (registry[STORE_KEY] ??= new AsyncLocalStorage<RequestScope>());

/** Runs `work` (and everything asynchronous it starts) as part of the request `requestId`. */
export function runInRequest<R>(requestId: string, work: () => R): R {
  return store.run({ requestId }, work);
}

/** The id of the request the running code serves, if it serves one. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/**
 * A function that runs its argument outside any request, as things stood when it was made: work a request only
 * starts (a background job it nudges, and the timers that job sets) is not that request's.
 */
export function outsideRequests(): <R>(work: () => R) => R {
  const scope = AsyncLocalStorage.snapshot();
  return (work) => scope(work);
}
