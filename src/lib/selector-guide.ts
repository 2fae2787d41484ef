/**
 * The selector guide's answers in a URL (spec §2 `/choice-guide/{caracteristics}`): base64url without padding
 * of the JSON object technical_name → value. Reading is lenient about the spelling (standard base64 with `+`
 * and `/`, percent-encoded or not, `=` padding, whitespace inside the JSON), since such URLs get pasted and
 * re-encoded by hand or by other tools; the page then answers 301 to the canonical spelling. The answers
 * themselves must pass the schema; anything else is "not a guide URL" (404).
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

/** What URL encoding makes of base64's own characters (`/`, `+`, `=`), which the router leaves encoded. */
const ESCAPED_BASE64: Record<string, string> = { '%2F': '/', '%2B': '+', '%3D': '=' };

/** Either base64 alphabet, percent-encoded or not, with or without `=` padding; undefined for anything else. */
function fromAnyBase64(text: string): Uint8Array | undefined {
  const unescaped = text.replace(
    /%(?:2F|2B|3D)/gi,
    (escape) => ESCAPED_BASE64[escape.toUpperCase()] ?? escape,
  );
  const unpadded = unescaped.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_+/-]*$/.test(unpadded) || unpadded.length % 4 === 1) return undefined;
  if (unescaped !== unpadded && unescaped.length % 4 !== 0) return undefined;
  const standard = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export function encodeGuideAnswers(answers: GuideAnswers): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(answers)));
}

export interface GuideSegment {
  answers: GuideAnswers;
  /** The canonical segment of these answers: unpadded base64url of their compact JSON. */
  canonical: string;
}

/**
 * The answers in `segment` and their canonical segment, or null when it does not hold valid answers in any
 * accepted spelling. Never throws.
 */
export function readGuideAnswers(segment: string): GuideSegment | null {
  if (segment.length === 0 || segment.length > 4000) return null;
  const bytes = fromAnyBase64(segment);
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
  return { answers: parsed.data, canonical: encodeGuideAnswers(parsed.data) };
}
