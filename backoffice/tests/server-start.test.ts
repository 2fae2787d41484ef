/**
 * The real server process on an EMPTY database (issue 20): with NODE_ENV=production it seeds nothing and says once
 * how to set the shop up; without it (`npm start`, the end-to-end run, the benches) it seeds the demo as before.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { generateSecret, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discounts, products, sites } from '../src/db/schema.ts';
import { childDatabase, childEnv } from './support/child-database.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const server = path.resolve(import.meta.dirname, '../src/server.ts');

/** Starts the server, waits for its "ready" line, stops it (SIGTERM) and returns what it printed. */
async function startAndStop(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [server], {
    env: childEnv({ ...env, BACKOFFICE_PORT: String(await freePort()), LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('back-office ready')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`the server stopped before it was ready:\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return output;
}

async function countRows(database: Awaited<ReturnType<typeof childDatabase>>) {
  const handle = await database.open();
  try {
    const [site] = await handle.db.select({ rows: count() }).from(sites);
    const [product] = await handle.db.select({ rows: count() }).from(products);
    const [discount] = await handle.db.select({ rows: count() }).from(discounts);
    return { sites: site?.rows, products: product?.rows, discounts: discount?.rows };
  } finally {
    await handle.close();
  }
}

describe('the server on an empty database', () => {
  it('in production seeds nothing and logs one line saying how to set the shop up', async () => {
    const database = await childDatabase();
    try {
      const secrets = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, generateSecret()]));
      const output = await startAndStop({ ...database.env, ...secrets, NODE_ENV: 'production' });
      const empty = output.split('\n').filter((line) => line.includes('the database is empty'));
      expect(empty).toHaveLength(1);
      expect(empty[0]).toContain('npm run setup -w backoffice -- --site-url');
      expect(output).not.toMatch(/seeded /);
      expect(await countRows(database)).toEqual({ sites: 0, products: 0, discounts: 0 });
    } finally {
      await database.remove();
    }
  }, 120_000);

  it('outside production seeds the demo shop, as `npm start` always has', async () => {
    const database = await childDatabase();
    try {
      const output = await startAndStop(database.env);
      expect(output).toMatch(/seeded catalogue in \d+ ms/);
      expect(output).not.toContain('the database is empty');
      const rows = await countRows(database);
      expect(rows.products).toBeGreaterThan(0);
      expect(rows.discounts).toBe(5);
    } finally {
      await database.remove();
    }
  }, 150_000);
});
