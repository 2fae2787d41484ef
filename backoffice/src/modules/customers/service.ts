/**
 * Customer accounts (api-contract.md "Accounts"): registration, login with its rate limits, password reset and
 * change, e-mail verification, the profile (`Me`) and the trade terms staff set. Passwords are Argon2id
 * (`@node-rs/argon2` defaults, OWASP's minimum). Answers never tell whether an address has an account:
 * registration answers the same for both (the owner of an existing one gets a notice instead), a failed login is
 * one answer and verifies a dummy hash for an unknown address, and a forgotten password is always accepted. Links
 * are single-use tokens stored hashed. What a login does beyond the account (the basket, the guest orders) is
 * flows/login.ts's: it calls the steps here.
 */
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_MESSAGES,
  AUTH_LIMITS,
  RESET_TOKEN_MINUTES,
  VERIFY_TOKEN_DAYS,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
} from '@plasterwick/shop-rules/accounts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { orders } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Site } from '../../lib/context.ts';
import { DomainError, fieldError, versionConflict } from '../../lib/errors.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import type { Executor } from '../../db/types.ts';
import { attemptsWithin, forgiveAttempt, recordAttempt, takeAttempt, type AttemptLimit } from './attempts.ts';
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from './mails.ts';
import type { Me } from './schemas.ts';
import { createSession, revokeSessions, type CustomerRow } from './sessions.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { customers, customerTokens, passwordResetRequests } from './tables.ts';

export interface AccountDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

const MINUTE_MS = 60_000;
const normalEmail = (email: string) => email.trim().toLowerCase();

// ---- rate limits ------------------------------------------------------------------------------------------

const tooManyAttempts = (limit: AttemptLimit) =>
  new DomainError('too_many_attempts', ACCOUNT_MESSAGES.tooManyAttempts, {
    retryAfterSeconds: limit.windowMinutes * 60,
  });

const LOGIN_FAILURE = 'login_failure';

/**
 * Checks a password of the account of `email` within the address's limit of wrong passwords (login and password
 * change count together): the attempt is counted before Argon2 runs and stays counted unless the password is
 * right, so however many requests arrive at once, at most the limit's number are ever checked (429 for the rest,
 * whatever the password). A right password takes back its own attempt only: the failures of other requests, in
 * flight or done, keep counting.
 */
async function limitedPasswordCheck(
  db: Database,
  email: string,
  customer: CustomerRow | undefined,
  password: string,
  now: Date,
): Promise<boolean> {
  const limit = AUTH_LIMITS.loginFailuresPerEmail;
  const attempt = await takeAttempt(db, LOGIN_FAILURE, email, limit, now);
  if (attempt === undefined) throw tooManyAttempts(limit);
  const matches = await passwordMatches(customer, password);
  if (matches) await forgiveAttempt(db, attempt);
  return matches;
}

// ---- passwords ----------------------------------------------------------------------------------------------

/** A new password's Argon2id hash: slow on purpose, so it is made before the transaction that stores it. */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against the account's hash, or against a dummy hash of the same cost when there is no
 * account: an unknown address takes as long as a wrong password.
 */
async function passwordMatches(customer: CustomerRow | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash(newToken());
  const matches = await verify(customer?.passwordHash ?? (await dummyHash), password).catch(() => false);
  return customer !== undefined && matches;
}

const invalidCredentials = () => new DomainError('invalid_credentials', ACCOUNT_MESSAGES.loginFailed);
const invalidToken = () => new DomainError('invalid_token', ACCOUNT_MESSAGES.resetLinkInvalid);
/** 403 `account_disabled`: staff disabled the account (issue 24). */
export const accountDisabled = () => new DomainError('account_disabled', ACCOUNT_MESSAGES.accountDisabled);

// ---- Me -----------------------------------------------------------------------------------------------------

