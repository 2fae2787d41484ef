/**
 * The bot check of the public forms: the adapter the configuration asks for, and `verifyBotCheck`, which a form
 * route calls with the body's `bot_check` before it stores anything. Adapters hold no state of their own (the
 * replay table is in the database), so each call makes the one it needs: nothing is decorated on the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BotCheckConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import type { BotCheck } from './adapter.ts';
import { createAltchaBotCheck } from './altcha.ts';
import { createRecaptchaBotCheck } from './recaptcha.ts';

export type { BotCheck, BotCheckVerdict, ChallengeAnswer } from './adapter.ts';

/** What the bot check needs: the app (`FastifyInstance` has all of it), or a test's pieces. */
export interface BotCheckDeps {
  db: Database;
  config: { botCheck: BotCheckConfig };
  log: FastifyBaseLogger;
  /** An adapter to use instead of the configured one (tests: a short timeout, a stub). */
  botCheck?: BotCheck;
}

/** reCAPTCHA v3 when `RECAPTCHA_SITE_KEY` or `RECAPTCHA_SECRET` is set, else ALTCHA. */
export function createBotCheck(db: Database, config: BotCheckConfig): BotCheck {
  return config.recaptcha
    ? createRecaptchaBotCheck(db, config.recaptcha)
    : createAltchaBotCheck(db, config.altchaHmacKey);
}

/** The adapter of `deps`: the one it names, else the configured one. */
export function botCheckOf(deps: BotCheckDeps): BotCheck {
  return deps.botCheck ?? createBotCheck(deps.db, deps.config.botCheck);
}

/** The answer to a missing, invalid, expired or replayed bot check. */
export const botCheckFailed = () =>
  new DomainError('bot_check_failed', 'The anti-robot check failed: please try again');

/**
 * Throws `botCheckFailed()` (400 `bot_check_failed`) unless `payload`, the body's `bot_check`, is a string that
 * passes the shop's bot check. Call it once per submission, after the body's validation and before anything is
 * stored: a payload that passes is used up. `action` is the form's name (`contact`, `construction-starts`…), the
 * one the storefront passes to `solveBotCheck`; reCAPTCHA then requires the token to be for that form (ALTCHA
 * ignores it).
 */
export async function verifyBotCheck(
  deps: BotCheckDeps,
  payload: unknown,
  remoteIp: string,
  action?: string,
): Promise<void> {
  const botCheck = botCheckOf(deps);
  // A body's `bot_check` as it came: anything but a string is no payload.
  const verdict = await botCheck.verify(typeof payload === 'string' ? payload : undefined, remoteIp, action);
  if (verdict.ok) return;
  deps.log.info({ botCheck: botCheck.provider, reason: verdict.reason, action }, 'bot check refused');
  throw botCheckFailed();
}
