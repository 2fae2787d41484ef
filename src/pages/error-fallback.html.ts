/**
 * The plain-HTML last resort, written into the build so the production server (which cannot load the i18n
 * catalogue itself) can send it when rendering an error page fails.
 */
import type { APIRoute } from 'astro';
import { errorFallbackHtml } from '../lib/error-fallback.ts';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(errorFallbackHtml(), { headers: { 'content-type': 'text/html; charset=utf-8' } });
