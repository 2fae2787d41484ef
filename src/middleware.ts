/**
 * On-demand pages while the back-office is down or restarting: a 503 with Retry-After and a plain page saying so,
 * instead of the 500 page (nothing is broken; the launcher restarts the back-office within seconds). Prerendering
 * is left alone: a build must fail, not bake the 503 page into static files.
 */
import { defineMiddleware } from 'astro:middleware';
import { BackofficeError } from './lib/api/client.ts';
import { RETRY_AFTER_SECONDS } from './lib/config.ts';
import { errorFallbackHtml } from './lib/error-fallback.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof BackofficeError) || !error.unavailable) throw error;
    return new Response(errorFallbackHtml('unavailable'), {
      status: 503,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': String(RETRY_AFTER_SECONDS),
      },
    });
  }
});
