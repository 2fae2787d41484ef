/**
 * The staff inbox's calls (issue 24; docs/api-contract.md "Staff: inbox"). Three groups of submissions, each under
 * its own permissions: `/staff/inbox` (contact and jobsite-support messages: `inbox:…`), `/staff/applications`
 * (job applications: `applications:…`, their CVs `applications:cv`, each access audited) and
 * `/staff/training-registrations` (`training-registrations:read`, handled with `inbox:write`); plus the training
 * sessions with their participants and a CSV for the trainer. Each write is audited in its own transaction with
 * the submission's kind as entity. The API-key calls on `/{form}` (routes.ts) stay as they were.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Transaction } from '../../db/types.ts';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { ROLE_PERMISSIONS, ROLES, staffCaller, staffRoute, type Permission } from '../staff/index.ts';
import {
  addInboxNote,
  assigneesOf,
  inboxPage,
  inboxState,
  listInbox,
  participantsCsv,
  replyToSubmission,
  trainingSessionSummaries,
  updateInboxItem,
  type NoteAuthor,
} from './inbox.ts';
import {
  answer,
  cvQuery,
  INBOX_GROUPS,
  inboxItem,
  inboxListQuery,
  inboxNote,
  inboxNoteBody,
  inboxPage as inboxPageSchema,
  inboxParams,
  inboxReplyBody,
  inboxUpdateBody,
  listAnswer,
  siteQuery,
  trainingSessionSummary,
  trainingSessionsQuery,
  type InboxGroup,
} from './inbox-schemas.ts';
import { findApplicationCv } from './service.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

const PERMISSIONS: Record<InboxGroup, { read: Permission; write: Permission; label: string }> = {
  inbox: { read: 'inbox:read', write: 'inbox:write', label: 'Contact and jobsite-support messages' },
  applications: { read: 'applications:read', write: 'applications:write', label: 'Job applications' },
  'training-registrations': {
    read: 'training-registrations:read',
    write: 'inbox:write',
    label: 'Training registrations',
  },
};

function authorOf(request: FastifyRequest): NoteAuthor {
  const { actor } = staffCaller(request);
  return { staffId: actor.type === 'person' ? actor.id : null, name: actor.name ?? actor.type };
}

/** A change of a submission of `kind`, audited in its own transaction (what the visitor sent is never logged). */
function audited<T>(
  request: FastifyRequest,
  verb: string,
  id: number,
  write: (tx: Transaction) => Promise<T>,
) {
  return staffCaller(request).audit.change(
    request.server.db,
    { action: `submission.${verb}`, entity: 'submission', id, state: inboxState },
    write,
  );
}

export function inboxRoutes(plugin: FastifyInstance) {
  for (const group of Object.keys(INBOX_GROUPS) as InboxGroup[]) {
    groupReads(plugin, group);
    groupWrites(plugin, group);
    assigneesRoute(plugin, group);
    replyRoute(plugin, group);
  }
  cvRoute(plugin);
  trainingRoutes(plugin);
}

/** A group's list and page. */
function groupReads(plugin: FastifyInstance, group: InboxGroup) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { kinds } = INBOX_GROUPS[group];
  const { label, ...permissions } = PERMISSIONS[group];
  const read = staffRoute(permissions.read);
  const base = `/staff/${group}`;
  const page = (siteId: number, id: number) => inboxPage(app.db, siteId, kinds, id);

  app.get(
    base,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `${label}: newest first, paged; filters kind, status, assignee (me, none or an id)`,
        querystring: inboxListQuery,
        response: { 200: listAnswer(inboxItem), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { actor } = staffCaller(request);
      const me = actor.type === 'person' ? actor.id : null;
      const query = request.query;
      if (query.kind && !(kinds as readonly string[]).includes(query.kind))
        return { data: { items: [], total: 0 } };
      return { data: await listInbox(app.db, site.id, kinds, query, me) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `${label}: one, with what the visitor sent, its notes and replies`,
        params: inboxParams,
        querystring: siteQuery,
        response: { 200: answer(inboxPageSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await page(site.id, request.params.id) };
    },
  );
}

/** Whom an item of the group can be assigned to. */
function assigneesRoute(plugin: FastifyInstance, group: InboxGroup) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { label, ...permissions } = PERMISSIONS[group];
  const write = staffRoute(permissions.write);
  const base = `/staff/${group}`;
  // Whom an item can be assigned to: the active people whose role may read the group.
  const readers = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permissions.read));

  app.get(
    `${base}/assignees`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: `${label}: the active staff an item can be assigned to (their role reads ${group}), by name`,
        querystring: siteQuery,
        response: { 200: listAnswer(z.object({ id: z.number().int(), name: z.string() })), ...errors },
      },
    },
    async () => {
      const items = await assigneesOf(app.db, readers);
      return { data: { items, total: items.length } };
    },
  );
}

