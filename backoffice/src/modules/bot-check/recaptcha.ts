/**
 * The reCAPTCHA v3 adapter, chosen when `RECAPTCHA_SITE_KEY` or `RECAPTCHA_SECRET` is set (spec §5: the invisible
 * version 3). The browser asks Google for a token per form action; the back-office checks it with Google's
 * siteverify call (the secret, the token, the visitor's address, form-encoded), requires success, the form's
 * action and a score of at least `RECAPTCHA_MIN_SCORE`, then refuses the same token twice. It fails closed: no
 * secret, another version, a slow or unreachable Google, an answer it cannot read are all refusals.
 */
import { z } from 'zod';
import type { BotCheckConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import {
  accepted,
  claimSolution,
  MAX_PAYLOAD_LENGTH,
  refused,
  type BotCheck,
  type BotCheckVerdict,
} from './adapter.ts';

export type RecaptchaConfig = NonNullable<BotCheckConfig['recaptcha']>;

/** The only version this shop speaks (spec §5); the storefront says "No version provided" for any other. */
export const RECAPTCHA_VERSION = '3';
/** How long the siteverify call may take. */
export const VERIFY_TIMEOUT_MS = 5_000;
/** Google accepts a token for 2 minutes; it is remembered a little longer than that. */
const TOKEN_LIFETIME_MS = 10 * 60_000;

/**
 * A form name as a reCAPTCHA action, which may hold only letters, digits, `/` and `_` (`construction-starts` →
 * `construction_starts`). The storefront's `src/features/forms/bot-check.ts` maps names the same way.
 */
export function recaptchaAction(name: string): string {
  return name.replace(/[^A-Za-z0-9/_]/g, '_');
}

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export interface RecaptchaOptions {
  /** The siteverify call's fetch; tests may pass their own. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createRecaptchaBotCheck(
  db: Database,
  config: RecaptchaConfig,
  options: RecaptchaOptions = {},
): BotCheck {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? VERIFY_TIMEOUT_MS;

  async function siteverify(token: string, remoteIp: string) {
    const response = await fetchImpl(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret ?? '', response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    return siteverifyAnswer.parse(await response.json());
  }

  return {
    provider: 'recaptcha',

    async challenge() {
      return {
        provider: 'recaptcha',
        site_key: config.siteKey ?? null,
        version: config.version,
        script_url: config.scriptUrl,
      };
    },

    async verify(token, remoteIp, action): Promise<BotCheckVerdict> {
      if (!config.secret) return refused('RECAPTCHA_SECRET is not set');
      if (config.version !== RECAPTCHA_VERSION) return refused(`unsupported version ${config.version}`);
      if (!token) return refused('missing');
      if (token.length > MAX_PAYLOAD_LENGTH) return refused('too long');
      try {
        const answer = await siteverify(token, remoteIp);
        if (!answer.success)
          return refused(`not a success (${answer['error-codes']?.join(', ') ?? 'no code'})`);
        if (answer.action === undefined || answer.score === undefined) return refused('not a v3 token');
        if (action !== undefined && answer.action !== recaptchaAction(action)) {
          return refused(`action ${answer.action}, expected ${recaptchaAction(action)}`);
        }
        if (answer.score < config.minScore) return refused(`score ${answer.score} < ${config.minScore}`);
        if (!(await claimSolution(db, token, new Date(Date.now() + TOKEN_LIFETIME_MS)))) {
          return refused('replayed');
        }
        return accepted;
      } catch (error) {
        return refused(`error: ${(error as Error).message}`);
      }
    },
  };
}
