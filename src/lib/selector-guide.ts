/**
 * The selector guide's answers in a URL (spec §2 `/choice-guide/{caracteristics}`): base64url without padding
 * of the JSON object technical_name → value. Decoding is strict: the string must be exactly what encoding the
 * decoded answers gives back, and the answers must pass the schema; anything else is "not a guide URL" (404).
 */
import { z } from 'zod';

export const guideAnswersSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,49}$/), z.string().min(1).max(100))
  .refine((answers) => {
    const count = Object.keys(answers).length;
    return count > 0 && count <= 20;
  });

export type GuideAnswers = Record<string, string>;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export function encodeGuideAnswers(answers: GuideAnswers): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(answers)));
}

/** The answers in `segment`, or null when it is not a canonical encoding of valid answers. Never throws. */
export function decodeGuideAnswers(segment: string): GuideAnswers | null {
  if (segment.length === 0 || segment.length > 4000) return null;
  const bytes = fromBase64Url(segment);
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const parsed = guideAnswersSchema.safeParse(json);
  if (!parsed.success) return null;
  return encodeGuideAnswers(parsed.data) === segment ? parsed.data : null;
}
