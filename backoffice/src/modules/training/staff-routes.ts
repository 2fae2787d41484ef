/**
 * Staff writes of training sessions (`content:write`): create, and a change of the named fields from the session's
 * `version` (409 `version_conflict` when stale; 400 `places_below_registrations` when places would go below the
 * participants already registered). Each write is audited in its own transaction and bumps the content version.
 * The list with registrations is the inbox's `GET /staff/training-sessions`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/types.ts';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  staffTrainingAnswer,
  staffTrainingQuery,
  trainingSessionCreate,
  trainingSessionParams,
  trainingSessionPatch,
} from './staff-schemas.ts';
import {
  createTrainingSession,
  findTrainingSession,
  patchTrainingSession,
  trainingSessionState,
} from './staff-sessions.ts';

const tags = ['training'];
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };
const write = staffRoute('content:write');
const read = staffRoute('content:read');

function audited<T>(
  request: FastifyRequest,
  verb: string,
  id: number | undefined,
  run: (tx: Transaction) => Promise<T>,
) {
  const change = {
    action: `training_session.${verb}`,
    entity: 'training_session',
    id,
    state: trainingSessionState,
  };
  return staffCaller(request).audit.change(request.server.db, change, run);
}

export const staffTrainingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/staff/training-sessions/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'One training session as staff edit it: places, places taken, participants per registration, version',
        params: trainingSessionParams,
        querystring: staffTrainingQuery,
        response: { 200: staffTrainingAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await findTrainingSession(app.db, site.id, request.params.id) };
    },
  );

  app.post(
    '/staff/training-sessions',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Add a training session (title, location, start, places; 3 to 5 participants per registration by default)',
        querystring: staffTrainingQuery,
        body: trainingSessionCreate,
        response: { 201: staffTrainingAnswer, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const session = await audited(request, 'create', undefined, (tx) =>
        createTrainingSession(tx, site.id, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: session });
    },
  );

  app.patch(
    '/staff/training-sessions/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Change the named fields of a training session from its `version` (409 `version_conflict` when stale; ' +
          '400 `places_below_registrations` when places would go below the participants registered)',
        params: trainingSessionParams,
        querystring: staffTrainingQuery,
        body: trainingSessionPatch,
        response: { 200: staffTrainingAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const session = await audited(request, 'update', id, (tx) =>
        patchTrainingSession(tx, site.id, id, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return { data: session };
    },
  );
};
