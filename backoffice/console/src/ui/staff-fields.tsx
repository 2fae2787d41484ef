/**
 * The fields the sign-in, setup, invitation and reset screens share: the e-mail address a person signs in with, and
 * a new staff password checked as the back-office checks it (packages/shop-rules/src/staff.ts: 12 to 128
 * characters, a lower-case letter, an upper-case letter and a number) before it is sent.
 */
import { isAcceptableStaffPassword, STAFF_PASSWORD_MESSAGE } from '@plasterwick/shop-rules/staff';
import { PasswordInput, TextInput, email, required } from 'react-admin';

const acceptable = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isAcceptableStaffPassword(value)
    ? STAFF_PASSWORD_MESSAGE
    : undefined;

const newPasswordRules = [required(), acceptable];

/** The `email` field: the address a person signs in with. */
export function SignInEmailInput() {
  return (
    <TextInput
      source="email"
      label="Email address"
      type="email"
      autoComplete="username"
      validate={[required(), email()]}
    />
  );
}

/** The `password` field of a new staff password, with its rules as the hint. */
export function NewPasswordInput({ label }: { label: string }) {
  return (
    <PasswordInput
      source="password"
      label={label}
      autoComplete="new-password"
      helperText={STAFF_PASSWORD_MESSAGE}
      validate={newPasswordRules}
    />
  );
}
