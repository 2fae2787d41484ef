/** The bot check's call: `GET /bot-check/challenge` and its answer, per provider. */
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';

/** The common parameters; the site does not matter to a challenge, so `site_id` may be left out. */
export const challengeQuery = commonQuery.partial({ site_id: true });

/**
 * An ALTCHA challenge as `altcha-lib` signs it. Loose objects: the signature covers every parameter, so the answer
 * must carry each one unchanged, known here or not.
 */
const altchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().describe('Unix time (seconds) after which a solution is refused'),
  }),
  signature: z.string(),
});

export const challengeResponse = z.object({
  data: z.discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      challenge: altchaChallenge.describe('Solve with the altcha widget; send its payload as `bot_check`'),
    }),
    z.object({
      provider: z.literal('recaptcha'),
      site_key: z.string().nullable().describe('null: RECAPTCHA_SITE_KEY is not set ("No key provided")'),
      version: z.string().describe('Only 3 is supported ("No version provided" otherwise)'),
      script_url: z.url().describe('Load it with ?render={site_key}'),
    }),
  ]),
});
