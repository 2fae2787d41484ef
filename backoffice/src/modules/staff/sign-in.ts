/**
 * `POST /staff/session` (issue 22): e-mail, password and a second factor (the authenticator's code, or a recovery
 * code) open a session. Any wrong part is one answer, 401 `invalid_credentials`, after the same work (a dummy hash
 * for an unknown address), and is recorded in the audit trail. The attempt is counted before anything is verified
 * (attempts.ts). A code is accepted once: the step it belongs to must be later than the last one accepted, moved
 * on by a conditional update so two requests with the same code cannot both pass.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { countAttempt, settleAttempt } from './attempts.ts';
import { passwordMatches, recoveryCodeHash, totpStep } from './credentials.ts';
import { findPersonByEmail, markSignedIn, normalEmail } from './people.ts';
import type { SignInBody } from './schemas.ts';
import { openStaffSession, type PersonRow } from './sessions.ts';
import { staffPeople, staffRecoveryCodes } from './tables.ts';

export const invalidCredentials = () =>
  new DomainError('invalid_credentials', 'The e-mail address, password or code is incorrect');

/** Accepts a TOTP code once: its step must be later than the last accepted one. */
async function acceptCode(db: Executor, person: PersonRow, code: string, now: Date): Promise<boolean> {
  if (!person.totpSecret) return false;
  const step = await totpStep(person.totpSecret, code.trim(), now, person.totpLastStep);
  if (step === null) return false;
  const moved = await db
    .update(staffPeople)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffPeople.id, person.id),
        or(isNull(staffPeople.totpLastStep), lt(staffPeople.totpLastStep, step)),
      ),
    )
    .returning({ id: staffPeople.id });
  return moved.length > 0;
}

/** Uses one of the person's recovery codes, once. */
async function useRecoveryCode(db: Executor, person: PersonRow, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.personId, person.id),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

export interface SignInDeps {
  db: Database;
  now: Date;
  perAddress: number;
  client: { ip: string; userAgent: string };
  audit: AuditRecorder;
}

/** Checks every part; returns the person and the new session's cookie value, or throws the one 401 (or 429). */
export async function signIn(
  deps: SignInDeps,
  body: SignInBody,
): Promise<{ person: PersonRow; token: string }> {
  const { db, now, client, audit } = deps;
  const email = normalEmail(body.email);
  const attempt = await countAttempt(db, { email, ip: client.ip, now, perAddress: deps.perAddress });
  const person = await findPersonByEmail(db, email);
  const passwordOk = await passwordMatches(person?.passwordHash, body.password);
  const fail = async (part: 'password' | 'code') => {
    await settleAttempt(db, attempt, 'failed');
    await audit.record(db, {
      action: part === 'password' ? 'session.sign_in' : 'session.sign_in.code',
      entity: 'staff_person',
      entityId: person?.id ?? null,
      outcome: 'failed',
    });
    return invalidCredentials();
  };
  if (!person || !passwordOk || !person.active || !person.totpSecret) throw await fail('password');
  const factorOk = body.code
    ? await acceptCode(db, person, body.code, now)
    : body.recovery_code !== undefined && (await useRecoveryCode(db, person, body.recovery_code, now));
  if (!factorOk) throw await fail('code');
  return db.transaction(async (tx) => {
    await settleAttempt(tx, attempt, 'ok', email);
    await markSignedIn(tx, person.id, now);
    const token = await openStaffSession(tx, person.id, now, client);
    await audit.as({ type: 'person', id: person.id, name: person.name, role: person.role }).record(tx, {
      action: body.code ? 'session.sign_in' : 'session.sign_in.recovery_code',
      entity: 'staff_person',
      entityId: person.id,
    });
    return { person, token };
  });
}
