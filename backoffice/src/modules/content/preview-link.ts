/**
 * Signed preview links (issue 26; docs/security.md "Preview links"): `?sig=…&exp=…` lets whoever holds the link see
 * one draft entry until `exp`, without the preview token. `sig` is HMAC-SHA256 keyed with PREVIEW_TOKEN over the
 * entry's id and `exp` (Unix seconds), hex; the check is constant-time. A link lives 30 minutes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_LINK_SECONDS = 30 * 60;

/** The signature of a preview of entry `id` valid until `exp` (Unix seconds). */
export function previewSignature(secret: string, id: number, exp: number): string {
  return createHmac('sha256', secret).update(`preview:${id}:${exp}`).digest('hex');
}

/** A link's query for entry `id`, valid 30 minutes from `now`. */
export function signPreview(secret: string, id: number, now: Date): { sig: string; exp: number } {
  const exp = Math.floor(now.getTime() / 1000) + PREVIEW_LINK_SECONDS;
  return { sig: previewSignature(secret, id, exp), exp };
}

/**
 * Whether `sig` and `exp` are a link to entry `id` still valid at `now`: the right signature (compared in
 * constant time), not expired, and not valid for longer than a link is given.
 */
export function previewLinkValid(
  secret: string,
  id: number,
  sig: string | undefined,
  exp: string | number | undefined,
  now: Date,
): boolean {
  if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expiry = Number(exp);
  if (!Number.isSafeInteger(expiry)) return false;
  const seconds = now.getTime() / 1000;
  if (expiry < seconds || expiry > seconds + PREVIEW_LINK_SECONDS + 60) return false;
  const expected = Buffer.from(previewSignature(secret, id, expiry), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
