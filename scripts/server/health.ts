/**
 * The storefront server's health probes (issue 27), answered before anything else of the request pipeline (the
 * allow-list, the canonical host and every redirect, the site and audience routing), from any address, telling
 * nothing about the shop:
 * - `GET /health/live`: the process answers;
 * - `GET /health/ready`: it serves a build (it cannot start without one), is not shutting down, and the
 *   back-office's own `/health/ready` answers 200 (asked with a short timeout, the answer kept about a second so a
 *   flood of probes asks it once). 503 with `{ status, message }` saying why otherwise.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

export const HEALTH_PATHS = new Set(['/health/live', '/health/ready']);

/** How long the back-office's readiness may take to answer; a probe of ours waits for it. */
export const BACKOFFICE_READY_TIMEOUT_MS = 1_000;
/** How long its answer is kept: a probe flood costs the back-office one call a second. */
export const BACKOFFICE_READY_TTL_MS = 1_000;

/** Whether `url` (path and query) is one of the probes. */
export function isHealthProbe(url: string): boolean {
  const queryAt = url.indexOf('?');
  return HEALTH_PATHS.has(queryAt === -1 ? url : url.slice(0, queryAt));
}

/** The back-office's readiness: undefined when ready, else why not (in words that name no address). */
export type ReadinessCheck = () => Promise<string | undefined>;

/** Asks `${backofficeUrl}/health/ready`, sharing one call and its answer between the probes of a second. */
export function backofficeReadiness(
  backofficeUrl: string,
  { timeoutMs = BACKOFFICE_READY_TIMEOUT_MS, ttlMs = BACKOFFICE_READY_TTL_MS } = {},
): ReadinessCheck {
  const url = new URL('/health/ready', backofficeUrl);
  let kept: { answer: Promise<string | undefined>; until: number } | undefined;
  async function ask(): Promise<string | undefined> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok ? undefined : 'The back-office is not ready';
    } catch {
      return 'The back-office cannot be reached';
    }
  }
  return () => {
    const now = Date.now();
    if (!kept || now >= kept.until) {
      const answer = ask();
      kept = { answer, until: now + timeoutMs + ttlMs };
      // The answer is kept for ttlMs from when it arrives, not from when it was asked.
      void answer.then(() => {
        if (kept?.answer === answer) kept.until = Date.now() + ttlMs;
      });
    }
    return kept.answer;
  };
}

export interface HealthOptions {
  draining: () => boolean;
  backofficeReady: ReadinessCheck;
}

export function healthRoutes(app: FastifyInstance, { draining, backofficeReady }: HealthOptions): void {
  const answer = (reply: FastifyReply, reason: string | undefined) =>
    reply
      .code(reason === undefined ? 200 : 503)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(reason === undefined ? { status: 'ok' } : { status: 'service_unavailable', message: reason });
  app.get('/health/live', async (_request, reply) => answer(reply, undefined));
  app.get('/health/ready', async (_request, reply) =>
    answer(reply, draining() ? 'This storefront server is shutting down' : await backofficeReady()),
  );
}
