/**
 * The shared secrets of the shop. No secret has a default: `npm start` generates the missing ones into
 * `DATA_DIR/secrets.json`, and a production back-office refuses to start without a real one.
 */
import { randomBytes } from 'node:crypto';

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
