/**
 * The account forms' checks, pure: the body each form sends, checked with the shared schemas of
 * `@plasterwick/shop-rules/accounts` (the back-office applies the same), the confirmation field ("Passwords do
 * not match"), the login's "Please enter your email and password", and what a refusal of the back-office shows.
 * The controller (auth-forms.ts) passes the form's entries and draws the result.
 */
import {
  ACCOUNT_MESSAGES,
  changePasswordBody,
  forgotPasswordBody,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
} from '@plasterwick/shop-rules/accounts';
import { MESSAGES, isPresent, passwordRequirements } from '@plasterwick/shop-rules/validation';
import type { z } from 'zod';
import { BackofficeError } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { bodyFromEntries } from '../forms/form-body.ts';
import { issuesToFieldErrors, serverFieldErrors, type FieldMapping } from '../forms/field-mapping.ts';
import type { AuthFormKind } from './kinds.ts';

export type Entries = Iterable<readonly [string, unknown]>;

/** What a check found: the body to send when all is right, field errors, and a message for the whole form. */
export interface Checked<Body> {
  body?: Body;
  errors: Record<string, string>;
  message?: string;
  /** The field to focus when no field shows an error. */
  focus?: string;
}

/** Ticked checkboxes of the account forms, sent as `true`. */
const BOOLEANS = ['accept_terms', 'newsletter'];
/** The confirmation field of the forms that set a password, and the field it repeats. */
export const CONFIRM_FIELD = 'password_confirm';
const CONFIRMED: Partial<Record<AuthFormKind, string>> = {
  'sign-up': 'password',
  'reset-password': 'password',
  'password-change': 'new_password',
};

/** The form's text fields as strings (files and other values left out). */
export function textEntries(entries: Entries): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of entries) if (typeof value === 'string') values.set(name, value);
  return values;
}

/** "Passwords do not match" (or "Field required" when blank), for the confirmation of `password`. */
export function confirmError(
  password: string | undefined,
  confirm: string | undefined,
  label?: string,
): string | undefined {
  if (!isPresent(confirm)) return label ? `${MESSAGES.required}: ${label}` : MESSAGES.required;
  return confirm === password ? undefined : MESSAGES.passwordsDoNotMatch;
}

/** Spec: the login submitted with either field empty says "Please enter your email and password". */
export function loginProblem(email: string | undefined, password: string | undefined): string | undefined {
  return isPresent(email) && (password ?? '') !== '' ? undefined : ACCOUNT_MESSAGES.emailAndPassword;
}

/** The requirement states for the live list: requirement → met. */
export function requirementStates(password: string): Record<string, boolean> {
  return Object.fromEntries(passwordRequirements(password).map((item) => [item.requirement, item.met]));
}

function parse<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
  mapping: FieldMapping,
): Checked<z.output<S>> {
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { body: parsed.data, errors: {} }
    : { errors: issuesToFieldErrors(parsed.error.issues, mapping) };
}

/** The profile update: every field of the form, a blank optional one as null (cleared), not left out. */
function profileRaw(values: Map<string, string>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const name of ['civility', 'first_name', 'last_name', 'phone', 'company', 'company_number']) {
    if (!values.has(name)) continue;
    const value = values.get(name)?.trim() ?? '';
    raw[name] = value === '' && name !== 'first_name' && name !== 'last_name' ? null : value;
  }
  raw.newsletter = values.has('newsletter');
  return raw;
}

export interface CheckContext {
  audience: 'pro' | 'part';
  /** The reset link's token (`?token=`). */
  token?: string;
  /** The bot check's value, for the forms that carry one (added once the fields are right). */
  botCheck?: string;
  mapping?: FieldMapping;
}

/**
 * Checks one account form's entries with its shared schema; the body it gives is what the call sends (without
 * the bot check: the controller solves it only once the fields are right).
 */
export function checkForm(kind: AuthFormKind, entries: Entries, context: CheckContext): Checked<object> {
  const values = textEntries(entries);
  const mapping = context.mapping ?? {};
  const raw = bodyFromEntries(values.entries(), BOOLEANS);
  let checked: Checked<object>;
  switch (kind) {
    case 'login': {
      const email = values.get('email')?.trim();
      const password = values.get('password');
      const message = loginProblem(email, password);
      // One message under the form for both fields (spec), and the focus on the first empty one.
      if (message) return { errors: {}, message, focus: isPresent(email) ? 'password' : 'email' };
      return { body: { email: email ?? '', password: password ?? '' }, errors: {} };
    }
    case 'sign-up': {
      const { password_confirm: _confirm, ...rest } = raw;
      checked = parse(registerBody, { ...rest, audience: context.audience }, mapping);
      break;
    }
    case 'forgotten-password':
      checked = parse(forgotPasswordBody, { email: raw.email, audience: context.audience }, mapping);
      break;
    case 'reset-password':
      checked = parse(resetPasswordBody, { token: context.token ?? '', password: raw.password }, mapping);
      break;
    case 'password-change':
      checked = parse(
        changePasswordBody,
        { current_password: raw.current_password, new_password: raw.new_password },
        mapping,
      );
      break;
    case 'profile':
      checked = parse(profileUpdateBody, profileRaw(values), mapping);
      // The update sends the fields as typed (a cleared one as null): the parsed body would leave it out.
      if (checked.body) checked.body = profileRaw(values);
      break;
  }
  const confirmed = CONFIRMED[kind];
  if (confirmed) {
    const problem = confirmError(
      values.get(confirmed),
      values.get(CONFIRM_FIELD),
      mapping.labelOf?.(CONFIRM_FIELD),
    );
    if (problem) {
      checked.errors[CONFIRM_FIELD] = problem;
      delete checked.body;
    }
  }
  return checked;
}

/** What a refused or failed call shows: field errors, and a message for the form. */
export interface Refusal {
  errors: Record<string, string>;
  message?: string;
  /** The reset link was refused (unknown, used or expired). */
  invalidToken?: boolean;
}

/** Maps a failed account call to what its form shows, by the spec's messages where it has them. */
export function refusalOf(kind: AuthFormKind, error: unknown, fallback: string, mapping: FieldMapping = {}) {
  const failure = toFormErrors(error, fallback);
  const status = error instanceof BackofficeError ? error.statusCode : undefined;
  const refusal: Refusal = { errors: serverFieldErrors(failure.fields, mapping), message: failure.message };
  if (status === 429) refusal.message = ACCOUNT_MESSAGES.tooManyAttempts;
  else if (kind === 'login' && status === 401) refusal.message = ACCOUNT_MESSAGES.loginFailed;
  else if (failure.status === 'invalid_token') {
    refusal.invalidToken = true;
    refusal.message = ACCOUNT_MESSAGES.resetLinkInvalid;
  } else if (kind === 'password-change' && status === 400 && !Object.keys(refusal.errors).length)
    // A wrong current password is a 400 on `current_password`; a bare one still belongs there.
    refusal.errors.current_password = failure.message ?? ACCOUNT_MESSAGES.currentPassword;
  // The token is not a field of the reset form: its problems are the link's.
  if (kind === 'reset-password' && refusal.errors.token) {
    delete refusal.errors.token;
    refusal.invalidToken = true;
    refusal.message = ACCOUNT_MESSAGES.resetLinkInvalid;
  }
  return refusal;
}
