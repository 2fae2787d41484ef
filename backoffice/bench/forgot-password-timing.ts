/**
 * Does `POST /auth/password/forgot` take longer for an address that has an account? (issue 21: an answer that
 * comes later for a known address tells an attacker which addresses have accounts.) Boots the back-office
 * in-process on a fresh database (in-memory PGlite, or a new database on the server named by DATABASE_URL), with
 * the reCAPTCHA bot check pointed at a local stub that accepts every token (solving ALTCHA's proof of work for
 * each request would take longer than the run), then sends the call alternately for a known and an unknown
 * address, each request with an address and a client of its own (no limit refuses it), and prints the median and
 * the 90th percentile of each.
 *
 *   node bench/forgot-password-timing.ts                 # PGlite, 300 requests of each kind
 *   FORGOT_REQUESTS=1000 node bench/forgot-password-timing.ts
 *   DATABASE_URL=postgres://… node bench/forgot-password-timing.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hash } from '@node-rs/argon2';
import { z } from 'zod';
import { testConfig } from '../src/config.ts';
import { customers } from '../src/db/schema.ts';
import { createTestApp, q, SITE_ID } from '../tests/helpers.ts';

const { FORGOT_REQUESTS: requests } = z
  .object({ FORGOT_REQUESTS: z.coerce.number().int().min(10).max(10_000).default(300) })
  .parse(process.env);
const WARM_UP = 20;

// Google's siteverify, answering every token as a person's.
const stub = createServer((_request, response) => {
  _request.resume();
  _request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: true, score: 0.9, action: 'forgot_password' }));
  });
});
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
const verifyUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/siteverify`;

const config = testConfig();
const target = await createTestApp({
  botCheck: {
    ...config.botCheck,
    recaptcha: {
      siteKey: 'bench-site-key',
      secret: 'bench-secret',
      version: '3',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      verifyUrl,
      minScore: 0.5,
    },
  },
});
const app = target.app;

const total = requests + WARM_UP;
const passwordHash = await hash('Plaster2026');
const now = new Date();
await app.db.insert(customers).values(
  Array.from({ length: total }, (_, n) => ({
    siteId: SITE_ID,
    email: `known${n}@example.co.uk`,
    passwordHash,
    firstName: 'Sam',
    lastName: 'Plasterer',
    audience: 'pro' as const,
    createdAt: now,
    updatedAt: now,
  })),
);

let client = 0;
async function forgot(email: string): Promise<number> {
  client += 1;
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/auth/password/forgot?${q()}`,
    payload: { email, audience: 'pro', bot_check: `token-${client}` },
    remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 202) throw new Error(`forgot: ${response.statusCode} ${response.body}`);
  return ms;
}

const known: number[] = [];
const unknown: number[] = [];
for (let n = 0; n < total; n++) {
  // Alternated, so both kinds meet the same state of the machine (the mail worker, the garbage collector).
  const first = n % 2 === 0;
  const a = await forgot(first ? `known${n}@example.co.uk` : `nobody${n}@example.co.uk`);
  const b = await forgot(first ? `nobody${n}@example.co.uk` : `known${n}@example.co.uk`);
  if (n < WARM_UP) continue;
  (first ? known : unknown).push(a);
  (first ? unknown : known).push(b);
}
await app.mail.drain();

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const row = (label: string, values: number[]) =>
  `${label.padEnd(16)} p50 ${percentile(values, 50).toFixed(2).padStart(6)} ms   p90 ${percentile(values, 90)
    .toFixed(2)
    .padStart(6)} ms`;
console.log(`${target.database.kind}, ${requests} requests of each kind`);
console.log(row('known address', known));
console.log(row('unknown address', unknown));
console.log(`difference of the medians: ${(percentile(known, 50) - percentile(unknown, 50)).toFixed(2)} ms`);

await target.close();
await new Promise((resolve) => stub.close(resolve));
