/**
 * Customer accounts (api-contract.md "Accounts"): the customer, its sessions and one-time link tokens (only
 * SHA-256 hashes of tokens are stored) and the attempts the rate limits count. Invariants live here: one account
 * per e-mail and site, a trade account's terms only on an approved account, credit never negative. Saved
 * addresses and the wishlist belong to their own modules (addresses/tables.ts, wishlist/tables.ts).
 * Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/tables.ts';

export const customers = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Lower-cased and trimmed: the unique key. */
    email: text('email').notNull(),
    /** Argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    civility: text('civility'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** The audience it signed up in: its home after login. */
    audience: text('audience', { enum: ['pro', 'part'] }).notNull(),
    company: text('company'),
    companyNumber: text('company_number'),
    newsletter: boolean('newsletter').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Trade account (staff approval): pays `on_account` within its terms and credit limit. */
    tradeApproved: boolean('trade_approved').notNull().default(false),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    creditLimitPence: integer('credit_limit_pence').notNull().default(0),
    poRequired: boolean('po_required').notNull().default(false),
    /** Rises with each staff write of the trade terms: a write from an older one is refused (409). */
    tradeVersion: integer('trade_version').notNull().default(1),
    /**
     * Disabled by staff (issue 24): the account cannot sign in, and its sessions ended when it was set. Set and
     * cleared by conditional updates (`where disabled_at is null` / `is not null`).
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('customer_site_email').on(t.siteId, t.email),
    check('customer_email_check', sql`${t.email} = lower(btrim(${t.email})) and ${t.email} <> ''`),
    check(
      'customer_trade_check',
      sql`${t.paymentTermsDays} between 0 and 120 and ${t.creditLimitPence} >= 0
        and (${t.tradeApproved} or (${t.creditLimitPence} = 0 and not ${t.poRequired}))`,
    ),
  ],
);

/** A logged-in browser: the cookie holds a random token, the table its SHA-256. Deleting the row logs it out. */
export const customerSessions = pgTable(
  'customer_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Sliding: moved forward (at most once a minute) while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('customer_session_customer').on(t.customerId),
    index('customer_session_expires').on(t.expiresAt),
  ],
);

/**
 * A link sent by e-mail (password reset, e-mail verification): single use (`used_at` set by a conditional update),
 * with an expiry. A new reset request voids the older ones (their `used_at` is set).
 */
export const customerTokens = pgTable(
  'customer_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    /** The address a verification link proves (the account's e-mail when it was sent). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_token_customer').on(t.customerId, t.purpose)],
);

/**
 * One counted attempt for a rate limit that must hold across client addresses and restarts (login failures per
 * e-mail, login requests per visitor, forgot-password per e-mail, wishlist mails per customer). Old rows are swept.
 */
export const authAttempts = pgTable(
  'auth_attempt',
  {
    id: serial('id').primaryKey(),
    /** What is counted, e.g. `login_failure`, and whose: a lower-cased e-mail, a client address, a customer id. */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempt_scope_subject_at').on(t.scope, t.subject, t.at)],
);

/**
 * A forgotten-password request waiting for its letter: the request only inserts this row, whether the address has
 * an account or not, so both answer in the same time; the `mail` job then looks the account up, writes the link
 * and queues the letter, and deletes the row (`writeResetLinks`).
 */
export const passwordResetRequests = pgTable('password_reset_request', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  /** As typed, lower-cased and trimmed (the account's key). */
  email: text('email').notNull(),
  /** The audience of the page it was asked from: the link leads back there. */
  audience: text('audience', { enum: ['pro', 'part'] }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});
