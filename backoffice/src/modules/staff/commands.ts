/**
 * What `npm run staff` does when it writes the database itself (cli.ts): invite someone, reset a person's second
 * factor. Recorded in the audit trail as actor `cli`, in the same transaction as the change.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { AuditRecorder, type Actor } from '../audit/index.ts';
import { createInvitation, invitationState, resetSecondFactor } from './onboarding.ts';
import { findPersonByEmail, personState, PERSON_MASKED } from './people.ts';
import type { Role } from './roles.ts';

const CLI: Actor = { type: 'cli', id: null, name: 'npm run staff', role: null };
const recorder = (clock: Clock) =>
  new AuditRecorder(CLI, { requestId: null, ip: null, userAgent: null }, clock);

export async function inviteByCommand(db: Database, config: Config, clock: Clock, email: string, role: Role) {
  const change = {
    action: 'invitation.create',
    entity: 'staff_invitation',
    state: invitationState,
    masked: ['email'],
  };
  return recorder(clock).change(db, change, (tx) =>
    createInvitation(tx, { email, role, invitedBy: null }, config, clock.now()),
  );
}

/** Resets the second factor of the person with `email`; returns the enrolment link (also e-mailed). */
export async function resetSecondFactorByCommand(db: Database, config: Config, clock: Clock, email: string) {
  const person = await findPersonByEmail(db, email);
  if (!person) throw notFound(`Staff person ${email}`);
  const change = {
    action: 'staff_person.reset_2fa',
    entity: 'staff_person',
    id: person.id,
    state: personState,
    masked: PERSON_MASKED,
  };
  return recorder(clock).change(db, change, (tx) => resetSecondFactor(tx, person.id, config, clock.now()));
}
