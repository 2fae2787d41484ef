/**
 * Every page first learns which site it renders with (spec §7 site lookup, `Astro.locals.site`): a static page the
 * build's; an on-demand page the site of the host the outer server worked out (`SITE_HOST_HEADER`; `Host` when
 * Astro runs on its own), looked up once per allowed host, else the build's (src/lib/site-resolution.ts).
 *
 * On-demand pages while the back-office is down or restarting: a 503 with Retry-After and a plain page saying so,
 * instead of the 500 page (nothing is broken; the launcher restarts the back-office within seconds); when it is up
 * but did not answer in time, the page says the shop is busy. Prerendering
 * is left alone: a build must fail, not bake the 503 page into static files.
 */
import { defineMiddleware } from 'astro:middleware';
import { buildSite, requestSite } from './lib/api/index.ts';
import { BackofficeError } from './lib/api/client.ts';
import { RETRY_AFTER_SECONDS } from './lib/config.ts';
import { errorFallbackHtml } from './lib/error-fallback.ts';
import { CONTENT_VERSION_HEADER, SITE_HOST_HEADER } from './lib/site-resolution.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) {
    context.locals.site = buildSite();
    return next();
  }
  const headers = context.request.headers;
  context.locals.site = await requestSite(headers.get(SITE_HOST_HEADER) ?? headers.get('host'));
  context.locals.contentVersion = headers.get(CONTENT_VERSION_HEADER) ?? undefined;
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof BackofficeError) || !error.unavailable) throw error;
    return new Response(errorFallbackHtml(error.busy ? 'busy' : 'unavailable'), {
      status: 503,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': String(RETRY_AFTER_SECONDS),
      },
    });
  }
});
