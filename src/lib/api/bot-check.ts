/** The forms' bot check: `GET /bot-check/challenge`, a new ALTCHA challenge or the reCAPTCHA v3 settings. */
import { z } from 'zod';
import type { ApiClient } from './client.ts';

/**
 * An ALTCHA challenge, kept as the back-office signed it: the widget solves it and sends it back, and the signature
 * covers every parameter, so loose objects keep the ones not named here.
 */
const altchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

const answerSchema = z.object({
  data: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challenge: altchaChallengeSchema }),
    z.object({
      provider: z.literal('recaptcha'),
      site_key: z.string().nullable(),
      version: z.string(),
      script_url: z.string(),
    }),
  ]),
});

export type BotCheckAnswer =
  | {
      provider: 'altcha';
      challenge: AltchaChallenge;
      /** When a solution stops being accepted (ms since the epoch). */
      expiresAt: number;
    }
  | { provider: 'recaptcha'; siteKey: string | null; version: string; scriptUrl: string };

/** The bot check to pass before posting a form; every call is a new challenge (the answer is never cached). */
export async function getBotCheckChallenge(api: ApiClient): Promise<BotCheckAnswer> {
  const { data } = await api.get('/bot-check/challenge', answerSchema, {
    withoutPlan: true,
    noPlanSwitch: true,
  });
  if (data.provider === 'altcha') {
    return {
      provider: 'altcha',
      challenge: data.challenge,
      expiresAt: data.challenge.parameters.expiresAt * 1000,
    };
  }
  return { provider: 'recaptcha', siteKey: data.site_key, version: data.version, scriptUrl: data.script_url };
}
