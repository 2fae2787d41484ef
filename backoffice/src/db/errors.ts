/** What the database's refusals look like through the drivers (postgres.js, PGlite) and drizzle's wrapping. */
import { CONNECTION_FAILURE_CODES } from '@plasterwick/shop-rules/network';

/** The chain of an error and the errors it wraps (drizzle's query error wraps the driver's in `cause`). */
function* errorChain(error: unknown): Generator<{ code?: unknown; errno?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth += 1) {
    yield current as { code?: unknown; errno?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL's unique_violation (23505), on the error or on the error it wraps (drizzle's query error). */
export function isUniqueViolation(error: unknown): boolean {
  for (const link of errorChain(error)) if (link.code === '23505') return true;
  return false;
}

/** postgres.js's own codes for a connection it lost or could not open. */
const DRIVER_CONNECTION_ERRORS = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
/**
 * SQLSTATEs of a server going away or not there yet: admin_shutdown (57P01, a fast or smart stop), crash_shutdown
 * (57P02), cannot_connect_now (57P03, starting up or shutting down); class 08 is connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/**
 * Whether the database could not be reached (down, restarting, the connection lost): nothing wrong with the
 * request, so it is answered 503 with Retry-After, and the driver reconnects by itself for the next one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (code === undefined) continue;
    if (
      CONNECTION_FAILURE_CODES.has(code) ||
      DRIVER_CONNECTION_ERRORS.has(code) ||
      UNAVAILABLE_SQLSTATES.has(code)
    ) {
      return true;
    }
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * postgres.js 3.4.9 writing to a connection it has already closed (porsager/postgres#1154, #1208, open): a write
 * queued behind `setImmediate` (its `nextWrite`) or a transaction's own ROLLBACK after the server dropped the
 * connection lands on a socket it has set to null. The TypeError is thrown from a timer, where no caller can catch
 * it. Recognised by its message AND its top frame being `nextWrite` in the driver's `connection.js`, so no other
 * error can pass for it.
 */
export function isDriverClosedSocketWrite(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (error.message !== "Cannot read properties of null (reading 'write')") return false;
  const topFrame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return topFrame !== undefined && /\bnextWrite\b.*[/\\]postgres[/\\]src[/\\]connection\.js:/.test(topFrame);
}