/** A group's writes: status and assignee, notes, replies. */
function groupWrites(plugin: FastifyInstance, group: InboxGroup) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { kinds } = INBOX_GROUPS[group];
  const { label, ...permissions } = PERMISSIONS[group];
  const write = staffRoute(permissions.write);
  const base = `/staff/${group}`;
  const page = (siteId: number, id: number) => inboxPage(app.db, siteId, kinds, id);
  app.patch(
    `${base}/:id`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          `${label}: set the status (new, in_progress, done) and/or the assignee (a staff id, null for ` +
          'nobody) from its `version` (409 `version_conflict` when another change came first)',
        params: inboxParams,
        querystring: siteQuery,
        body: inboxUpdateBody,
        response: { 200: answer(inboxPageSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      await audited(request, 'update', id, (tx) =>
        updateInboxItem(tx, site.id, kinds, id, request.body, app.clock.now()),
      );
      return { data: await page(site.id, id) };
    },
  );

  app.post(
    `${base}/:id/notes`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: `${label}: add an internal note (1–4000 characters) under the writer's name`,
        params: inboxParams,
        querystring: siteQuery,
        body: inboxNoteBody,
        response: { 201: answer(inboxNote), ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const note = await audited(request, 'note', id, (tx) =>
        addInboxNote(tx, {
          siteId: site.id,
          kinds,
          id,
          kind: 'note',
          author: authorOf(request),
          body: request.body.body,
          now: app.clock.now(),
        }),
      );
      return reply.status(201).send({ data: note });
    },
  );
}

/** A reply e-mailed from the console to the address the visitor typed. */
function replyRoute(plugin: FastifyInstance, group: InboxGroup) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { kinds } = INBOX_GROUPS[group];
  const { label, ...permissions } = PERMISSIONS[group];
  const write = staffRoute(permissions.write);
  const base = `/staff/${group}`;

  app.post(
    `${base}/:id/reply`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          `${label}: e-mail a reply (subject, body) to the address the visitor typed, through the outbox; it ` +
          'quotes nothing the visitor wrote and is kept on the timeline. 409 `no_address` when none was given',
        params: inboxParams,
        querystring: siteQuery,
        body: inboxReplyBody,
        response: {
          202: answer(z.object({ note: inboxNote, mail_id: z.number().int() })),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const sent = await audited(request, 'reply', id, (tx) =>
        replyToSubmission(tx, app.config.mail, {
          siteId: site.id,
          kinds,
          id,
          author: authorOf(request),
          subject: request.body.subject,
          body: request.body.body,
          now: app.clock.now(),
        }),
      );
      app.mail.nudge();
      return reply.status(202).send({ data: { note: sent.note, mail_id: sent.mailId } });
    },
  );
}

/** An application's CV, shown in the console (inline) or downloaded; every access is audited before it is sent. */
function cvRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('applications:cv');

  app.get(
    '/staff/applications/:id/cv',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Job application: its CV, `disposition=inline` to view it in the browser, `attachment` (default) to ' +
          'download it; recorded in the audit trail',
        params: inboxParams,
        querystring: cvQuery,
        produces: ['application/pdf', 'application/msword', 'application/octet-stream'],
        response: { 200: z.any().describe('The CV as sent (PDF, DOC or DOCX)'), ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const { disposition } = request.query;
      const cv = await findApplicationCv(app.db, site.id, id);
      await staffCaller(request).audit.record(app.db, {
        action: disposition === 'inline' ? 'application.cv_view' : 'application.cv_download',
        entity: 'application',
        entityId: id,
      });
      // Only a PDF is shown inline; a Word file is always a download. Never sniffed into HTML.
      const shown =
        disposition === 'inline' && cv.contentType === 'application/pdf' ? 'inline' : 'attachment';
      return reply
        .type(cv.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `${shown}; filename="${cv.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; ` +
            `filename*=UTF-8''${encodeURIComponent(cv.fileName)}`,
        )
        .send(cv.content);
    },
  );
}

function trainingRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('training-registrations:read');

  app.get(
    '/staff/training-sessions',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'Training sessions with places, places left, participants and registrations, earliest first',
        querystring: trainingSessionsQuery,
        response: { 200: listAnswer(trainingSessionSummary), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const items = await trainingSessionSummaries(
        app.db,
        site.id,
        app.clock.now(),
        request.query.upcoming === '1',
      );
      return { data: { items, total: items.length } };
    },
  );

  app.get(
    '/staff/training-sessions/:id/participants.csv',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: "A session's participants as CSV for the trainer (formula-like cells quoted with ')",
        params: inboxParams,
        querystring: siteQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const { csv } = await participantsCsv(app.db, site.id, id);
      await staffCaller(request).audit.record(app.db, {
        action: 'training_session.participants_export',
        entity: 'training_session',
        entityId: id,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="training-session-${id}-participants.csv"`)
        .send(csv);
    },
  );
}
