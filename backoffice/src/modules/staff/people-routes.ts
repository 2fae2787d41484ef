/**
 * The owner's staff calls (`/api/v1/staff/…`): people and their roles, invitations, second-factor resets and
 * machine tokens. Every write is recorded in the audit trail in its own transaction (AuditRecorder.change).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { staffCaller, staffRoute, type StaffCaller } from './guard.ts';
import {
  createInvitation,
  deleteInvitation,
  invitationOf,
  invitationState,
  listInvitations,
  resetSecondFactor,
} from './onboarding.ts';
import { findPerson, listPeople, patchPerson, personOf, personState, PERSON_MASKED } from './people.ts';
import {
  answer,
  createdTokenSchema,
  idParams,
  invitationBody,
  invitationListQuery,
  invitationSchema,
  listAnswer,
  machineTokenSchema,
  peopleListQuery,
  personPatch,
  personSchema,
  secondFactorResetSchema,
  tokenBody,
  tokenListQuery,
} from './schemas.ts';
import { createMachineToken, listMachineTokens, revokeMachineToken, tokenState } from './tokens.ts';

const tags = ['staff'];
const noContent = z.null().describe('No content');
const errors = errorResponses(400, 401, 403, 404);

/** The person acting, when a person (a token or the key invites too). */
const personIdOf = (caller: StaffCaller) => (caller.actor.type === 'person' ? caller.actor.id : null);

export function peopleRoutes(plugin: FastifyInstance) {
  personRoutes(plugin);
  secondFactorResetRoute(plugin);
  invitationRoutes(plugin);
  tokenRoutes(plugin);
}

function personRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('staff:read');
  const write = staffRoute('staff:write');

  app.get(
    '/staff/people',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'Staff people',
        querystring: peopleListQuery,
        response: { 200: listAnswer(personSchema), ...errors },
      },
    },
    async (request) => ({ data: await listPeople(app.db, request.query) }),
  );

  app.get(
    '/staff/people/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'One staff person',
        params: idParams,
        response: { 200: answer(personSchema), ...errors },
      },
    },
    async (request) => ({ data: personOf(await findPerson(app.db, request.params.id)) }),
  );

  app.patch(
    '/staff/people/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          "Change a person's role and/or status (active) from its version: ends their sessions; 409 " +
          'version_conflict when stale, 409 last_owner when no active owner would remain',
        params: idParams,
        body: personPatch,
        response: { 200: answer(personSchema), ...errors, 409: versionConflictBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = {
        action: 'staff_person.update',
        entity: 'staff_person',
        id,
        state: personState,
        masked: PERSON_MASKED,
      };
      const row = await staffCaller(request).audit.change(app.db, change, (tx) =>
        patchPerson(tx, id, request.body, app.clock.now()),
      );
      return { data: personOf(row) };
    },
  );
}

/** An owner resets someone's second factor. */
function secondFactorResetRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const write = staffRoute('staff:write');

  app.post(
    '/staff/people/:id/reset-2fa',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          "Reset a person's second factor (a lost phone): their sessions end and an enrolment link is e-mailed " +
          '(and answered, to hand over)',
        params: idParams,
        response: { 200: answer(secondFactorResetSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = {
        action: 'staff_person.reset_2fa',
        entity: 'staff_person',
        id,
        state: personState,
        masked: PERSON_MASKED,
      };
      const url = await staffCaller(request).audit.change(app.db, change, (tx) =>
        resetSecondFactor(tx, id, app.config, app.clock.now()),
      );
      app.mail.nudge();
      return { data: { enrolment_url: url } };
    },
  );
}

function invitationRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('staff:read');
  const write = staffRoute('staff:write');

  app.get(
    '/staff/invitations',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'Invitations, newest first',
        querystring: invitationListQuery,
        response: { 200: listAnswer(invitationSchema), ...errors },
      },
    },
    async (request) => ({ data: await listInvitations(app.db, request.query) }),
  );

  app.post(
    '/staff/invitations',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Invite someone with a role: an e-mail with {CONSOLE_URL}/invitation?token=… (72 hours, single use)',
        body: invitationBody,
        response: { 201: answer(invitationSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = staffCaller(request);
      const change = {
        action: 'invitation.create',
        entity: 'staff_invitation',
        state: invitationState,
        masked: ['email'],
      };
      const row = await caller.audit.change(app.db, change, (tx) =>
        createInvitation(tx, { ...request.body, invitedBy: personIdOf(caller) }, app.config, app.clock.now()),
      );
      app.mail.nudge();
      return reply.status(201).send({ data: invitationOf(row) });
    },
  );

  app.delete(
    '/staff/invitations/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: 'Withdraw an invitation',
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const change = {
        action: 'invitation.delete',
        entity: 'staff_invitation',
        id,
        state: invitationState,
        masked: ['email'],
      };
      await staffCaller(request).audit.change(app.db, change, (tx) => deleteInvitation(tx, id));
      return reply.status(204).send(null);
    },
  );
}

function tokenRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('tokens:read');
  const write = staffRoute('tokens:write');

  app.get(
    '/staff/tokens',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'Machine tokens, with their last use',
        querystring: tokenListQuery,
        response: { 200: listAnswer(machineTokenSchema), ...errors },
      },
    },
    async (request) => ({ data: await listMachineTokens(app.db, request.query) }),
  );

  app.post(
    '/staff/tokens',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: 'Create a machine token (a name, a scope, an optional expiry): its value is shown this once',
        body: tokenBody,
        response: { 201: answer(createdTokenSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCaller(request);
      const change = { action: 'token.create', entity: 'staff_token', state: tokenState };
      const created = await caller.audit.change(app.db, change, (tx) =>
        createMachineToken(tx, request.body, personIdOf(caller), app.clock.now()),
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.delete(
    '/staff/tokens/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: 'Revoke a machine token',
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const change = { action: 'token.revoke', entity: 'staff_token', id, state: tokenState };
      await staffCaller(request).audit.change(app.db, change, (tx) =>
        revokeMachineToken(tx, id, app.clock.now()),
      );
      return reply.status(204).send(null);
    },
  );
}
