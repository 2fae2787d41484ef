/**
 * The choice-guide route parameter (spec §2): base64url without padding of the JSON object
 * technical_name → value. The route decodes what the modal encodes, so both live here.
 */
import { z } from 'zod';

export type GuideAnswers = Record<string, string>;

const answersSchema = z.record(z.string().min(1), z.string());

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function encodeGuideAnswers(answers: GuideAnswers): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(answers)));
}

/** The answers of a route parameter, or undefined when it is not one this codec produced. */
export function decodeGuideAnswers(parameter: string): GuideAnswers | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(parameter)) return undefined;
  try {
    const base64 = parameter.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed = answersSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
