/**
 * The bot check every public form passes (api-contract.md "Forms and e-mail"): one `BotCheck` interface, two
 * adapters (ALTCHA's self-hosted proof of work by default, reCAPTCHA v3 when configured), and the replay
 * protection both share: a solved challenge or token is accepted once, then remembered until it expires.
 */
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { challengeResponse } from './schemas.ts';
import { botCheckSolutions } from './tables.ts';

/** What `GET /bot-check/challenge` answers in `data`: the challenge to solve, or how to load reCAPTCHA. */
export type ChallengeAnswer = z.infer<typeof challengeResponse>['data'];

/** A check's outcome; `reason` is for the log only, never for the visitor. */
export type BotCheckVerdict = { ok: true } | { ok: false; reason: string };

export interface BotCheck {
  readonly provider: ChallengeAnswer['provider'];
  /** A new challenge (ALTCHA) or the settings the browser needs to ask for a token (reCAPTCHA). */
  challenge(): Promise<ChallengeAnswer>;
  /**
   * Checks what the form sent in `bot_check`. `action` is the form's name: reCAPTCHA requires the token to be for
   * it (see `recaptchaAction`); ALTCHA's challenges are not tied to a form. Never throws: any failure is a refusal.
   */
  verify(payload: string | undefined, remoteIp: string, action?: string): Promise<BotCheckVerdict>;
}

export const refused = (reason: string): BotCheckVerdict => ({ ok: false, reason });
export const accepted: BotCheckVerdict = { ok: true };

/** A payload longer than this is not one a browser made: refused before any parsing. */
export const MAX_PAYLOAD_LENGTH = 8_192;

/**
 * Marks a solution as used: true the first time, false for a replay. Atomic (the primary key decides), so two
 * concurrent submissions of one payload cannot both pass. Only the SHA-256 of `secret` is stored.
 */
export async function claimSolution(db: Database, secret: string, expiresAt: Date): Promise<boolean> {
  const key = createHash('sha256').update(secret).digest('hex');
  const inserted = await db
    .insert(botCheckSolutions)
    .values({ key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: botCheckSolutions.key });
  return inserted.length > 0;
}

/** Deletes the remembered solutions that expired: their challenges are refused as expired anyway. */
export async function sweepExpiredSolutions(db: Database, now: Date): Promise<void> {
  await db.delete(botCheckSolutions).where(lt(botCheckSolutions.expiresAt, now));
}
