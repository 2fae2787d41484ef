/**
 * The secrets a person holds: the password (Argon2id with `@node-rs/argon2`'s defaults, as customers'), the TOTP
 * key of the authenticator (`otplib`, RFC 6238: 6 digits, 30-second steps, one step of drift either way; the QR
 * code drawn here by `qrcode`, no outside service) and ten recovery codes of 80 random bits, stored as SHA-256.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify as verifyHash } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`; without a hash (no such person) a dummy one of the same cost is
 * checked, so an unknown address takes as long as a wrong password.
 */
export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash(newToken());
  const matches = await verifyHash(passwordHash ?? (await dummyHash), password).catch(() => false);
  return passwordHash !== undefined && matches;
}

// ---- TOTP ---------------------------------------------------------------------------------------------------

const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Plasterwick staff';

/** A new TOTP key: 20 random bytes, base32 (32 characters, what an app accepts typed by hand). */
export const newTotpSecret = (): string => generateSecret();

/** What enrolment shows: the key as text, its `otpauth://` URI and that URI as an SVG QR code. */
export async function totpEnrolment(secret: string, email: string) {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_uri: uri, qr_svg: svg };
}

/**
 * The time step of `code` when it is the key's code at `now` (one step of drift either way) and later than
 * `afterStep` (the last one accepted: a code is never accepted twice); else null.
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// ---- recovery codes -----------------------------------------------------------------------------------------

/** 32 symbols (5 bits each) without the look-alikes i, l, o and 1. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
export const RECOVERY_CODE_COUNT = 10;

/** One recovery code: 16 characters of a 32-letter alphabet without look-alikes (80 bits), in groups of four. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const letters = [...bytes].map((byte) => CODE_ALPHABET[byte % 32]).join('');
  return letters.match(/.{4}/g)!.join('-');
}

/** A recovery code as stored: typed in any case, with or without its dashes and spaces. */
export const recoveryCodeHash = (code: string): string => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

// ---- machine tokens -----------------------------------------------------------------------------------------

/** The prefix that tells a machine token from the API key in `Authorization: Bearer …`. */
export const MACHINE_TOKEN_PREFIX = 'pwt_';

export const newMachineToken = (): string => `${MACHINE_TOKEN_PREFIX}${newToken()}`;
