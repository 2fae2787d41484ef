/**
 * Rules of staff accounts shared by the back-office, the storefront and the console: the session cookie's name, the
 * console's address as both servers read it from the environment, and a staff password of at least 12 characters (128 at most) that meets the shop's other password rules (a
 * lower-case letter, an upper-case letter, a number).
 */
import { z } from 'zod';
import { passwordRequirements } from './validation.ts';

/**
 * The staff session cookie: read by the back-office's staff routes only, and dropped by the storefront before it
 * forwards a call to `/api/v1`, so a staff session never travels through the shop's public origin.
 */
export const STAFF_COOKIE = 'pw_staff';

/**
 * `CONSOLE_URL` as the back-office and the launcher read it (unset: the back-office's own port, `/admin`): an
 * http(s) address, its trailing slashes dropped.
 */
export const consoleUrlEnv = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http(s) URL such as https://console.example.co.uk/admin',
  })
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;

export const STAFF_PASSWORD_MESSAGE =
  'Your password needs 12 to 128 characters, with a lower-case letter, an upper-case letter and a number';

/** Whether `password` is acceptable for a staff account. */
export function isAcceptableStaffPassword(password: string): boolean {
  const { min, max } = STAFF_PASSWORD_LENGTH;
  const length = [...password].length;
  return (
    length >= min &&
    length <= max &&
    passwordRequirements(password).every((item) => item.requirement === 'length' || item.met)
  );
}

/** A new staff password, as bodies take it. */
export const staffPassword = () =>
  z
    .string()
    .max(STAFF_PASSWORD_LENGTH.max * 4)
    .refine(isAcceptableStaffPassword, STAFF_PASSWORD_MESSAGE);
