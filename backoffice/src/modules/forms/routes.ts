/**
 * Public form submissions (contact, jobsite support, job application with its CV): bot check, honeypot,
 * validation, then stored in `submission` with their e-mails queued in the same transaction; rate-limited per IP.
 * Staff list, read, update (handling status, note) and delete them (`inbox:…` for the contact and jobsite
 * forms, `applications:…` for job applications), and download a CV (`applications:cv`, each download recorded in
 * the audit trail). Sign-up
 * is `POST /auth/register` (customers module), and `/profile` is the logged-in customer's.
 */
import fastifyMultipart from '@fastify/multipart';
import { CV_MAX_BYTES, CV_TYPES } from '@plasterwick/shop-rules/files';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteByIdRoute,
  errorResponses,
  versionConflictBody,
  idResponse,
  limitedBy,
} from '../../lib/http.ts';
import type { Transaction } from '../../db/types.ts';
import { commonQuery } from '../../lib/params.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { staffCaller, staffRoute, type Permission } from '../staff/index.ts';
import { MULTIPART_LIMITS, readApplication } from './application.ts';
import { inboxRoutes } from './inbox-routes.ts';
import {
  publicForms,
  submissionListQuery,
  submissionListResponse,
  submissionParams,
  submissionResponse,
  submissionUpdateBody,
} from './schemas.ts';
import {
  decoyId,
  deleteSubmission,
  findApplicationCv,
  findSubmission,
  listSubmissions,
  storeApplication,
  storeFormSubmission,
  submissionState,
  SUBMISSION_MASKED,
  updateSubmission,
} from './service.ts';

const staffErrors = errorResponses(400, 401, 403, 404);

/** The permissions of a form's submissions: job applications are recruitment's, the other forms the inbox's. */
const permissionsOf = (kind: string): { read: Permission; write: Permission } =>
  kind === 'application'
    ? { read: 'applications:read', write: 'applications:write' }
    : { read: 'inbox:read', write: 'inbox:write' };

/** A staff change of a submission, in a transaction with its audit record (personal fields masked). */
function audited<T>(
  request: FastifyRequest,
  kind: string,
  verb: string,
  id: number,
  write: (tx: Transaction) => Promise<T>,
) {
  const change = {
    action: `${kind}.${verb}`,
    entity: kind,
    id,
    state: submissionState,
    masked: SUBMISSION_MASKED,
  };
  return staffCaller(request).audit.change(request.server.db, change, write);
}

/** A multipart body: the CV plus the form fields and their framing. */
const APPLICATION_BODY_LIMIT = CV_MAX_BYTES + 1024 * 1024;

export const formRoutes: FastifyPluginAsync = async (plugin) => {
  // Only this module reads multipart bodies (the CV); every other call stays JSON.
  await plugin.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  for (const form of publicForms) {
    publicFormRoute(plugin, form);
    staffSubmissionRoutes(plugin, form.path, form.summary);
  }
  applicationRoute(plugin);
  staffSubmissionRoutes(plugin, 'application', 'Job application');
  cvDownloadRoute(plugin);
  inboxRoutes(plugin);
};

