/**
 * The staff calls of signing in and of one's own account (`/api/v1/staff/…`, docs/api-contract.md "Staff
 * accounts"): setup of the first owner, invitations accepted, enrolment, sign-in and out, password reset, who am
 * I, password change, my sessions. The calls an owner makes about others are people-routes.ts's.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { hashPassword } from './credentials.ts';
import { personRoute, recorderOf, requireConsoleOrigin, signedIn, staffEntry } from './guard.ts';
import {
  acceptInvitation,
  checkEnrolmentLink,
  checkInvitation,
  checkSetupLink,
  completeEnrolment,
  enrolmentOf,
  setUpFirstOwner,
  startEnrolment,
} from './onboarding.ts';
import { changePassword, checkCurrentPassword, confirmReset, requestReset } from './passwords.ts';
import { personOf } from './people.ts';
import { peopleRoutes } from './people-routes.ts';
import { permissionsOf } from './roles.ts';
import {
  acceptBody,
  answer,
  enrolmentBody,
  enrolmentSchema,
  enrolmentStartBody,
  idParams,
  meSchema,
  passwordChangeBody,
  recoveryCodesSchema,
  resetConfirmBody,
  resetRequestBody,
  sessionListSchema,
  setupBody,
  signInBody,
  tokenQuery,
  type Me,
} from './schemas.ts';
import {
  clearStaffCookie,
  endSession,
  findStaffSession,
  openStaffSession,
  sessionsOf,
  setStaffCookie,
  STAFF_COOKIE,
  type PersonRow,
} from './sessions.ts';
import { signIn } from './sign-in.ts';

const tags = ['staff'];
const noContent = z.null().describe('No content');

export const meOf = (person: PersonRow): Me => ({
  ...personOf(person),
  permissions: permissionsOf(person.role),
});

const personActor = (person: PersonRow) =>
  ({ type: 'person', id: person.id, name: person.name, role: person.role }) as const;

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
});

export const staffRoutes: FastifyPluginAsync = async (plugin) => {
  onboardingRoutes(plugin);
  sessionRoutes(plugin);
  passwordResetRoutes(plugin);
  meRoutes(plugin);
  mySessionRoutes(plugin);
  peopleRoutes(plugin);
};

/** Setup of the first owner, invitations accepted, enrolment. */
function onboardingRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const entry = (summary: string) => ({ tags, summary });

  app.get(
    '/staff/setup',
    {
      ...staffEntry,
      schema: {
        ...entry('Whether a setup link is valid: unused, unexpired, and nobody is staff yet'),
        querystring: tokenQuery,
        response: { 200: answer(z.object({ valid: z.literal(true) })), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await checkSetupLink(app.db, request.query.token, app.clock.now());
      return { data: { valid: true as const } };
    },
  );

  app.post(
    '/staff/setup',
    {
      ...staffEntry,
      schema: {
        ...entry('Create the first owner from the setup link; answers the enrolment of their authenticator'),
        body: setupBody,
        response: { 201: answer(enrolmentSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const audit = recorderOf(request);
      const { person, enrolmentToken } = await app.db.transaction(async (tx) => {
        const created = await setUpFirstOwner(tx, request.body, passwordHash, app.clock.now());
        await audit.as(personActor(created.person)).record(tx, {
          action: 'staff.setup',
          entity: 'staff_person',
          entityId: created.person.id,
        });
        return created;
      });
      return reply.status(201).send({ data: await enrolmentOf(person, enrolmentToken) });
    },
  );

  invitationAcceptRoutes(plugin);
  enrolmentRoutes(plugin);
}

/** An invitation accepted. */
function invitationAcceptRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const entry = (summary: string) => ({ tags, summary });

  app.get(
    '/staff/invitations/accept',
    {
      ...staffEntry,
      schema: {
        ...entry('The address and role of a pending invitation'),
        querystring: tokenQuery,
        response: {
          200: answer(z.object({ email: z.string(), role: z.string() })),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => ({ data: await checkInvitation(app.db, request.query.token, app.clock.now()) }),
  );

  app.post(
    '/staff/invitations/accept',
    {
      ...staffEntry,
      schema: {
        ...entry('Accept an invitation: name and password; answers the enrolment of the authenticator'),
        body: acceptBody,
        response: { 201: answer(enrolmentSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const audit = recorderOf(request);
      const { person, enrolmentToken } = await app.db.transaction(async (tx) => {
        const created = await acceptInvitation(tx, request.body, passwordHash, app.clock.now());
        await audit.as(personActor(created.person)).record(tx, {
          action: 'invitation.accept',
          entity: 'staff_person',
          entityId: created.person.id,
        });
        return created;
      });
      return reply.status(201).send({ data: await enrolmentOf(person, enrolmentToken) });
    },
  );
}

/** Enrolment of an authenticator: from an e-mailed link, and its completion with a first code. */
function enrolmentRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/staff/enrolment',
    {
      ...staffEntry,
      schema: {
        tags,
        summary: 'Whose an e-mailed enrolment link is (after a reset of the second factor)',
        querystring: tokenQuery,
        response: { 200: answer(z.object({ email: z.string() })), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await checkEnrolmentLink(app.db, request.query.token, app.clock.now()) }),
  );

  app.post(
    '/staff/enrolment/start',
    {
      ...staffEntry,
      schema: {
        tags,
        summary: 'An e-mailed enrolment link and the password give the enrolment (key, URI, QR code)',
        body: enrolmentStartBody,
        response: { 200: answer(enrolmentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      return { data: await startEnrolment(app.db, token, password, app.clock.now()) };
    },
  );

  app.post(
    '/staff/enrolment',
    {
      ...staffEntry,
      schema: {
        tags,
        summary:
          'Prove the new authenticator with a code: enrolled, signed in (pw_staff), the ten recovery codes ' +
          'shown once; 400 invalid_code for a wrong code',
        body: enrolmentBody,
        response: { 200: answer(recoveryCodesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const audit = recorderOf(request);
      const { token, recoveryCodes } = await app.db.transaction(async (tx) => {
        const { person, recoveryCodes } = await completeEnrolment(
          tx,
          request.body.enrolment_token,
          request.body.code,
          now,
        );
        const session = await openStaffSession(tx, person.id, now, clientOf(request));
        await audit
          .as(personActor(person))
          .record(tx, { action: 'staff_person.enrol', entity: 'staff_person', entityId: person.id });
        return { token: session, recoveryCodes };
      });
      setStaffCookie(request, reply, token);
      return { data: { recovery_codes: recoveryCodes } };
    },
  );
}

/** Sign-in and sign-out. */
function sessionRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/session',
    {
      ...staffEntry,
      schema: {
        tags,
        summary:
          'Sign in: e-mail, password and the code of the authenticator (or a recovery code); 401 ' +
          'invalid_credentials for any wrong part, 429 beyond 5 failures per account or 20 attempts per address ' +
          'in 15 minutes',
        body: signInBody,
        response: { 200: answer(meSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { person, token } = await signIn(
        {
          db: app.db,
          now: app.clock.now(),
          perAddress: app.config.staffLoginLimitPerAddress,
          client: clientOf(request),
          audit: recorderOf(request),
        },
        request.body,
      );
      setStaffCookie(request, reply, token);
      return { data: meOf(person) };
    },
  );

  app.delete(
    '/staff/session',
    {
      ...staffEntry,
      schema: {
        tags,
        summary: 'Sign out: ends this session',
        response: { 204: noContent, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[STAFF_COOKIE];
      const session = cookie ? await findStaffSession(app.db, cookie, app.clock.now()) : null;
      if (session) {
        requireConsoleOrigin(request);
        const audit = recorderOf(request, personActor(session.person));
        await app.db.transaction(async (tx) => {
          await endSession(tx, session.person.id, session.id);
          await audit.record(tx, {
            action: 'session.sign_out',
            entity: 'staff_person',
            entityId: session.person.id,
          });
        });
      }
      clearStaffCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
}

/** A forgotten password. */
function passwordResetRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/password-reset',
    {
      ...staffEntry,
      schema: {
        tags,
        summary: 'Ask for a password reset link: always 202 (an e-mail goes to a staff address only)',
        body: resetRequestBody,
        response: { 202: noContent, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const person = await requestReset(app.db, request.body.email, app.config, app.clock.now());
      if (person) {
        app.mail.nudge();
        await recorderOf(request).record(app.db, {
          action: 'password.reset_request',
          entity: 'staff_person',
          entityId: person.id,
        });
      }
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/staff/password-reset/confirm',
    {
      ...staffEntry,
      schema: {
        tags,
        summary: 'Set a new password from the link: ends every session, does not sign in',
        body: resetConfirmBody,
        response: { 204: noContent, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const audit = recorderOf(request);
      await app.db.transaction(async (tx) => {
        const personId = await confirmReset(tx, request.body.token, passwordHash, app.clock.now());
        await audit.record(tx, { action: 'password.reset', entity: 'staff_person', entityId: personId });
      });
      return reply.status(204).send(null);
    },
  );
}

/** Who am I, my password, my sessions. */
function meRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = personRoute();
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/staff/me',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'The signed-in person and their permissions',
        response: { 200: answer(meSchema), ...errors },
      },
    },
    async (request) => ({ data: meOf(signedIn(request).session.person) }),
  );

  app.post(
    '/staff/me/password',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Change my password: ends my other sessions',
        body: passwordChangeBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { session, audit } = signedIn(request);
      try {
        await checkCurrentPassword(session.person, request.body.current_password);
      } catch (error) {
        await audit.record(app.db, {
          action: 'password.change',
          entity: 'staff_person',
          entityId: session.person.id,
          outcome: 'failed',
        });
        throw error;
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await app.db.transaction(async (tx) => {
        await changePassword(tx, session.person, session.id, passwordHash, app.clock.now());
        await audit.record(tx, {
          action: 'password.change',
          entity: 'staff_person',
          entityId: session.person.id,
        });
      });
      return reply.status(204).send(null);
    },
  );
}

/** My sessions: the list, and ending one. */
function mySessionRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = personRoute();
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/staff/me/sessions',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'My sessions (browsers signed in)',
        response: { 200: answer(sessionListSchema), ...errors },
      },
    },
    async (request) => {
      const { session } = signedIn(request);
      const rows = await sessionsOf(app.db, session.person.id, app.clock.now());
      const items = rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        ip: row.ip,
        user_agent: row.userAgent,
        current: row.id === session.id,
      }));
      return { data: { items, total: items.length } };
    },
  );

  app.delete(
    '/staff/me/sessions/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'End one of my sessions',
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      const { session, audit } = signedIn(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        if (!(await endSession(tx, session.person.id, id))) throw notFound(`Session ${id}`);
        await audit.record(tx, { action: 'session.end', entity: 'staff_session', entityId: id });
      });
      return reply.status(204).send(null);
    },
  );
}
