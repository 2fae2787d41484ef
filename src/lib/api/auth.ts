/**
 * The customer-account calls of the storefront (docs/api-contract.md "Accounts"): register, log in and out,
 * forgotten and reset password, e-mail verification, password change, and the logged-in customer (`/me`) with
 * its profile update. The session is the back-office's HttpOnly cookie: the browser sends it on these same-origin
 * calls, so no call here carries a secret. Bodies are the shared strict schemas' (`@plasterwick/shop-rules/
 * accounts`); answers are parsed leniently and mapped to the storefront's `Customer`.
 */
import type {
  changePasswordBody,
  forgotPasswordBody,
  profileUpdateBody,
  registerBody,
} from '@plasterwick/shop-rules/accounts';
import { z } from 'zod';
import type { ApiClient, RequestOptions } from './client.ts';

const CIVILITIES = ['mr', 'mrs', 'ms', 'mx', 'dr'] as const;
export type Civility = (typeof CIVILITIES)[number];

/** An approved trade account's terms (pence); `approved: false` for every other customer. */
export interface TradeTerms {
  approved: boolean;
  paymentTermsDays: number;
  creditLimitPence: number;
  creditAvailablePence: number;
  poRequired: boolean;
}

/** The logged-in customer (`Me` of the contract). */
export interface Customer {
  id: number;
  email: string;
  civility: Civility | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  companyNumber: string | null;
  audience: 'pro' | 'part';
  newsletter: boolean;
  emailVerified: boolean;
  trade: TradeTerms;
}

const pence = z.number().int();

export const customerSchema = z
  .object({
    id: z.number().int().positive(),
    email: z.string(),
    civility: z.string().nullish(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullish(),
    company: z.string().nullish(),
    company_number: z.string().nullish(),
    audience: z.enum(['pro', 'part']),
    newsletter: z.boolean().nullish(),
    email_verified: z.boolean(),
    trade: z
      .object({
        approved: z.boolean(),
        payment_terms_days: z.number().int().nullish(),
        credit_limit_pence: pence.nullish(),
        credit_available_pence: pence.nullish(),
        po_required: z.boolean().nullish(),
      })
      .nullish(),
  })
  .transform((me): Customer => ({
    id: me.id,
    email: me.email,
    civility: CIVILITIES.find((code) => code === me.civility) ?? null,
    firstName: me.first_name,
    lastName: me.last_name,
    phone: me.phone ?? null,
    company: me.company ?? null,
    companyNumber: me.company_number ?? null,
    audience: me.audience,
    newsletter: me.newsletter ?? false,
    emailVerified: me.email_verified,
    trade: {
      approved: me.trade?.approved ?? false,
      paymentTermsDays: me.trade?.payment_terms_days ?? 0,
      creditLimitPence: me.trade?.credit_limit_pence ?? 0,
      creditAvailablePence: me.trade?.credit_available_pence ?? 0,
      poRequired: me.trade?.po_required ?? false,
    },
  }));

/** The 202 of register and forgotten password: the same answer whether the e-mail is known or not. */
const acceptedSchema = z.object({ status: z.literal('accepted'), message: z.string() });
export type Accepted = z.infer<typeof acceptedSchema>;

/** No content (204): the client reads an empty answer as `{}`. */
const noContent = z.object({});

export interface LoginAnswer {
  customer: Customer;
  /** The customer's basket after the guest basket was merged into it, with a token for this browser; or none. */
  cart: { token: string; tokenExpiresAt: string } | null;
}

const loginAnswerSchema = z
  .object({
    customer: customerSchema,
    cart: z.object({ token: z.string().min(1), token_expires_at: z.string() }).nullish(),
  })
  .transform((answer): LoginAnswer => ({
    customer: answer.customer,
    cart: answer.cart ? { token: answer.cart.token, tokenExpiresAt: answer.cart.token_expires_at } : null,
  }));

export interface VerifyAnswer {
  customer: Customer;
  /** How many earlier guest orders with this e-mail joined the account. */
  attachedOrders: number;
}

const verifyAnswerSchema = z
  .object({
    customer: customerSchema,
    attached_orders: z.union([z.number().int(), z.array(z.unknown())]).nullish(),
  })
  .transform((answer): VerifyAnswer => ({
    customer: answer.customer,
    attachedOrders: Array.isArray(answer.attached_orders)
      ? answer.attached_orders.length
      : (answer.attached_orders ?? 0),
  }));

/** `POST /auth/register`: 202 for a new and an existing e-mail alike (the mail differs); no session opened. */
export function register(
  api: ApiClient,
  body: z.input<typeof registerBody>,
  options?: RequestOptions,
): Promise<Accepted> {
  return api.post('/auth/register', body, acceptedSchema, options);
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * `POST /auth/login`: opens the session (its cookies come back with the answer) and merges the guest basket of
 * `cartToken` into the customer's. 401 `invalid_credentials` for an unknown e-mail or a wrong password alike;
 * 429 `too_many_attempts`.
 */
export function login(
  api: ApiClient,
  credentials: Credentials,
  cartToken: string | undefined,
  options: RequestOptions = {},
): Promise<LoginAnswer> {
  return api.post('/auth/login', { ...credentials, cart_token: cartToken }, loginAnswerSchema, {
    ...options,
    headers: { ...options.headers, ...(cartToken && { 'x-cart-token': cartToken }) },
  });
}

/** `POST /auth/logout`: the session is deleted and both cookies cleared (204). */
export async function logout(api: ApiClient, options?: RequestOptions): Promise<void> {
  await api.post('/auth/logout', {}, noContent, options);
}

/** `POST /auth/password/forgot`: always 202; a known e-mail gets a reset link (60 minutes, single use). */
export function forgotPassword(
  api: ApiClient,
  body: z.input<typeof forgotPasswordBody>,
  options?: RequestOptions,
): Promise<Accepted> {
  return api.post('/auth/password/forgot', body, acceptedSchema, options);
}

/**
 * `POST /auth/password/reset`: sets the new password, revokes every earlier session and logs this browser in,
 * merging the guest basket of `cartToken` like a login. An unknown, used or expired link → 400 `invalid_token`.
 */
export function resetPassword(
  api: ApiClient,
  body: { token: string; password: string },
  cartToken: string | undefined,
  options: RequestOptions = {},
): Promise<LoginAnswer> {
  return api.post('/auth/password/reset', body, loginAnswerSchema, {
    ...options,
    headers: { ...options.headers, ...(cartToken && { 'x-cart-token': cartToken }) },
  });
}

/** `POST /auth/verify`: verifies the e-mail of the link (no session needed); a bad link → 400 `invalid_token`. */
export function verifyEmail(api: ApiClient, token: string, options?: RequestOptions): Promise<VerifyAnswer> {
  return api.post('/auth/verify', { token }, verifyAnswerSchema, options);
}

/** `POST /auth/password/change` (204): every other session is revoked; a wrong current password → 400. */
export async function changePassword(
  api: ApiClient,
  body: z.input<typeof changePasswordBody>,
  options?: RequestOptions,
): Promise<void> {
  await api.post('/auth/password/change', body, noContent, options);
}

/** `GET /me`: the logged-in customer; 401 `unauthorized` without a valid session. */
export function getMe(api: ApiClient, options?: RequestOptions): Promise<Customer> {
  return api.get('/me', customerSchema, options);
}

/** `PATCH /me`: the fields given change (the e-mail address is not changed here). */
export function updateMe(
  api: ApiClient,
  body: z.input<typeof profileUpdateBody>,
  options?: RequestOptions,
): Promise<Customer> {
  return api.patch('/me', body, customerSchema, options);
}
