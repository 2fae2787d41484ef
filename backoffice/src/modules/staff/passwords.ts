/**
 * Staff passwords: a reset by e-mail (`{CONSOLE_URL}/reset?token=…`, single use, 60 minutes, at most 3 an hour per
 * person; the request answers the same whether the address is staff or not) and a change by the signed-in
 * person. A reset never signs in and never skips the second factor; both end the person's other sessions.
 */
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError, fieldError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import { passwordMatches } from './credentials.ts';
import { staffResetMail } from './mails.ts';
import { findPersonByEmail } from './people.ts';
import { endSessionsOf, type PersonRow } from './sessions.ts';
import { staffLinkTokens, staffPeople } from './tables.ts';

export const RESET_MINUTES = 60;
const RESETS_PER_HOUR = 3;

/**
 * `POST /staff/password-reset`: for an active person, voids older reset links and e-mails a new one, unless
 * three were sent in the last hour. Returns the person it was for (for the audit trail), if any.
 */
export async function requestReset(
  db: Database,
  email: string,
  config: Config,
  now: Date,
): Promise<PersonRow | undefined> {
  const person = await findPersonByEmail(db, email);
  if (!person?.active) return undefined;
  const ofPerson = and(eq(staffLinkTokens.personId, person.id), eq(staffLinkTokens.purpose, 'reset'));
  const [recent] = await db
    .select({ n: count() })
    .from(staffLinkTokens)
    .where(and(ofPerson, gt(staffLinkTokens.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(staffLinkTokens)
      .set({ usedAt: now })
      .where(and(ofPerson, isNull(staffLinkTokens.usedAt)));
    const token = newToken();
    await tx.insert(staffLinkTokens).values({
      tokenHash: hashToken(token),
      personId: person.id,
      purpose: 'reset',
      expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueMail(tx, {
      kind: 'staff.password_reset',
      to: person.email,
      ...staffResetMail(config.consoleUrl, token, RESET_MINUTES),
      messageIdDomain: senderDomain(config.mail.from),
    });
  });
  return person;
}

/** `POST /staff/password-reset/confirm`: uses the link once, sets the password, ends every session. */
export async function confirmReset(
  tx: Executor,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [used] = await tx
    .update(staffLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffLinkTokens.tokenHash, hashToken(token)),
        eq(staffLinkTokens.purpose, 'reset'),
        isNull(staffLinkTokens.usedAt),
        gt(staffLinkTokens.expiresAt, now),
      ),
    )
    .returning({ personId: staffLinkTokens.personId });
  if (!used) {
    throw new DomainError(
      'invalid_token',
      'This link is not valid: it was used, replaced by a newer one, or it expired',
    );
  }
  await tx.update(staffPeople).set({ passwordHash, updatedAt: now }).where(eq(staffPeople.id, used.personId));
  await endSessionsOf(tx, used.personId);
  return used.personId;
}

/** The current password of a change, checked before anything is written. */
export async function checkCurrentPassword(person: PersonRow, password: string): Promise<void> {
  if (!(await passwordMatches(person.passwordHash, password))) {
    throw fieldError('invalid_request', 'current_password', 'Your current password is incorrect');
  }
}

/** `POST /staff/me/password`: the new password; every other session of the person ends. */
export async function changePassword(
  tx: Executor,
  person: PersonRow,
  keepSessionId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(staffPeople).set({ passwordHash, updatedAt: now }).where(eq(staffPeople.id, person.id));
  await endSessionsOf(tx, person.id, keepSessionId);
}
