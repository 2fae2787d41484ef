/** The account forms by name (the `data-auth-form` of their markup): no schemas here, so the bootstrap can use it. */
export const AUTH_FORM_KINDS = [
  'login',
  'sign-up',
  'forgotten-password',
  'reset-password',
  'profile',
  'password-change',
] as const;
export type AuthFormKind = (typeof AUTH_FORM_KINDS)[number];

export const isAuthFormKind = (value: string | undefined): value is AuthFormKind =>
  (AUTH_FORM_KINDS as readonly (string | undefined)[]).includes(value);

/** The account pages that do something on load (`data-auth-page`): read the account, check a link. */
export const AUTH_PAGE_KINDS = ['overview', 'profile', 'reset-password', 'verify-email'] as const;
export type AuthPageKind = (typeof AUTH_PAGE_KINDS)[number];

export const isAuthPageKind = (value: string | undefined): value is AuthPageKind =>
  (AUTH_PAGE_KINDS as readonly (string | undefined)[]).includes(value);
