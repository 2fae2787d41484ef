/**
 * Production server: `node scripts/server.ts`. Serves BUILDS_DIR/current (see scripts/server/app.ts for the
 * request pipeline). Env: PORT (4321), HOST (0.0.0.0), BACKOFFICE_URL, SITE_URL, SITE_HOSTS, CANONICAL_HOST,
 * ALLOWED_IPS, TRUST_PROXY, BUILDS_DIR (dist/builds), LOG_LEVEL (src/lib/env.ts). SIGTERM / SIGINT close it
 * gracefully: no new connection, the requests in flight finished, then exit 0 (1 past the bound).
 */
import { closeOnSignals } from '@plasterwick/shop-rules/graceful-shutdown';
import type { FastifyInstance } from 'fastify';
import { loadEnv, type StorefrontEnv } from '../src/lib/env.ts';
import { createServer } from './server/app.ts';

let env: StorefrontEnv;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let app: FastifyInstance;
try {
  app = await createServer({ env });
} catch (error) {
  console.error(`[server] cannot start: ${(error as Error).message}`);
  process.exit(1);
}

closeOnSignals({
  close: () => app.close(),
  log: {
    info: (message) => console.log(`[server] ${message}`),
    error: (message) => console.error(`[server] ${message}`),
  },
});

await app.listen({ port: env.PORT, host: env.HOST });
console.log(`[server] storefront on http://${env.HOST}:${env.PORT}, back-office ${env.BACKOFFICE_URL}`);
