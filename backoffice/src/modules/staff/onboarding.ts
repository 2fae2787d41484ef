/**
 * How people become staff (issue 22). There are no default credentials: a database without staff gets a setup
 * link (logged at start; single use, 24 hours, void once anyone is staff) that creates the first owner. Owners
 * invite the others by e-mail (single use, 72 hours). Either way the person chooses a password, then enrols an
 * authenticator: the answer carries an enrolment token and a new TOTP key (text, URI and QR code), and a first
 * code proves it and gives the ten recovery codes. A lost authenticator is reset by an owner or on the server's
 * command line: the person re-enrols with an e-mailed link and their password.
 */
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  passwordMatches,
  recoveryCodeHash,
  totpEnrolment,
  totpStep,
} from './credentials.ts';
import { consoleLink, enrolmentMail, invitationMail } from './mails.ts';
import { anyStaff, findPersonByEmail, normalEmail } from './people.ts';
import type { Role } from './roles.ts';
import type { Enrolment, Invitation, InvitationListQuery } from './schemas.ts';
import { endSessionsOf, type PersonRow } from './sessions.ts';
import {
  staffInvitations,
  staffLinkTokens,
  staffPeople,
  staffRecoveryCodes,
  staffSetupTokens,
} from './tables.ts';

export const SETUP_HOURS = 24;
export const INVITATION_HOURS = 72;
export const ENROLMENT_HOURS = 24;

const setupNotFound = () =>
  new DomainError(
    'setup_not_found',
    'This setup link is not valid: it was used, it expired, or the shop has staff',
  );
const invitationNotFound = () =>
  new DomainError(
    'invitation_not_found',
    'This invitation is not valid: it was used, withdrawn or it expired',
  );
const enrolmentNotFound = () =>
  new DomainError('enrolment_not_found', 'This enrolment link is not valid: it was used or it expired');
const alreadyStaff = () =>
  new DomainError('already_staff', 'Someone on the staff already has this e-mail address', {
    conflict: true,
  });

const hoursAfter = (now: Date, hours: number) => new Date(now.getTime() + hours * HOUR_MS);

// ---- the first owner ----------------------------------------------------------------------------------------

/** A new setup link while the database has no staff (else null): `{CONSOLE_URL}/setup?token=…`. */
export async function newSetupLink(db: Database, consoleUrl: string, now: Date): Promise<string | null> {
  if (await anyStaff(db)) return null;
  const token = newToken();
  await db
    .insert(staffSetupTokens)
    .values({ tokenHash: hashToken(token), expiresAt: hoursAfter(now, SETUP_HOURS), createdAt: now });
  return consoleLink(consoleUrl, 'setup', token);
}

/** `GET /staff/setup`: 404 unless the link is unused, unexpired and nobody is staff yet. */
export async function checkSetupLink(db: Database, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ tokenHash: staffSetupTokens.tokenHash })
    .from(staffSetupTokens)
    .where(
      and(
        eq(staffSetupTokens.tokenHash, hashToken(token)),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, now),
      ),
    );
  if (!row || (await anyStaff(db))) throw setupNotFound();
}

async function insertPerson(
  tx: Executor,
  person: { email: string; name: string; role: Role; passwordHash: string },
  now: Date,
): Promise<PersonRow> {
  const [row] = await tx
    .insert(staffPeople)
    .values({ ...person, totpPendingSecret: newTotpSecret(), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadyStaff();
  return row;
}

/** An enrolment token of the person (single use, 24 hours); older unused ones are void. */
async function newEnrolmentToken(tx: Executor, personId: number, now: Date): Promise<string> {
  await tx
    .update(staffLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffLinkTokens.personId, personId),
        eq(staffLinkTokens.purpose, 'enrolment'),
        isNull(staffLinkTokens.usedAt),
      ),
    );
  const token = newToken();
  await tx.insert(staffLinkTokens).values({
    tokenHash: hashToken(token),
    personId,
    purpose: 'enrolment',
    expiresAt: hoursAfter(now, ENROLMENT_HOURS),
    createdAt: now,
  });
  return token;
}

/** What the console shows to enrol: the token of the step and the key as text, URI and QR code. */
export async function enrolmentOf(person: PersonRow, enrolmentToken: string): Promise<Enrolment> {
  const secret = person.totpPendingSecret;
  if (!secret) throw new Error('enrolment of a person without a pending key');
  return {
    enrolment_token: enrolmentToken,
    email: person.email,
    totp: await totpEnrolment(secret, person.email),
  };
}

