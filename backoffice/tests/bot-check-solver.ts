/**
 * For API tests of the forms: a `bot_check` payload as the storefront's widget makes it, from a challenge of the
 * app under test solved with altcha-lib's own solver (about 0.1–0.3 s). Each payload passes once.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/** The payload the widget sends for `challenge`: base64 of the challenge and its solution. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge could not be solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

/** A fresh challenge of `app` (`GET /bot-check/challenge`), solved: put it in the body's `bot_check`. */
export async function solvedBotCheck(app: FastifyInstance, remoteAddress = '10.255.255.1'): Promise<string> {
  const response = await app.inject({ url: '/api/v1/bot-check/challenge', remoteAddress });
  const body = response.json<{ data: { provider: string; challenge?: Challenge } }>();
  if (response.statusCode !== 200 || body.data.provider !== 'altcha' || !body.data.challenge) {
    throw new Error(`no ALTCHA challenge (${response.statusCode}): ${response.body}`);
  }
  return solveAltcha(body.data.challenge);
}
