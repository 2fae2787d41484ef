/** /robots.txt, generated at build with the public origin (SITE_URL). */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/content/sitemap.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site?.origin ?? 'http://localhost:4321'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
