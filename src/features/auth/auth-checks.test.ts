import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { describe, expect, it } from 'vitest';
import { BackofficeError } from '../../lib/api/client.ts';
import { checkForm, confirmError, loginProblem, refusalOf, requirementStates } from './auth-checks.ts';

const entries = (values: Record<string, string>) => Object.entries(values);
const pro = { audience: 'pro' as const };

describe('the login check', () => {
  it('says "Please enter your email and password" when either is empty, focusing the first', () => {
    expect(loginProblem('', 'x')).toBe(ACCOUNT_MESSAGES.emailAndPassword);
    expect(loginProblem('a@b.co', '')).toBe(ACCOUNT_MESSAGES.emailAndPassword);
    expect(loginProblem('a@b.co', 'x')).toBeUndefined();
    expect(checkForm('login', entries({ email: '  ', password: 'Secret12' }), pro)).toEqual({
      errors: {},
      message: ACCOUNT_MESSAGES.emailAndPassword,
      focus: 'email',
    });
    expect(checkForm('login', entries({ email: 'a@b.co', password: '' }), pro).focus).toBe('password');
  });

  it('sends the password as typed (never trimmed) and no audience', () => {
    expect(checkForm('login', entries({ email: ' a@b.co ', password: ' pass ' }), pro).body).toEqual({
      email: 'a@b.co',
      password: ' pass ',
    });
  });
});

describe('the password requirements and confirmation', () => {
  it('marks each requirement as the password grows', () => {
    expect(requirementStates('')).toEqual({
      length: false,
      lowercase: false,
      uppercase: false,
      number: false,
    });
    expect(requirementStates('abc')).toMatchObject({ lowercase: true, uppercase: false });
    expect(requirementStates('Abcdefg1')).toEqual({
      length: true,
      lowercase: true,
      uppercase: true,
      number: true,
    });
  });

  it('says "Passwords do not match", or that the confirmation is required', () => {
    expect(confirmError('Abcdefg1', 'Abcdefg2')).toBe(MESSAGES.passwordsDoNotMatch);
    expect(confirmError('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(confirmError('Abcdefg1', '', 'Confirm the password')).toBe('Field required: Confirm the password');
  });
});

describe('the sign-up check', () => {
  const valid = {
    first_name: 'Sam',
    last_name: 'Reed',
    email: 'sam@example.com',
    password: 'Abcdefg1',
    password_confirm: 'Abcdefg1',
    accept_terms: 'true',
  };

  it("builds the registration body with the page's audience, without the confirmation", () => {
    const checked = checkForm('sign-up', entries({ ...valid, newsletter: 'true' }), { audience: 'part' });
    expect(checked.errors).toEqual({});
    expect(checked.body).toMatchObject({
      first_name: 'Sam',
      email: 'sam@example.com',
      password: 'Abcdefg1',
      audience: 'part',
      accept_terms: true,
      newsletter: true,
    });
    expect(checked.body).not.toHaveProperty('password_confirm');
  });

  it('gives the spec messages under the fields', () => {
    const { password_confirm: _c, accept_terms: _a, ...rest } = valid;
    const checked = checkForm(
      'sign-up',
      entries({ ...rest, password: 'short', password_confirm: 'other', company_number: '123' }),
      pro,
    );
    expect(checked.body).toBeUndefined();
    expect(checked.errors).toEqual({
      password: ACCOUNT_MESSAGES.password,
      password_confirm: MESSAGES.passwordsDoNotMatch,
      company_number: MESSAGES.companyNumber,
      accept_terms: MESSAGES.acceptTerms,
    });
  });
});

describe('the other forms', () => {
  it('a reset sends the link token with the new password', () => {
    const checked = checkForm(
      'reset-password',
      entries({ password: 'Abcdefg1', password_confirm: 'Abcdefg1' }),
      {
        ...pro,
        token: 't'.repeat(43),
      },
    );
    expect(checked.body).toEqual({ token: 't'.repeat(43), password: 'Abcdefg1' });
  });

  it('a password change confirms the new password', () => {
    const checked = checkForm(
      'password-change',
      entries({ current_password: 'Old', new_password: 'Abcdefg1', password_confirm: 'Abcdefg2' }),
      pro,
    );
    expect(checked.errors).toEqual({ password_confirm: MESSAGES.passwordsDoNotMatch });
  });

  it('a profile save sends a cleared field as null, so it is cleared', () => {
    const checked = checkForm(
      'profile',
      entries({ civility: '', first_name: ' Sam ', last_name: 'Reed', phone: '', company: 'Reed Ltd' }),
      pro,
    );
    expect(checked.body).toEqual({
      civility: null,
      first_name: 'Sam',
      last_name: 'Reed',
      phone: null,
      company: 'Reed Ltd',
      newsletter: false,
    });
    expect(
      checkForm('profile', entries({ first_name: 'Sam', last_name: 'Reed', phone: '12' }), pro).errors,
    ).toEqual({
      phone: MESSAGES.phone,
    });
  });

  it('a forgotten password sends the e-mail and the audience', () => {
    expect(checkForm('forgotten-password', entries({ email: 'a@b.co' }), { audience: 'part' }).body).toEqual({
      email: 'a@b.co',
      audience: 'part',
    });
  });
});

describe('refusals', () => {
  const refused = (
    status: number,
    body: { status: string; message: string; errors?: { field: string; message: string }[] },
  ) => new BackofficeError('/x', status, body);

  it('a wrong login and too many attempts have their messages', () => {
    expect(
      refusalOf('login', refused(401, { status: 'invalid_credentials', message: 'x' }), 'fallback').message,
    ).toBe(ACCOUNT_MESSAGES.loginFailed);
    expect(
      refusalOf('login', refused(429, { status: 'too_many_attempts', message: 'x' }), 'fallback').message,
    ).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
  });

  it('a refused reset link is the link, not a field', () => {
    expect(
      refusalOf('reset-password', refused(400, { status: 'invalid_token', message: 'x' }), 'f'),
    ).toMatchObject({
      invalidToken: true,
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
    });
  });

  it('a wrong current password lands under its field', () => {
    const error = refused(400, {
      status: 'validation_failed',
      message: 'Invalid',
      errors: [{ field: 'body.current_password', message: 'The current password is wrong' }],
    });
    expect(refusalOf('password-change', error, 'f').errors).toEqual({
      current_password: 'The current password is wrong',
    });
  });

  it('anything unexpected is the fallback', () => {
    expect(refusalOf('profile', new Error('boom'), 'An unknown error has occurred').message).toBe(
      'An unknown error has occurred',
    );
  });
});
