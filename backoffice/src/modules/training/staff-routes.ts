/**
 * Staff writes of training sessions (`content:write`): create, a change of the named fields from the session's
 * `version` (409 `version_conflict` when stale; 400 `places_below_registrations` when places would go below the
 * participants already registered), and the restore of an old version from the content history. Each write is
 * audited in its own transaction, kept in the content history (`GET /staff/content/training-session/{id}/history`)
 * and bumps the content version. The list with registrations is the inbox's `GET /staff/training-sessions`.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Transaction } from '../../db/types.ts';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import {
  entryViewSchema,
  lifecycleWriteErrors,
  recordRevision,
  restoreBody,
  revisionSnapshot,
  staffEntryParams,
} from '../content/index.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  staffTrainingSession,
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
import type { StaffTrainingSession } from './staff-schemas.ts';

const tags = ['training'];
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };
const write = staffRoute('content:write');
const read = staffRoute('content:read');

/** What the history keeps of a session: what its editor changes (not the places taken by registrations). */
function revisionOf(session: StaffTrainingSession): Record<string, unknown> {
  const { places_taken: _taken, updated_at: _at, ...kept } = session;
  return kept;
}

/**
 * Runs a session write in a transaction with its audit record (the session before and after) and keeps the
 * version it saved in the content history.
 */
async function audited(
  request: FastifyRequest,
  verb: string,
  id: number | undefined,
  run: (tx: Transaction) => Promise<StaffTrainingSession>,
) {
  const change = {
    action: `training_session.${verb}`,
    entity: 'training_session',
    id,
    state: trainingSessionState,
  };
  const caller = staffCaller(request);
  const { site } = await request.shop.context;
  return caller.audit.change(request.server.db, change, async (tx) => {
    const session = await run(tx);
    await recordRevision(tx, {
      siteId: site.id,
      resource: 'training-session',
      entityId: session.id,
      version: session.version,
      action: verb,
      status: 'published',
      snapshot: revisionOf(session),
      actor: caller.actor,
      at: request.server.clock.now(),
    });
    return session;
  });
}

const RESTORABLE = ['title', 'location', 'starts_on', 'places', 'min_participants', 'max_participants'];

/**
 * `POST /staff/content/training-session/{id}/restore`: an old version from the history is written live as a new
 * version through the session's own patch, from its current `version` (places still never below those taken).
 */
function restoreRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/staff/content/training-session/:id/restore',
    {
      ...write,
      schema: {
        ...write.schema,
        tags: ['staff'],
        summary: 'Restore an old version of a training session (live, as a new version), from its `version`',
        params: staffEntryParams,
        querystring: staffTrainingQuery,
        body: restoreBody,
        response: { 200: z.object({ data: entryViewSchema(staffTrainingSession) }), ...lifecycleWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const { version, from_version } = request.body;
      const session = await audited(request, 'restore', id, async (tx) => {
        const snapshot = await revisionSnapshot(tx, site.id, 'training-session', id, from_version);
        const fields = Object.fromEntries(
          Object.entries(snapshot).filter(([key]) => RESTORABLE.includes(key)),
        );
        const patch = trainingSessionPatch.parse({ ...fields, version });
        return patchTrainingSession(tx, site.id, id, patch, app.clock.now());
      });
      await app.contentChanged();
      return {
        data: {
          id,
          resource: 'training-session',
          status: 'published' as const,
          has_draft: false,
          publish_at: null,
          unpublish_at: null,
          version: session.version,
          updated_at: session.updated_at,
          item: session,
          live: session,
        },
      };
    },
  );
}

export const staffTrainingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  restoreRoute(plugin);

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
