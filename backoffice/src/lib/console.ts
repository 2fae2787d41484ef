/**
 * Serves the staff console (the React application of backoffice/console, built into its dist/) at /admin: hashed
 * assets cached for a year, every other path under /admin answered with index.html (the console's router reads
 * the path: deep links and reloads work) and never cached, so a new build is picked up at the next load. Until the
 * console is built, /admin answers a page saying how to build it. The console talks to the staff API on this same
 * origin, so its page forbids everything else (CSP).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where `npm run build -w console` writes the console. */
export const CONSOLE_DIST_DIR = fileURLToPath(new URL('../../console/dist/', import.meta.url));
export const CONSOLE_BUILD_COMMAND = 'npm run build -w console';
export const CONSOLE_PATH = '/admin';

/**
 * The console's own code and the staff API only. MUI writes its styles into <style> elements at run time (Emotion),
 * hence the inline styles; the QR code of the enrolment is an SVG shown as a data: image.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function pageHeaders(reply: FastifyReply) {
  return reply.headers({
    'cache-control': 'no-store',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    // Setup, invitation and reset links carry their token in the query string: no page may receive it as a referrer.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

function notBuiltPage(distDir: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Staff console not built</title><meta name="robots" content="noindex"></head>
<body>
<h1>The staff console is not built yet</h1>
<p>Build it from the repository's root with <code>${CONSOLE_BUILD_COMMAND}</code> (it is written to
<code>${path.relative(process.cwd(), distDir) || distDir}</code>), then reload this page. <code>npm start</code> builds it
for you when it is missing or older than its sources.</p>
</body>
</html>
`;
}

export interface ConsoleSiteOptions {
  /** The console's build (CONSOLE_DIST_DIR; tests give their own). */
  distDir: string;
  /** Who may load the console: throws for a client that may not (the app passes lib/exposure.ts's rule). */
  allowClient?: (request: FastifyRequest) => void;
}

export async function consoleSite(
  app: FastifyInstance,
  { distDir, allowClient }: ConsoleSiteOptions,
): Promise<void> {
  // Every route of this plugin, the assets' included.
  if (allowClient) app.addHook('onRequest', async (request) => allowClient(request));
  // Vite names every asset after its content: a changed file is a new URL, so a year is safe.
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: `${CONSOLE_PATH}/assets/`,
    maxAge: '365d',
    immutable: true,
    index: false,
    // dist/ may be built after the back-office started; a missing folder only means every asset answers 404.
    suppressWarning: true,
  });

  const indexFile = path.join(distDir, 'index.html');
  const sendPage = async (_request: unknown, reply: FastifyReply) => {
    pageHeaders(reply);
    // Checked on every request: building the console while the back-office runs needs no restart.
    if (!existsSync(indexFile)) {
      return reply.status(503).type('text/html; charset=utf-8').send(notBuiltPage(distDir));
    }
    return reply.sendFile('index.html', distDir, { cacheControl: false });
  };
  const hidden = { schema: { hide: true } };
  app.get(CONSOLE_PATH, hidden, (_request, reply) => reply.redirect(`${CONSOLE_PATH}/`, 301));
  app.get(`${CONSOLE_PATH}/`, hidden, sendPage);
  app.get(`${CONSOLE_PATH}/*`, hidden, sendPage);
}
