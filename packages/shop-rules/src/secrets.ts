/**
 * The shared secrets of the shop. No secret has a default: `npm start` generates the missing ones into
 * `DATA_DIR/secrets.json`, and a production back-office refuses to start without a real one. Every check of a
 * presented secret or signature goes through `sameSecret`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every secret variable; later secrets are added here and the launcher generates them too. */
export const SECRET_VARIABLES = [
  'BACKOFFICE_API_KEY',
  'PREVIEW_TOKEN',
  'ALTCHA_HMAC_KEY',
  'PAYMENT_WEBHOOK_SECRET',
] as const;
export type SecretVariable = (typeof SECRET_VARIABLES)[number];

export const MIN_SECRET_LENGTH = 32;

/** Values once printed in the README: known to everyone, so never accepted. */
const RETIRED_DEFAULTS = new Set(['dev-backoffice-api-key', 'dev-preview-token']);

/** Why `value` cannot be used as a secret, or undefined when it can. */
export function secretProblem(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return 'is not set';
  if (RETIRED_DEFAULTS.has(value)) return 'is a published default value: set a random one';
  if (value.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters`;
  return undefined;
}

/** 256 random bits as 43 URL-safe characters. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether a presented secret (an API key, a token, a signature) equals the expected one, in constant time: both are
 * hashed first, so neither where they differ nor how long they are shows in the time taken. Nothing presented
 * never matches.
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