/**
 * `POST /staff/setup`: uses the setup link and creates the first owner, not yet enrolled. Setups wait for each
 * other (a table lock), so two links made by two starts cannot make two first owners.
 */
export async function setUpFirstOwner(
  tx: Executor,
  body: { token: string; name: string; email: string },
  passwordHash: string,
  now: Date,
): Promise<{ person: PersonRow; enrolmentToken: string }> {
  await tx.execute(sql`lock table ${staffSetupTokens} in share row exclusive mode`);
  if (await anyStaff(tx)) throw setupNotFound();
  const used = await tx
    .update(staffSetupTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffSetupTokens.tokenHash, hashToken(body.token)),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, now),
      ),
    )
    .returning({ tokenHash: staffSetupTokens.tokenHash });
  if (used.length === 0) throw setupNotFound();
  const person = await insertPerson(
    tx,
    { email: normalEmail(body.email), name: body.name, role: 'owner', passwordHash },
    now,
  );
  return { person, enrolmentToken: await newEnrolmentToken(tx, person.id, now) };
}

// ---- invitations --------------------------------------------------------------------------------------------

export type InvitationRow = typeof staffInvitations.$inferSelect;

export function invitationOf(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invitedBy,
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Invites `email` as `role`: the invitation and its e-mail (with `{CONSOLE_URL}/invitation?token=…`) in the
 * transaction; earlier pending invitations of the address are withdrawn. 409 when the address is already staff.
 */
export async function createInvitation(
  tx: Executor,
  invite: { email: string; role: Role; invitedBy: number | null },
  config: Config,
  now: Date,
): Promise<InvitationRow> {
  const email = normalEmail(invite.email);
  if (await findPersonByEmail(tx, email)) throw alreadyStaff();
  await tx
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt)));
  const token = newToken();
  const [row] = await tx
    .insert(staffInvitations)
    .values({
      email,
      role: invite.role,
      tokenHash: hashToken(token),
      invitedBy: invite.invitedBy,
      expiresAt: hoursAfter(now, INVITATION_HOURS),
      createdAt: now,
    })
    .returning();
  await enqueueMail(tx, {
    kind: 'staff.invitation',
    to: email,
    ...invitationMail(config.consoleUrl, token, invite.role, INVITATION_HOURS),
    messageIdDomain: senderDomain(config.mail.from),
  });
  return row!;
}

export async function invitationState(db: Executor, id: number | string) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, Number(id)));
  return row
    ? { email: row.email, role: row.role, expires_at: row.expiresAt, accepted_at: row.acceptedAt }
    : null;
}