/** `Me`: the profile and the trade terms, with the credit the unpaid on-account orders leave. */
export async function meOf(db: Executor, customer: CustomerRow): Promise<Me> {
  const [owed] = await db
    .select({ pence: sql<number>`coalesce(sum(${orders.totalIncPence}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customer.id), eq(orders.status, 'on_account')));
  return {
    id: customer.id,
    email: customer.email,
    civility: customer.civility,
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    company: customer.company,
    company_number: customer.companyNumber,
    audience: customer.audience,
    newsletter: customer.newsletter,
    email_verified: customer.emailVerifiedAt !== null,
    trade: {
      approved: customer.tradeApproved,
      payment_terms_days: customer.paymentTermsDays,
      credit_limit_pence: customer.creditLimitPence,
      credit_available_pence: Math.max(0, customer.creditLimitPence - (owed?.pence ?? 0)),
      po_required: customer.poRequired,
    },
  };
}

// ---- registration -------------------------------------------------------------------------------------------

async function insertLinkToken(
  db: Executor,
  customer: CustomerRow,
  purpose: 'reset' | 'verify',
  expiresAt: Date,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(customerTokens).values({
    tokenHash: hashToken(token),
    customerId: customer.id,
    purpose,
    email: customer.email,
    expiresAt,
    createdAt: now,
  });
  return token;
}

const recipient = (customer: CustomerRow, audience = customer.audience) => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  audience,
});

const REGISTER_NOTICE = 'register_notice';

/**
 * `POST /auth/register`: a new account and its verification e-mail, or, when the address has one, a notice to its
 * owner (at most `forgotPerEmail` an hour: the form cannot be used to flood someone's inbox). The password is
 * hashed either way, so both take as long. Queues the mail in the transaction; the caller nudges the worker.
 */
export async function register(deps: AccountDeps, site: Site, body: RegisterBody): Promise<void> {
  const email = normalEmail(body.email);
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  const { siteUrl, from } = deps.config.mail;
  await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({
        siteId: site.id,
        email,
        passwordHash,
        civility: body.civility ?? null,
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone ?? null,
        audience: body.audience,
        company: body.company ?? null,
        companyNumber: body.company_number ?? null,
        newsletter: body.newsletter,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      const token = await insertLinkToken(
        tx,
        created,
        'verify',
        new Date(now.getTime() + VERIFY_TOKEN_DAYS * DAY_MS),
        now,
      );
      await enqueueMail(tx, {
        kind: 'account.verification',
        to: created.email,
        ...verificationMail(recipient(created), token, siteUrl),
        messageIdDomain: senderDomain(from),
      });
      return;
    }
    // Locked: registrations of one address at once count their notices one after the other.
    const [existing] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.siteId, site.id), eq(customers.email, email)))
      .for('update');
    if (!existing) return;
    await recordAttempt(tx, REGISTER_NOTICE, email, now);
    if (
      (await attemptsWithin(tx, REGISTER_NOTICE, email, AUTH_LIMITS.forgotPerEmail, now)) >
      AUTH_LIMITS.forgotPerEmail.max
    ) {
      return;
    }
    await enqueueMail(tx, {
      kind: 'account.already_registered',
      to: existing.email,
      ...alreadyRegisteredMail(recipient(existing, body.audience), siteUrl),
      messageIdDomain: senderDomain(from),
    });
  });
}

// ---- login --------------------------------------------------------------------------------------------------

/**
 * `POST /auth/login`, its first step (flows/login.ts): every request counts towards the visitor's limit, and
 * towards the address's limit of wrong passwords until its password proves right (429 from the limit on,
 * whatever the password: `limitedPasswordCheck`). Returns the customer whose password matched; anything else is
 * one answer, 401 `invalid_credentials`.
 */
export async function checkCredentials(
  deps: AccountDeps,
  site: Site,
  body: LoginBody,
  clientIp: string,
): Promise<CustomerRow> {
  const { db } = deps;
  const email = normalEmail(body.email);
  const now = deps.clock.now();
  const perVisitor = { ...AUTH_LIMITS.loginRequestsPerVisitor, max: deps.config.loginLimitPerVisitor };
  await recordAttempt(db, 'login_request', clientIp, now);
  if ((await attemptsWithin(db, 'login_request', clientIp, perVisitor, now)) > perVisitor.max) {
    throw tooManyAttempts(perVisitor);
  }
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.email, email)));
  // An unknown address costs one (dummy) verify too, and counts towards its limit like a known one.
  if (!(await limitedPasswordCheck(db, email, customer, body.password, now)) || !customer) {
    throw invalidCredentials();
  }
  // Only someone who knows the password learns that the account is disabled.
  if (customer.disabledAt !== null) throw accountDisabled();
  return customer;
}

/**
 * Logs the customer in: a new session. The address's earlier failures keep counting (a success must not clear
 * the failures of guesses still in flight). Returns the session token.
 */
export async function openSession(tx: Executor, customer: CustomerRow, now: Date): Promise<string> {
  return createSession(tx, customer.id, now);
}

// ---- forgotten password and reset ---------------------------------------------------------------------------

/**
 * `POST /auth/password/forgot`: counts the request against the address's hourly limit and, within it, queues the
 * request. Nothing here depends on whether the address has an account (the same statements run, in the same
 * time); the `mail` job writes the link and the letter (`writeResetLinks`). Beyond `forgotPerEmail` requests an
 * hour, nothing is queued. The caller always answers 202.
 */
export async function forgotPassword(deps: AccountDeps, site: Site, body: ForgotPasswordBody): Promise<void> {
  const email = normalEmail(body.email);
  const now = deps.clock.now();
  if ((await takeAttempt(deps.db, 'forgot', email, AUTH_LIMITS.forgotPerEmail, now)) === undefined) return;
  await deps.db
    .insert(passwordResetRequests)
    .values({ siteId: site.id, email, audience: body.audience, requestedAt: now });
}

/**
 * The `mail` job's first step: each queued forgotten-password request, one transaction each, is taken (skipping
 * one another worker holds) and deleted; for an address with an account of the site, its older reset links are
 * voided and a new one (60 minutes from the request) is mailed. Returns how many requests it handled.
 */
export async function writeResetLinks(db: Database, mail: Config['mail']): Promise<number> {
  let handled = 0;
  while (await db.transaction((tx) => writeNextResetLink(tx, mail))) handled += 1;
  return handled;
}

async function writeNextResetLink(tx: Executor, mail: Config['mail']): Promise<boolean> {
  const [request] = await tx
    .select()
    .from(passwordResetRequests)
    .orderBy(asc(passwordResetRequests.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!request) return false;
  await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.id, request.id));
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, request.siteId), eq(customers.email, request.email)));
  if (!customer) return true;
  await sendResetLink(tx, customer, request.audience, request.requestedAt, mail);
  return true;
}

/**
 * Voids the account's older reset links and queues the forgotten-password letter with a new one (60 minutes from
 * `now`): the letter of the customer's own request, and of staff's `POST /staff/customers/{id}/password-reset`.
 */
export async function sendResetLink(
  tx: Executor,
  customer: CustomerRow,
  audience: CustomerRow['audience'],
  now: Date,
  mail: Config['mail'],
): Promise<{ id: number }> {
  await tx
    .update(customerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerTokens.customerId, customer.id),
        eq(customerTokens.purpose, 'reset'),
        isNull(customerTokens.usedAt),
      ),
    );
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_MINUTES * MINUTE_MS);
  const token = await insertLinkToken(tx, customer, 'reset', expiresAt, now);
  return enqueueMail(tx, {
    kind: 'account.password_reset',
    to: customer.email,
    ...passwordResetMail(recipient(customer, audience), token, mail.siteUrl),
    messageIdDomain: senderDomain(mail.from),
  });
}

/**
 * A new verification link (7 days) and its letter, as at sign-up: staff's `POST …/verification-email`. The older
 * verification links stay valid until they expire (each proves the same address).
 */
export async function sendVerificationLink(
  tx: Executor,
  customer: CustomerRow,
  now: Date,
  mail: Config['mail'],
): Promise<{ id: number }> {
  const token = await insertLinkToken(
    tx,
    customer,
    'verify',
    new Date(now.getTime() + VERIFY_TOKEN_DAYS * DAY_MS),
    now,
  );
  return enqueueMail(tx, {
    kind: 'account.verification',
    to: customer.email,
    ...verificationMail(recipient(customer), token, mail.siteUrl),
    messageIdDomain: senderDomain(mail.from),
  });
}

/** Uses a link token once: the conditional update succeeds for one caller only, before the token expires. */
async function useLinkToken(tx: Executor, token: string, purpose: 'reset' | 'verify', now: Date) {
  const [row] = await tx
    .update(customerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(token)),
        eq(customerTokens.purpose, purpose),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: customerTokens.customerId, email: customerTokens.email });
  if (!row) throw invalidToken();
  return row;
}

/**
 * `POST /auth/password/reset`, in the flow's transaction (flows/login.ts): uses the reset link once, sets the new
 * password and revokes every session of the account. Returns the customer, whom the flow then logs in.
 */
export async function resetPasswordWithLink(
  tx: Executor,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<CustomerRow> {
  const used = await useLinkToken(tx, token, 'reset', now);
  const [customer] = await tx
    .update(customers)
    .set({ passwordHash, updatedAt: now })
    .where(eq(customers.id, used.customerId))
    .returning();
  if (!customer) throw invalidToken();
  // A disabled account keeps its password: the link would log it in, so it is refused (and rolled back).
  if (customer.disabledAt !== null) throw accountDisabled();
  await revokeSessions(tx, customer.id);
  return customer;
}

/**
 * `POST /auth/verify`, in the flow's transaction (flows/login.ts): uses the verification link once and marks the
 * account's address verified. Returns the customer, whose earlier guest orders the flow then attaches.
 */
export async function verifyEmailWithLink(tx: Executor, token: string, now: Date): Promise<CustomerRow> {
  const used = await useLinkToken(tx, token, 'verify', now);
  // The link proves the address it was sent to: only while it is still the account's.
  const [customer] = await tx
    .update(customers)
    .set({
      emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(customers.id, used.customerId), eq(customers.email, used.email)))
    .returning();
  if (!customer) throw invalidToken();
  return customer;
}

/**
 * `POST /auth/password/change`: the current password is checked (wrong ones count as login failures of the
 * address), then every other session is revoked.
 */
export async function changePassword(
  deps: AccountDeps,
  customer: CustomerRow,
  keepSessionHash: string,
  body: ChangePasswordBody,
): Promise<void> {
  const now = deps.clock.now();
  if (!(await limitedPasswordCheck(deps.db, customer.email, customer, body.current_password, now))) {
    throw fieldError('invalid_request', 'current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, customer.id));
    await revokeSessions(tx, customer.id, keepSessionHash);
  });
}

/**
 * Locks the customer's row for the rest of the transaction: the writes of one customer's address book and wishlist
 * (their limits, the default flags, the sending limit) wait for each other.
 */
export async function lockCustomer(tx: Executor, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

// ---- trade terms --------------------------------------------------------------------------------------------

/** The trade columns of an account: staff's approval and, only with it, terms, a credit limit and a PO rule. */
export type TradeTermsColumns = Pick<
  CustomerRow,
  'tradeApproved' | 'paymentTermsDays' | 'creditLimitPence' | 'poRequired'
>;

/**
 * Sets the trade terms of the site's account `customerId` (the table's CHECK refuses terms on an account that is
 * not approved), from the terms' version `expectedVersion` when given: one conditional update, so of two writes
 * from the same version exactly one wins and the other is a 409 naming the stored version. Returns the account,
 * or undefined when the site has no such account.
 */
export async function setTradeTerms(
  db: Executor,
  siteId: number,
  customerId: number,
  change: { terms: TradeTermsColumns; expectedVersion: number | undefined },
  now: Date,
): Promise<CustomerRow | undefined> {
  const { terms, expectedVersion } = change;
  const account = and(eq(customers.id, customerId), eq(customers.siteId, siteId));
  const [row] = await db
    .update(customers)
    .set({ ...terms, tradeVersion: sql`${customers.tradeVersion} + 1`, updatedAt: now })
    .where(
      expectedVersion === undefined ? account : and(account, eq(customers.tradeVersion, expectedVersion)),
    )
    .returning();
  if (row || expectedVersion === undefined) return row;
  const [stored] = await db.select({ version: customers.tradeVersion }).from(customers).where(account);
  if (!stored) return undefined;
  throw versionConflict(`The trade terms of customer ${customerId}`, expectedVersion, stored.version);
}

// ---- profile ------------------------------------------------------------------------------------------------

/**
 * `PATCH /me` (`PUT /profile`): the fields present change; an optional one sent empty is cleared. The e-mail
 * address is not changed here. Answers the changed `Me`.
 */
export async function updateProfile(
  deps: AccountDeps,
  customer: CustomerRow,
  body: ProfileUpdateBody,
): Promise<Me> {
  const given = (key: keyof ProfileUpdateBody) => Object.hasOwn(body, key);
  const [row] = await deps.db
    .update(customers)
    .set({
      ...(given('civility') ? { civility: body.civility ?? null } : {}),
      ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
      ...(given('phone') ? { phone: body.phone ?? null } : {}),
      ...(given('company') ? { company: body.company ?? null } : {}),
      ...(given('company_number') ? { companyNumber: body.company_number ?? null } : {}),
      ...(body.newsletter !== undefined ? { newsletter: body.newsletter } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(eq(customers.id, customer.id))
    .returning();
  if (!row) throw new Error('the logged-in customer has no row');
  return meOf(deps.db, row);
}
