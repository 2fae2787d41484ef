/**
 * The forms' bot check: the challenge call, ALTCHA solutions solved with altcha-lib's own solver (accepted once,
 * refused when tampered, expired, foreign or replayed), the replay table's sweep, and the reCAPTCHA v3 adapter
 * against a stub siteverify server on 127.0.0.1 (success, low score, wrong action, failures, fail-closed cases).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../src/config.ts';
import { DomainError } from '../src/lib/errors.ts';
import { domainErrorAnswer } from '../src/lib/http.ts';
import {
  ALTCHA_ALGORITHM,
  ALTCHA_EXPIRY_SECONDS,
  createAltchaChallenge,
} from '../src/modules/bot-check/altcha.ts';
import { createRecaptchaBotCheck, type RecaptchaConfig } from '../src/modules/bot-check/recaptcha.ts';
import { botCheckSolutions } from '../src/modules/bot-check/tables.ts';
import { verifyBotCheck } from '../src/modules/bot-check/service.ts';
import { solveAltcha as solve, solvedBotCheck } from './bot-check-solver.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';

const altchaAnswer = z.object({
  data: z.object({
    provider: z.literal('altcha'),
    challenge: z.object({
      parameters: z.looseObject({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number(),
        keySignature: z.string(),
      }),
      signature: z.string(),
    }),
  }),
});

const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
    challenge: { parameters: Record<string, unknown>; signature: string };
    solution: { counter: number; derivedKey: string };
  };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** verifyBotCheck's outcome: 'ok', or the code of the DomainError it threw (answered with a 400). */
async function outcome(check: Promise<void>): Promise<string> {
  try {
    await check;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const refusal = error as DomainError;
    expect(domainErrorAnswer(refusal).statusCode).toBe(400);
    expect(refusal.message).toBe('The anti-robot check failed: please try again');
    return refusal.code;
  }
}

