/**
 * Request bodies of the customer-account calls (api-contract.md "Accounts"), checked by the back-office and by the
 * storefront's account forms with the same messages: registration, login, password reset and change, the profile
 * (`/me`), saved addresses, the wishlist and the staff's trade approval. Strict objects, like the checkout's.
 * Browser-safe.
 */
import { z } from 'zod';
import { AUDIENCES, PASSWORD_LENGTH } from './constants.ts';
import { addressLines, BILLING_COUNTRIES, CHECKOUT_MESSAGES, strict } from './checkout.ts';
import {
  accepted,
  email,
  named,
  optional,
  optionalCompanyNumber,
  optionalPhone,
  phone,
  required,
} from './forms.ts';
import { FULL_POSTCODE_PATTERN } from './postcode.ts';
import { isAcceptablePassword, isCompanyNumber, MESSAGES, PASSWORD_MESSAGES } from './validation.ts';

/** The spec's account messages (§5, "other catalogue messages"); the wording of the unnamed ones is ours. */
export const ACCOUNT_MESSAGES = {
  userNotFound: 'User not found',
  emailAndPassword: 'Please enter your email and password',
  pleaseLogIn: 'Please log in',
  /** The one answer to a failed login: unknown e-mail and wrong password look the same. */
  loginFailed: 'The email address or password is incorrect',
  password: `Your password needs ${Object.values(PASSWORD_MESSAGES)
    .map((text) => text.toLowerCase())
    .join(', ')}`,
  currentPassword: 'Please enter your current password',
  resetLinkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** The one answer to a registration: a new and an existing e-mail read the same (no account enumeration). */
  registerAccepted: 'Thank you. Please check your inbox: we have sent you an e-mail to continue.',
  /** The one answer to a forgotten password, whether the e-mail has an account or not. */
  forgotAccepted: 'If an account uses this e-mail address, we have sent it a link to choose a new password.',
  currentPasswordWrong: 'Your current password is incorrect',
  /** Staff disabled the account (issue 24): told only to whoever knows its password. */
  accountDisabled:
    'This account has been disabled. Please contact our customer service team if you think this is a mistake.',
  /** Sending the wishlist (which can go to any address) needs an address the account has proved it owns. */
  verifyEmailFirst:
    'Please confirm your e-mail address before sending your wishlist: open the link we e-mailed you when you signed up.',
} as const;

/** Sessions (api-contract.md "Accounts"): 30 days, extended by use. */
export const SESSION_DAYS = 30;
/** Password-reset links: 60 minutes, single use. */
export const RESET_TOKEN_MINUTES = 60;
/** E-mail verification links: 7 days, single use. */
export const VERIFY_TOKEN_DAYS = 7;
/** The cookies: the HttpOnly session, and the indicator static pages read (no secret in it). */
export const SESSION_COOKIE = 'pw_session';
export const AUTH_INDICATOR_COOKIE = { name: 'pw_auth', value: '1' } as const;
/** Rate limits of the issue: per e-mail and per visitor, over 15 minutes or one hour. */
export const AUTH_LIMITS = {
  loginFailuresPerEmail: { max: 5, windowMinutes: 15 },
  loginRequestsPerVisitor: { max: 20, windowMinutes: 15 },
  forgotPerEmail: { max: 3, windowMinutes: 60 },
  wishlistSendPerCustomer: { max: 5, windowMinutes: 60 },
} as const;
/** A customer's basket is kept this long after its last change (a guest's until its token expires). */
export const CUSTOMER_BASKET_DAYS = 90;
/** Saved addresses one customer may keep. */
export const MAX_SAVED_ADDRESSES = 20;
/** Products a wishlist may hold (the device favourites have no stricter limit). */
export const MAX_WISHLIST_ITEMS = 200;

const id = z.number().int().positive().max(2_147_483_647);

/** A new password: the requirements the form displays live (length, lower case, upper case, number). */
export const newPassword = () =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(PASSWORD_LENGTH.max * 4)
    .refine(isAcceptablePassword, ACCOUNT_MESSAGES.password);

/** A password as typed at login: never trimmed, never checked against today's rules (older ones still log in). */
const givenPassword = () =>
  z.string({ error: ACCOUNT_MESSAGES.emailAndPassword }).min(1, ACCOUNT_MESSAGES.emailAndPassword).max(1024);

