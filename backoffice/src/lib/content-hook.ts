/**
 * The content-change hook: after a write to published content commits, the back-office tells the storefront's
 * launcher (`npm start`, scripts/lib/content-hook.ts) so it rebuilds within seconds instead of at its next poll.
 * The hook is a loopback URL with a shared secret the launcher makes per run (CONTENT_HOOK_URL and
 * CONTENT_HOOK_SECRET); without them nothing is sent and the launcher's polling alone finds the change.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface ContentHook {
  url: string;
  secret: string;
}

/** A launcher that does not answer within this is skipped: the write never waits on it, and polling remains. */
export const CONTENT_HOOK_TIMEOUT_MS = 2_000;

/** Host names that reach this machine only: the secret never travels over a network. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The notification of a content change: a POST to the hook carrying the secret as a bearer token, sent without
 * waiting for the answer. A failure (launcher down, timeout, a status other than 2xx) is only logged: the content is
 * committed already, and the launcher's polling picks it up.
 */
export function contentHookNotifier(
  hook: ContentHook | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
  timeoutMs = CONTENT_HOOK_TIMEOUT_MS,
): () => void {
  if (!hook) return () => {};
  return () => {
    fetch(hook.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${hook.secret}` },
      signal: AbortSignal.timeout(timeoutMs),
    }).then(
      async (response) => {
        await response.body?.cancel();
        if (!response.ok) log.warn(`content hook ${hook.url} answered ${response.status}`);
      },
      (error: Error) => {
        const reason = error.cause instanceof Error ? error.cause : error;
        log.warn(`content hook ${hook.url} failed: ${reason.message}`);
      },
    );
  };
}