/** A public form's post: bot check, honeypot, then the submission stored and its e-mails queued. */
function publicFormRoute(plugin: FastifyInstance, form: (typeof publicForms)[number]) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/${form.path}`,
    {
      ...limitedBy('form'),
      schema: {
        tags: ['forms'],
        summary: form.summary,
        description:
          'The body carries the solved bot check in `bot_check` (400 `bot_check_failed` otherwise) and the ' +
          'honeypot `website`, which people leave empty: filled, the answer is a 201 and nothing is stored.',
        querystring: commonQuery,
        body: form.body,
        response: { 201: idResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { bot_check: botCheck, website, ...data } = request.body as Record<string, unknown>;
      await verifyBotCheck(app, botCheck, request.ip, form.path);
      if (website) return reply.status(201).send({ data: { id: decoyId() } });
      const id = await storeFormSubmission(
        app.db,
        app.config.mail,
        site.id,
        form.path,
        data,
        app.clock.now(),
      );
      app.mail.nudge();
      return reply.status(201).send({ data: { id } });
    },
  );
}

/** The job application: a multipart body with the CV, read and checked by application.ts. */
function applicationRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/application',
    {
      ...limitedBy('form'),
      bodyLimit: APPLICATION_BODY_LIMIT,
      schema: {
        tags: ['forms'],
        summary: 'Job application with a CV (multipart/form-data)',
        description:
          'The fields of the application body as form fields (`page_id` of the job, empty for a spontaneous ' +
          'application; `accept_terms` = `true`; `bot_check`; the honeypot `website`) and the file `cv`: PDF, DOC ' +
          'or DOCX recognised by its bytes, 5 MB at most (413 `file_too_large` beyond). Field errors name ' +
          '`body.<field>` and `body.cv`.',
        consumes: ['multipart/form-data'],
        querystring: commonQuery,
        response: { 201: idResponse, ...errorResponses(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { body, cv } = await readApplication(request);
      const { bot_check: botCheck, website, ...data } = body;
      await verifyBotCheck(app, botCheck, request.ip, 'application');
      if (website) return reply.status(201).send({ data: { id: decoyId() } });
      const id = await storeApplication(app.db, app.config.mail, site.id, data, cv, app.clock.now());
      app.mail.nudge();
      return reply.status(201).send({ data: { id } });
    },
  );
}

/** An application's CV, for staff: every download is recorded in the audit trail before it is sent. */
function cvDownloadRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('applications:cv');

  app.get(
    '/application/:id/cv',
    {
      ...access,
      schema: {
        ...access.schema,
        tags: ['forms'],
        summary: 'Job application: download its CV (recorded in the audit trail)',
        params: submissionParams,
        querystring: commonQuery,
        produces: Object.values(CV_TYPES),
        response: { 200: z.any().describe('The CV as sent (PDF, DOC or DOCX)'), ...staffErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const cv = await findApplicationCv(app.db, site.id, id);
      await staffCaller(request).audit.record(app.db, {
        action: 'application.cv_download',
        entity: 'application',
        entityId: id,
      });
      // A visitor's file: the browser must take it for what its type says, never sniff it into HTML.
      return reply
        .type(cv.contentType)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${cv.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; ` +
            `filename*=UTF-8''${encodeURIComponent(cv.fileName)}`,
        )
        .send(cv.content);
    },
  );
}

/** Index, show, update and delete of one form's submissions; the caller is checked before anything else. */
function staffSubmissionRoutes(plugin: FastifyInstance, kind: string, label: string) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const permissions = permissionsOf(kind);
  const read = staffRoute(permissions.read);
  const write = staffRoute(permissions.write);

  app.get(
    `/${kind}`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags: ['forms'],
        summary: `${label}: submissions, newest first`,
        querystring: submissionListQuery,
        response: { 200: submissionListResponse, ...staffErrors },
      },
    },
    async (request) => {
      const { status, perPage, page } = request.query;
      const { site } = await request.shop.context;
      return { data: await listSubmissions(app.db, { siteId: site.id, kind, status, page, perPage }) };
    },
  );

  app.get(
    `/${kind}/:id`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags: ['forms'],
        summary: `${label}: one submission`,
        params: submissionParams,
        querystring: commonQuery,
        response: { 200: submissionResponse, ...staffErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await findSubmission(app.db, site.id, kind, request.params.id) };
    },
  );

  app.put(
    `/${kind}`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags: ['forms'],
        summary:
          `${label}: set the handling status (new, in_progress, done) and/or the staff note, from ` +
          'its `version` (409 `version_conflict` when another update came first)',
        querystring: commonQuery,
        body: submissionUpdateBody,
        response: { 200: submissionResponse, ...staffErrors, 409: versionConflictBody },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id, ...changes } = request.body;
      const updated = await audited(request, kind, 'update', id, (tx) =>
        updateSubmission(tx, site.id, kind, id, changes, app.clock.now()),
      );
      return { data: updated };
    },
  );

  deleteByIdRoute(plugin, {
    path: `/${kind}`,
    tags: ['forms'],
    summary: `${label}: delete a submission (id in the body or the query)`,
    access: write,
    remove: (request, siteId, id) =>
      audited(request, kind, 'delete', id, (tx) => deleteSubmission(tx, siteId, kind, id)),
    // Submissions are not published content: nothing to rebuild.
    changesContent: false,
  });
}