export const registerBody = strict({
  civility: z.enum(['mr', 'mrs', 'ms', 'mx', 'dr']).optional(),
  first_name: named(MESSAGES.firstName, 100),
  last_name: named(MESSAGES.lastName, 100),
  email: email(),
  password: newPassword(),
  phone: optionalPhone(),
  audience: z.enum(AUDIENCES).default('pro'),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  newsletter: z.boolean().default(false),
  accept_terms: accepted(),
  bot_check: z.string().max(20_000).optional(),
  website: z.string().max(500).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Login: either field empty → the spec's "please enter your email and password" on it. */
export const loginBody = strict({
  email: z
    .string({ error: ACCOUNT_MESSAGES.emailAndPassword })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailAndPassword)
    .max(254),
  password: givenPassword(),
  cart_token: z.string().max(100).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = strict({
  email: email(),
  audience: z.enum(AUDIENCES).default('pro'),
  bot_check: z.string().max(20_000).optional(),
  website: z.string().max(500).optional(),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const linkToken = () => z.string().trim().min(16).max(200);

export const resetPasswordBody = strict({ token: linkToken(), password: newPassword() });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const verifyEmailBody = strict({ token: linkToken() });

export const changePasswordBody = strict({
  current_password: z
    .string({ error: ACCOUNT_MESSAGES.currentPassword })
    .min(1, ACCOUNT_MESSAGES.currentPassword)
    .max(1024),
  new_password: newPassword(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `PATCH /me` (and `PUT /profile`): the fields given change; the e-mail address is not changed here. */
export const profileUpdateBody = strict({
  civility: z.enum(['mr', 'mrs', 'ms', 'mx', 'dr']).nullish(),
  first_name: named(MESSAGES.firstName, 100).optional(),
  last_name: named(MESSAGES.lastName, 100).optional(),
  phone: optionalPhone(),
  company: optional(200),
  company_number: optionalCompanyNumber(),
  newsletter: z.boolean().optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/**
 * A saved address (spec §7 `address` resource): one of the billing countries, a full postcode when in the UK. A
 * default delivery address must be in the UK (delivery is UK only).
 */
const savedAddressShape = {
  label: optional(60),
  ...addressLines,
  postcode: required(12),
  country: z.enum(BILLING_COUNTRIES, { error: CHECKOUT_MESSAGES.country }).default('uk'),
  phone: optionalPhone(),
  is_default_delivery: z.boolean().default(false),
  is_default_billing: z.boolean().default(false),
};

function checkSavedAddress(
  address: { country: string; postcode: string; is_default_delivery: boolean },
  context: z.RefinementCtx,
) {
  if (address.country === 'uk' && !FULL_POSTCODE_PATTERN.test(address.postcode)) {
    context.addIssue({ code: 'custom', path: ['postcode'], message: MESSAGES.postcode });
  }
  if (address.is_default_delivery && address.country !== 'uk') {
    context.addIssue({ code: 'custom', path: ['country'], message: CHECKOUT_MESSAGES.deliveryCountry });
  }
}

export const addressCreateBody = strict(savedAddressShape).superRefine(checkSavedAddress);
export type AddressCreateBody = z.infer<typeof addressCreateBody>;
/** `PUT /address` (spec §7 update: the id travels in the body): the whole address again. */
export const addressUpdateBody = strict({ id, ...savedAddressShape }).superRefine(checkSavedAddress);
export type AddressUpdateBody = z.infer<typeof addressUpdateBody>;

/** `PUT /wishlist`: the whole list; the device's favourites are sent on login and merged (union). */
export const wishlistBody = strict({
  product_ids: z.array(id).max(MAX_WISHLIST_ITEMS),
  mode: z.enum(['replace', 'merge']).default('replace'),
});
export type WishlistBody = z.infer<typeof wishlistBody>;

/** `POST /wishlist/send`: to the customer, or to a colleague's address, with an optional short note. */
export const wishlistSendBody = strict({
  to: email().optional(),
  message: optional(500),
  bot_check: z.string().max(20_000).optional(),
  website: z.string().max(500).optional(),
});
export type WishlistSendBody = z.infer<typeof wishlistSendBody>;

/** `POST /orders/{number}/reorder`: all lines, or the ones named. */
export const reorderBody = strict({
  line_ids: z.array(id).min(1).max(200).optional(),
  cart_token: z.string().max(100).optional(),
}).nullish();
export type ReorderBody = z.infer<typeof reorderBody>;

/** The version of the trade terms a staff write was made from (the `trade.version` last read). */
const tradeVersion = z.number().int().positive().max(2_147_483_647);

const tradeTermFields = {
  payment_terms_days: z.number().int().min(0).max(120),
  credit_limit_pence: z.number().int().min(0).max(100_000_000),
  po_required: z.boolean(),
};

/**
 * `PUT /customers/{id}/trade` (staff): a trade account's terms, replaced whole. An approval names every term (no
 * silent default); a withdrawal names none (the terms reset). `version`, when given, must still be the stored one.
 */
export const tradeApprovalBody = z.discriminatedUnion('approved', [
  strict({ approved: z.literal(true), version: tradeVersion.optional(), ...tradeTermFields }),
  strict({ approved: z.literal(false), version: tradeVersion.optional() }),
]);
export type TradeApprovalBody = z.infer<typeof tradeApprovalBody>;

/**
 * `PATCH /customers/{id}/trade` (staff): only the named terms change, from the terms' `version` (required). Terms
 * can only be set on an approved account; withdrawing the approval resets them.
 */
export const tradeTermsPatchBody = strict({
  version: tradeVersion,
  approved: z.boolean().optional(),
  ...z.object(tradeTermFields).partial().shape,
});
export type TradeTermsPatchBody = z.infer<typeof tradeTermsPatchBody>;

// ---- trade account applications (issue 24) ---------------------------------------------------------------------

/** The statuses of a trade account application: one `pending` at a time per account. */
export const TRADE_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TradeApplicationStatus = (typeof TRADE_APPLICATION_STATUSES)[number];

/** The messages of the trade application form (ours: the spec has none for these fields). */
export const TRADE_MESSAGES = {
  vatNumber: 'Please enter a UK VAT number: GB and 9 or 12 digits',
  monthlySpend: 'Please enter the expected monthly spend in whole pounds (1 or more)',
  alreadyPending: 'Your application is already with our credit control team: we will reply by e-mail',
  alreadyApproved: 'Your account is already an approved trade account',
  declineReason: 'Please give the reason for the decline: the customer reads it',
} as const;

/** A UK VAT number: `GB` and 9 or 12 digits; spaces are dropped and letters upper-cased (`gb 123 4567 89`). */
export function normaliseVatNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
export const isUkVatNumber = (value: string) => /^GB(?:\d{9}|\d{12})$/.test(normaliseVatNumber(value));

/** The highest expected monthly spend the form accepts, in pounds. */
export const MAX_MONTHLY_SPEND_POUNDS = 10_000_000;

/**
 * `POST /trade/application`: a customer asks for a trade account. The company registration number follows the
 * sign-up rule (spec §5) and is required here; the VAT number is optional; the expected monthly spend is in whole
 * pounds (what a buyer types; the limit staff set is in pence); the contact phone follows the spec's phone rule.
 */
export const tradeApplicationBody = strict({
  company: named(MESSAGES.companyName, 200),
  company_number: named(MESSAGES.required, 40).refine(isCompanyNumber, MESSAGES.companyNumber),
  vat_number: optional(20)
    .refine((value) => value === undefined || isUkVatNumber(value), TRADE_MESSAGES.vatNumber)
    .transform((value) => (value === undefined ? undefined : normaliseVatNumber(value))),
  expected_monthly_spend_pounds: z
    .number({ error: TRADE_MESSAGES.monthlySpend })
    .int(TRADE_MESSAGES.monthlySpend)
    .min(1, TRADE_MESSAGES.monthlySpend)
    .max(MAX_MONTHLY_SPEND_POUNDS, TRADE_MESSAGES.monthlySpend),
  phone: phone(),
});
export type TradeApplicationBody = z.infer<typeof tradeApplicationBody>;

/** `POST /staff/trade-applications/{id}/approve`: every term named (no silent default). */
export const tradeApplicationApproveBody = strict({ ...tradeTermFields, version: tradeVersion.optional() });
export type TradeApplicationApproveBody = z.infer<typeof tradeApplicationApproveBody>;

/** `POST /staff/trade-applications/{id}/decline`: the reason, which the customer's e-mail states. */
export const tradeApplicationDeclineBody = strict({
  reason: named(TRADE_MESSAGES.declineReason, 1000),
  version: tradeVersion.optional(),
});
export type TradeApplicationDeclineBody = z.infer<typeof tradeApplicationDeclineBody>;
