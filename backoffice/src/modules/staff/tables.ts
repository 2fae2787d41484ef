/**
 * Staff accounts (issue 22): the people who run the shop, their sessions, invitations, one-time links, second
 * factors, machine tokens and the sign-in attempts the limits count. Every secret is stored as a SHA-256 (tokens
 * of 32 random bytes, recovery codes of 80 bits) or an Argon2id hash (passwords); the TOTP key is kept as is, as an
 * authenticator app needs it. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { ROLES, TOKEN_SCOPES } from './roles.ts';

const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((value) => sql.raw(`'${value}'`)),
    sql`, `,
  )})`;
const roleCheck = (column: unknown) => oneOf(column, ROLES);

export const staffPeople = pgTable(
  'staff_person',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed: one person per address. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    /** The enrolled TOTP key (base32); null until the person enrols (and again after a reset of the factor). */
    totpSecret: text('totp_secret'),
    /** The key offered by the enrolment under way, shown as a QR code and as text until a code proves it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Moves on with every change of role or status: a change made from an older version is a 409. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_person_email').on(t.email),
    check('staff_person_email_check', sql`${t.email} = lower(btrim(${t.email})) and ${t.email} <> ''`),
    check('staff_person_role_check', roleCheck(t.role)),
    check('staff_person_enrolled_check', sql`(${t.enrolledAt} is null) = (${t.totpSecret} is null)`),
  ],
);

/**
 * A signed-in browser: the `pw_staff` cookie holds 32 random bytes, this row their SHA-256. It ends after 30 idle
 * minutes (`last_seen_at`), at `expires_at` (12 hours after sign-in) or when the row is deleted.
 */
export const staffSessions = pgTable(
  'staff_session',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    uniqueIndex('staff_session_token').on(t.tokenHash),
    index('staff_session_person').on(t.personId),
    index('staff_session_expires').on(t.expiresAt),
  ],
);

/** An invitation by e-mail: single use (`accepted_at` set by a conditional update), 72 hours. */
export const staffInvitations = pgTable(
  'staff_invitation',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The owner who invited; null when made on the server's command line or with the API key. */
    invitedBy: integer('invited_by').references(() => staffPeople.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_invitation_token').on(t.tokenHash),
    index('staff_invitation_email').on(t.email),
    check('staff_invitation_role_check', roleCheck(t.role)),
  ],
);

/**
 * The link that creates the first owner of a database without staff (logged at start): single use, 24 hours, and
 * void as soon as anyone is staff.
 */
export const staffSetupTokens = pgTable('staff_setup_token', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A one-time link or step of one person: `enrolment` (enrol an authenticator: after setup or an invitation, or a
 * reset of the second factor) or `reset` (choose a new password). Single use, with an expiry.
 */
export const staffLinkTokens = pgTable(
  'staff_link_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['enrolment', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_link_token_person').on(t.personId, t.purpose)],
);

/** The ten single-use recovery codes of a person, as SHA-256 hashes (80 random bits each). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_code',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_code_hash').on(t.personId, t.codeHash)],
);

/**
 * A machine token for automation (`Authorization: Bearer pwt_…`): named, scoped to a role (or the machine-only
 * `builds:write`), optionally expiring,
 * revocable; only its SHA-256 is stored.
 */
export const staffTokens = pgTable(
  'staff_token',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A role, or a machine-only scope (`builds:write`, the launcher's). */
    scope: text('scope', { enum: TOKEN_SCOPES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => staffPeople.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_token_hash').on(t.tokenHash),
    check('staff_token_scope_check', oneOf(t.scope, TOKEN_SCOPES)),
  ],
);

/**
 * One sign-in attempt, inserted before anything is verified so that concurrent attempts count each other: the
 * limits are 20 attempts per address and 5 failures per account (`counted`) in 15 minutes. A success, and an
 * attempt refused by a limit, stop counting against the account.
 */
export const staffLoginAttempts = pgTable(
  'staff_login_attempt',
  {
    id: serial('id').primaryKey(),
    /** The address typed, lower-cased (whether or not anyone has it). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    counted: boolean('counted').notNull().default(true),
    outcome: text('outcome', { enum: ['pending', 'ok', 'failed', 'refused'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    index('staff_login_attempt_email').on(t.email, t.at),
    index('staff_login_attempt_ip').on(t.ip, t.at),
  ],
);