export async function listInvitations(db: Database, query: InvitationListQuery) {
  const columns = {
    id: staffInvitations.id,
    email: staffInvitations.email,
    role: staffInvitations.role,
    created_at: staffInvitations.createdAt,
    expires_at: staffInvitations.expiresAt,
  };
  const where =
    query.pending === undefined
      ? undefined
      : query.pending
        ? isNull(staffInvitations.acceptedAt)
        : sql`${staffInvitations.acceptedAt} is not null`;
  const direction = query.order === 'ASC' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(staffInvitations).where(where);
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(where)
    .orderBy(direction(columns[query.sort]), direction(staffInvitations.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items: rows.map(invitationOf), total: total?.n ?? 0 };
}

/** `DELETE /staff/invitations/{id}`: withdraws an invitation (its link stops working). */
export async function deleteInvitation(tx: Executor, id: number): Promise<void> {
  const deleted = await tx.delete(staffInvitations).where(eq(staffInvitations.id, id)).returning();
  if (deleted.length === 0) throw notFound(`Invitation ${id}`);
}

/** `GET /staff/invitations/accept`: the address and role of a pending, unexpired invitation, else 404. */
export async function checkInvitation(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  if (!row) throw invitationNotFound();
  return row;
}

/** `POST /staff/invitations/accept`: uses the invitation once and creates the person, not yet enrolled. */
export async function acceptInvitation(
  tx: Executor,
  body: { token: string; name: string },
  passwordHash: string,
  now: Date,
): Promise<{ person: PersonRow; enrolmentToken: string }> {
  const [invitation] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(body.token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning();
  if (!invitation) throw invitationNotFound();
  const person = await insertPerson(
    tx,
    { email: invitation.email, name: body.name, role: invitation.role, passwordHash },
    now,
  );
  return { person, enrolmentToken: await newEnrolmentToken(tx, person.id, now) };
}

// ---- enrolment ----------------------------------------------------------------------------------------------

/** The person of a live enrolment token, or 404. */
async function enrolmentPerson(db: Executor, token: string, now: Date): Promise<PersonRow> {
  const [row] = await db
    .select({ person: staffPeople })
    .from(staffLinkTokens)
    .innerJoin(staffPeople, eq(staffPeople.id, staffLinkTokens.personId))
    .where(
      and(
        eq(staffLinkTokens.tokenHash, hashToken(token)),
        eq(staffLinkTokens.purpose, 'enrolment'),
        isNull(staffLinkTokens.usedAt),
        gt(staffLinkTokens.expiresAt, now),
        eq(staffPeople.active, true),
      ),
    );
  if (!row) throw enrolmentNotFound();
  return row.person;
}

/** `GET /staff/enrolment`: whose the e-mailed enrolment link is, or 404. */
export async function checkEnrolmentLink(db: Database, token: string, now: Date): Promise<{ email: string }> {
  return { email: (await enrolmentPerson(db, token, now)).email };
}

/**
 * `POST /staff/enrolment/start`: an e-mailed enrolment link (after a reset of the second factor) and the person's
 * password give the enrolment: a wrong password is the sign-in's one answer, 401 `invalid_credentials`.
 */
export async function startEnrolment(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<Enrolment> {
  const person = await enrolmentPerson(db, token, now);
  if (!(await passwordMatches(person.passwordHash, password))) {
    throw new DomainError('invalid_credentials', 'The e-mail address, password or code is incorrect');
  }
  return enrolmentOf(person, token);
}

/**
 * `POST /staff/enrolment`: a first code proves the offered key; the person is enrolled (that code's step is used),
 * the token is used, and ten new recovery codes replace any older ones. 400 `invalid_code` for a wrong code.
 */
export async function completeEnrolment(
  tx: Executor,
  token: string,
  code: string,
  now: Date,
): Promise<{ person: PersonRow; recoveryCodes: string[] }> {
  const person = await enrolmentPerson(tx, token, now);
  const step = person.totpPendingSecret ? await totpStep(person.totpPendingSecret, code, now, null) : null;
  if (step === null) {
    throw new DomainError(
      'invalid_code',
      'This code is not the one your app shows: check the time on your phone',
      {
        fields: [{ field: 'code', message: 'Incorrect code' }],
      },
    );
  }
  const used = await tx
    .update(staffLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(staffLinkTokens.tokenHash, hashToken(token)), isNull(staffLinkTokens.usedAt)))
    .returning();
  if (used.length === 0) throw enrolmentNotFound();
  const [enrolled] = await tx
    .update(staffPeople)
    .set({
      totpSecret: person.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
      enrolledAt: now,
      updatedAt: now,
    })
    .where(eq(staffPeople.id, person.id))
    .returning();
  const recoveryCodes = newRecoveryCodes();
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.personId, person.id));
  await tx
    .insert(staffRecoveryCodes)
    .values(recoveryCodes.map((code) => ({ personId: person.id, codeHash: recoveryCodeHash(code) })));
  return { person: enrolled!, recoveryCodes };
}

/**
 * Resets a person's second factor (a lost phone): the key and recovery codes are gone, every session ends, and an
 * enrolment link (24 hours) is e-mailed; returns it, for the command line to print.
 */
export async function resetSecondFactor(
  tx: Executor,
  personId: number,
  config: Config,
  now: Date,
): Promise<string> {
  const [person] = await tx
    .update(staffPeople)
    .set({
      totpSecret: null,
      totpPendingSecret: newTotpSecret(),
      totpLastStep: null,
      enrolledAt: null,
      version: sql`${staffPeople.version} + 1`,
      updatedAt: now,
    })
    .where(eq(staffPeople.id, personId))
    .returning();
  if (!person) throw notFound(`Staff person ${personId}`);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.personId, personId));
  await endSessionsOf(tx, personId);
  const token = await newEnrolmentToken(tx, personId, now);
  await enqueueMail(tx, {
    kind: 'staff.enrolment',
    to: person.email,
    ...enrolmentMail(config.consoleUrl, token, ENROLMENT_HOURS),
    messageIdDomain: senderDomain(config.mail.from),
  });
  return consoleLink(config.consoleUrl, 'enrol', token);
}