describe('ALTCHA (default)', () => {
  let t: TestApp;
  let hmacKey: string;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    hmacKey = t.app.config.botCheck.altchaHmacKey;
  });
  afterAll(() => t.close());

  let ip = 0;
  const remoteAddress = () => `10.9.0.${++ip}`;

  async function fetchChallenge(): Promise<Challenge> {
    const response = await t.app.inject({
      url: `/api/v1/bot-check/challenge?${q()}`,
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(200);
    return altchaAnswer.parse(response.json()).data.challenge;
  }

  const verify = (payload: string | undefined) => outcome(verifyBotCheck(t.app, payload, '10.9.1.1'));

  test('the challenge: a signed PBKDF2 challenge expiring within 10 minutes, never cached', async () => {
    const response = await t.app.inject({ url: `/api/v1/bot-check/challenge?${q()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { challenge } = altchaAnswer.parse(response.json()).data;
    expect(challenge.parameters.algorithm).toBe(ALTCHA_ALGORITHM);
    const now = Date.now() / 1000;
    expect(challenge.parameters.expiresAt).toBeGreaterThan(now + ALTCHA_EXPIRY_SECONDS - 10);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(now + 600 + 1);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // The site does not matter to a challenge: site_id may be left out.
    const bare = await t.app.inject({ url: '/api/v1/bot-check/challenge' });
    expect(bare.statusCode).toBe(200);
    const other = altchaAnswer.parse(bare.json()).data.challenge;
    expect(other.signature).not.toBe(challenge.signature);
  });

  test('a solved challenge passes once; the same payload again is refused', async () => {
    const started = performance.now();
    const payload = await solve(await fetchChallenge());
    const solveMs = performance.now() - started;
    // A modest work factor: well under a second here (one thread, no workers).
    expect(solveMs).toBeLessThan(2_000);

    expect(await verify(payload)).toBe('ok');
    const { challenge } = decode(payload);
    const key = createHash('sha256').update(challenge.signature).digest('hex');
    const [row] = await t.database.db.select().from(botCheckSolutions).where(eq(botCheckSolutions.key, key));
    expect(row?.expiresAt.getTime()).toBe(Number(challenge.parameters.expiresAt) * 1000);

    expect(await verify(payload)).toBe('bot_check_failed');
  });

  test('two concurrent submissions of one payload: exactly one passes', async () => {
    // The helper the forms' API tests use.
    const payload = await solvedBotCheck(t.app);
    const results = await Promise.all([verify(payload), verify(payload), verify(payload)]);
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
  });

  test('missing, garbage, tampered and foreign payloads are refused', async () => {
    const payload = await solve(await fetchChallenge());
    const { challenge, solution } = decode(payload);
    const refusals: (string | undefined)[] = [
      undefined,
      '',
      'not base64 at all!',
      encode('a string'),
      encode({ challenge, solution: {} }),
      encode({ challenge: { parameters: challenge.parameters }, solution }),
      // A wrong answer, a cheaper challenge, another expiry, another signature.
      encode({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
      encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution }),
      encode({
        challenge: {
          ...challenge,
          parameters: { ...challenge.parameters, expiresAt: Number(challenge.parameters.expiresAt) + 3600 },
        },
        solution,
      }),
      encode({ challenge: { ...challenge, signature: 'ab'.repeat(32) }, solution }),
      'A'.repeat(20_000),
    ];
    // A body's field as it came: not a string at all.
    for (const bad of [null, 42, { challenge }, [payload]]) {
      expect(await outcome(verifyBotCheck(t.app, bad, '10.9.1.1'))).toBe('bot_check_failed');
    }
    for (const bad of refusals) expect(await verify(bad), String(bad).slice(0, 40)).toBe('bot_check_failed');

    // A challenge signed with another key, correctly solved.
    const foreign = await solve(await createAltchaChallenge('another-key-of-at-least-32-characters!!'));
    expect(await verify(foreign)).toBe('bot_check_failed');

    // The genuine payload was not used up by the refusals above.
    expect(await verify(payload)).toBe('ok');
  });

  test('an expired challenge is refused, even correctly solved', async () => {
    const expired = await createAltchaChallenge(hmacKey, { expiresAt: new Date(Date.now() - 1_000) });
    expect(await verify(await solve(expired))).toBe('bot_check_failed');
    const fresh = await createAltchaChallenge(hmacKey);
    expect(await verify(await solve(fresh))).toBe('ok');
  });

  test('expired solutions are swept by the bot-check housekeeping job (every minute)', async () => {
    const { db } = t.database;
    const keys = async () => (await db.select().from(botCheckSolutions)).map((row) => row.key);
    await db.insert(botCheckSolutions).values([
      { key: 'old-1', expiresAt: new Date(Date.now() - 60_000) },
      { key: 'live-1', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await t.app.jobs.runNow('bot-check-housekeeping');
    expect(await keys()).not.toContain('old-1');
    expect(await keys()).toContain('live-1');
  });

  test('the challenge call is in the OpenAPI document and rate-limited per visitor', async () => {
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/v1/bot-check/challenge');

    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) {
      const response = await t.app.inject({
        url: `/api/v1/bot-check/challenge?${q()}`,
        remoteAddress: '10.9.200.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('reCAPTCHA v3 (RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET set)', () => {
  /** Google's siteverify, played by a stub: the token names the answer. */
  let stub: Server;
  let verifyUrl: string;
  const received: Record<string, string>[] = [];
  const answers: Record<string, { status?: number; body: unknown } | 'hang'> = {
    good: { body: { success: true, score: 0.9, action: 'contact', hostname: 'localhost' } },
    'good-again': { body: { success: true, score: 0.9, action: 'contact' } },
    jobsite: { body: { success: true, score: 0.7, action: 'construction_starts' } },
    low: { body: { success: true, score: 0.1, action: 'contact' } },
    'other-action': { body: { success: true, score: 0.9, action: 'login' } },
    'no-score': { body: { success: true } },
    refused: { body: { success: false, 'error-codes': ['invalid-input-response'] } },
    'server-error': { status: 500, body: { success: true, score: 1, action: 'contact' } },
    'not-json': { body: 'hello' },
    slow: 'hang',
  };

  let t: TestApp;
  const recaptcha = (overrides: Partial<RecaptchaConfig> = {}): RecaptchaConfig => ({
    siteKey: 'test-site-key',
    secret: 'test-secret',
    version: '3',
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    verifyUrl,
    minScore: 0.5,
    ...overrides,
  });

  beforeAll(async () => {
    stub = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(body));
        received.push({ ...fields, contentType: request.headers['content-type'] ?? '' });
        const answer = answers[fields.response ?? ''] ?? { body: { success: false } };
        if (answer === 'hang') return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    const config = testConfig();
    t = await createTestApp({ botCheck: { ...config.botCheck, recaptcha: recaptcha() } }, { seed: false });
  });
  afterAll(async () => {
    await t.close();
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });

  const verify = (token: string | undefined, action?: string) =>
    outcome(verifyBotCheck(t.app, token, '203.0.113.9', action));

  test('the challenge call answers the settings the browser needs, never cached', async () => {
    const response = await t.app.inject({ url: `/api/v1/bot-check/challenge?${q()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: {
        provider: 'recaptcha',
        site_key: 'test-site-key',
        version: '3',
        script_url: 'https://www.google.com/recaptcha/api.js',
      },
    });
  });

  test('a good token for the form passes once; the secret, token and address are posted form-encoded', async () => {
    received.length = 0;
    expect(await verify('good', 'contact')).toBe('ok');
    expect(received).toEqual([
      {
        secret: 'test-secret',
        response: 'good',
        remoteip: '203.0.113.9',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
    // The stub would say yes again; the replay table does not.
    expect(await verify('good', 'contact')).toBe('bot_check_failed');
    // Form names become reCAPTCHA actions: construction-starts → construction_starts.
    expect(await verify('jobsite', 'construction-starts')).toBe('ok');
  });

  test('a low score, another action, a failure or an unreadable answer are refused', async () => {
    expect(await verify('low', 'contact')).toBe('bot_check_failed');
    expect(await verify('other-action', 'contact')).toBe('bot_check_failed');
    expect(await verify('no-score', 'contact')).toBe('bot_check_failed');
    expect(await verify('refused', 'contact')).toBe('bot_check_failed');
    expect(await verify('server-error', 'contact')).toBe('bot_check_failed');
    expect(await verify('not-json', 'contact')).toBe('bot_check_failed');
    expect(await verify(undefined, 'contact')).toBe('bot_check_failed');
    expect(await verify('', 'contact')).toBe('bot_check_failed');
    // None of the refused tokens was used up: a good token still passes.
    expect(await verify('good-again', 'contact')).toBe('ok');
  });

  test('fails closed: Google unreachable or slow, no secret, another version', async () => {
    const { db } = t.database;
    const check = (config: RecaptchaConfig, token = 'good-again', timeoutMs?: number) =>
      outcome(
        verifyBotCheck(
          {
            db,
            config: t.app.config,
            log: t.app.log,
            botCheck: createRecaptchaBotCheck(db, config, { timeoutMs }),
          },
          token,
          '203.0.113.9',
          'contact',
        ),
      );

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await check(recaptcha({ verifyUrl: `http://127.0.0.1:${closedPort}/siteverify` }))).toBe(
      'bot_check_failed',
    );

    const started = performance.now();
    expect(await check(recaptcha(), 'slow', 300)).toBe('bot_check_failed');
    expect(performance.now() - started).toBeLessThan(3_000);

    received.length = 0;
    expect(await check(recaptcha({ secret: undefined }), 'good')).toBe('bot_check_failed');
    expect(await check(recaptcha({ version: '2' }), 'good')).toBe('bot_check_failed');
    expect(received, 'nothing was sent to Google').toEqual([]);
  });

  test('without a site key or with another version, the challenge says so (the storefront shows the message)', async () => {
    const { db } = t.database;
    expect(await createRecaptchaBotCheck(db, recaptcha({ siteKey: undefined })).challenge()).toMatchObject({
      provider: 'recaptcha',
      site_key: null,
    });
    expect(await createRecaptchaBotCheck(db, recaptcha({ version: '2' })).challenge()).toMatchObject({
      version: '2',
    });
  });
});
