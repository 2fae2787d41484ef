/**
 * The ALTCHA adapter (default): self-hosted proof of work with `altcha-lib` (protocol v2). Challenges are
 * deterministic PBKDF2 ones: the server picks the counter the browser must find, signs the parameters (HMAC key
 * `ALTCHA_HMAC_KEY`) and the derived key, and puts the expiry in the signed parameters. Verifying is two HMACs
 * (no key derivation), then the replay check.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import {
  accepted,
  claimSolution,
  MAX_PAYLOAD_LENGTH,
  refused,
  type BotCheck,
  type BotCheckVerdict,
} from './adapter.ts';

/** PBKDF2 is native both in Node and in the browser's WebCrypto, so the widget's worker solves it fast. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/**
 * The work: PBKDF2 iterations per attempt, and the range of the counter the solver must reach (attempts). About
 * 500 attempts of 1,000 iterations: ~0.15 s on one core of a desktop browser (0.3 ms an attempt measured in
 * Chromium), a few tenths of a second on a phone, spread over the widget's workers. A modest toll for one form,
 * a real one for a script posting thousands.
 */
export const ALTCHA_COST = 1_000;
export const ALTCHA_COUNTER = { min: 250, max: 750 } as const;
/** How long a challenge may be solved and submitted (≤ 10 minutes). */
export const ALTCHA_EXPIRY_SECONDS = 600;

/** The derived-key signature has its own secret, derived from the one HMAC key the shop configures. */
function keySignatureSecret(hmacKey: string): string {
  return createHmac('sha256', hmacKey).update('altcha key signature').digest('hex');
}

export interface AltchaChallengeOptions {
  /** Defaults to now + `ALTCHA_EXPIRY_SECONDS`; a test passes a past date to make an expired challenge. */
  expiresAt?: Date;
  counter?: number;
}

/** A signed challenge (the JSON the widget solves). */
export async function createAltchaChallenge(
  hmacKey: string,
  options: AltchaChallengeOptions = {},
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: options.counter ?? randomInt(ALTCHA_COUNTER.max, ALTCHA_COUNTER.min),
    deriveKey,
    expiresAt: options.expiresAt ?? new Date(Date.now() + ALTCHA_EXPIRY_SECONDS * 1000),
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(hmacKey),
  });
}

const hex = (length?: number) =>
  length === undefined
    ? z.string().regex(/^(?:[0-9a-f]{2})+$/)
    : z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

/**
 * The payload the widget sends: base64 of `{ challenge: { parameters, signature }, solution }`. The parameters are
 * kept as sent (a loose object) because the signature covers every one of them.
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: hex(),
      salt: hex(),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex(),
      expiresAt: z.number().int().positive(),
      keySignature: hex(64),
    }),
    signature: hex(64),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex().max(256),
    time: z.number().optional(),
  }),
});

function decodePayload(payload: string): z.infer<typeof payloadSchema> | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createAltchaBotCheck(db: Database, hmacKey: string): BotCheck {
  const hmacKeySignatureSecret = keySignatureSecret(hmacKey);

  return {
    provider: 'altcha',

    async challenge() {
      const { parameters, signature } = await createAltchaChallenge(hmacKey);
      const { expiresAt } = parameters;
      if (signature === undefined || expiresAt === undefined) throw new Error('unsigned ALTCHA challenge');
      return { provider: 'altcha', challenge: { parameters: { ...parameters, expiresAt }, signature } };
    },

    async verify(payload): Promise<BotCheckVerdict> {
      if (!payload) return refused('missing');
      if (payload.length > MAX_PAYLOAD_LENGTH) return refused('too long');
      const decoded = decodePayload(payload);
      if (!decoded) return refused('malformed');
      try {
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret,
        });
        if (result.expired) return refused('expired');
        if (result.invalidSignature) return refused('invalid signature');
        if (!result.verified) return refused('invalid solution');
        const expiresAt = new Date(decoded.challenge.parameters.expiresAt * 1000);
        if (!(await claimSolution(db, decoded.challenge.signature, expiresAt))) return refused('replayed');
        return accepted;
      } catch (error) {
        return refused(`error: ${(error as Error).message}`);
      }
    },
  };
}
