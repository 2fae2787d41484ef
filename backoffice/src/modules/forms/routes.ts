/**
 * Public form submissions (contact, jobsite support, job application, sign-up profile), validated and stored in
 * `submission`; rate-limited per IP. Staff list, read, update (handling status, note) and delete them with the
 * API key. Accounts do not exist yet: `profile` stores the sign-up details only, and the account-only calls
 * (`address`, `wishlist/send`) answer 401.
 */
import rateLimit from '@fastify/rate-limit';
import {
  applicationBody,
  constructionStartsBody,
  contactBody,
  profileBody,
} from '@plasterwick/shop-rules/forms';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentEntries, submissions } from '../../db/schema.ts';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import {
  deleteSubmission,
  findSubmission,
  listSubmissions,
  submissionItem,
  submissionStatuses,
  updateSubmission,
} from './submissions.ts';

export const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export const createdBody = z.object({ data: z.object({ id: z.number().int() }) });
/** Generous: a person filling a form never meets it; a script posting in a loop does. */
export const formRateLimit = { max: 100, timeWindow: '1 minute' };

const id = z.coerce.number().int().positive().max(2_147_483_647);
const adminErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const updateBody = z
  .object({
    id,
    status: z.enum(submissionStatuses).optional(),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: 'Give a status or a note to change',
    path: ['status'],
  });

const forms = [
  { path: 'contact', body: contactBody, summary: 'Contact form' },
  { path: 'construction-starts', body: constructionStartsBody, summary: 'Jobsite support request' },
  { path: 'application', body: applicationBody, summary: 'Job application (page_id of the job, optional)' },
  { path: 'profile', body: profileBody, summary: 'Sign-up profile (stored; accounts come later)' },
] as const;

export const formRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  for (const form of forms) {
    app.post(
      `/${form.path}`,
      {
        config: { rateLimit: formRateLimit },
        schema: {
          tags: ['forms'],
          summary: form.summary,
          querystring: commonQuery,
          body: form.body,
          response: { 201: createdBody, 400: errorBody, 404: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const { site } = await app.context(request.query);
        const body = request.body as Record<string, unknown>;
        if (form.path === 'application' && body.page_id !== undefined) {
          const [job] = await app.db
            .select({ id: contentEntries.id, title: contentEntries.title })
            .from(contentEntries)
            .where(
              and(
                eq(contentEntries.id, Number(body.page_id)),
                eq(contentEntries.resource, 'page'),
                eq(contentEntries.type, 'job'),
                eq(contentEntries.status, 'published'),
              ),
            );
          if (!job) {
            throw new ApiError(400, 'invalid_request', 'This job offer does not exist or is closed', {
              errors: [{ field: 'body.page_id', message: 'Unknown job offer' }],
            });
          }
        }
        const [row] = await app.db
          .insert(submissions)
          .values({ siteId: site.id, kind: form.path, data: body })
          .returning({ id: submissions.id });
        if (!row) throw new Error('insert returned no row');
        return reply.status(201).send({ data: { id: row.id } });
      },
    );

    registerStaffRoutes(form.path, form.summary);
  }

  /** Index, show, update and delete of one form's submissions; the key is checked before anything else. */
  function registerStaffRoutes(kind: string, label: string) {
    const staff = { preValidation: app.requireApiKey };
    const schema = { tags: ['forms'], security: [{ apiKey: [] }] };

    app.get(
      `/${kind}`,
      {
        ...staff,
        schema: {
          ...schema,
          summary: `${label}: submissions, newest first (API key)`,
          querystring: commonQuery.extend({
            status: z.enum(submissionStatuses).optional(),
            perPage: boundedInt(1, 100, 50),
            page: boundedInt(1, 100000, 1),
          }),
          response: {
            200: z.object({ data: z.object({ items: z.array(submissionItem), total: z.number().int() }) }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { status, perPage, page, ...common } = request.query;
        const { site } = await app.context(common);
        return { data: await listSubmissions(app.db, { siteId: site.id, kind, status, page, perPage }) };
      },
    );

    app.get(
      `/${kind}/:id`,
      {
        ...staff,
        schema: {
          ...schema,
          summary: `${label}: one submission (API key)`,
          params: z.object({ id }),
          querystring: commonQuery,
          response: { 200: z.object({ data: submissionItem }), ...adminErrors },
        },
      },
      async (request) => {
        const { site } = await app.context(request.query);
        return { data: await findSubmission(app.db, site.id, kind, request.params.id) };
      },
    );

    app.put(
      `/${kind}`,
      {
        ...staff,
        schema: {
          ...schema,
          summary: `${label}: set the handling status (new, in_progress, done) and/or the staff note (API key)`,
          querystring: commonQuery,
          body: updateBody,
          response: { 200: z.object({ data: submissionItem }), ...adminErrors },
        },
      },
      async (request) => {
        const { site } = await app.context(request.query);
        const { id: submissionId, ...changes } = request.body;
        return { data: await updateSubmission(app.db, site.id, kind, submissionId, changes) };
      },
    );

    app.delete(
      `/${kind}`,
      {
        ...staff,
        schema: {
          ...schema,
          summary: `${label}: delete a submission (API key; id in the body or the query)`,
          querystring: commonQuery.extend({ id: id.optional() }),
          body: z.object({ id }).nullish(),
          response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), ...adminErrors },
        },
      },
      async (request) => {
        const { id: queryId, ...common } = request.query;
        const { site } = await app.context(common);
        const submissionId = request.body?.id ?? queryId;
        if (submissionId === undefined) {
          throw badRequest('id is required (in the body or the query)', [
            { field: 'id', message: 'Required' },
          ]);
        }
        await deleteSubmission(app.db, site.id, kind, submissionId);
        return { data: { id: submissionId } };
      },
    );
  }

  const accountsOnly = async () => {
    throw unauthorized('Please log in: customer accounts are not available yet');
  };
  const accountSchema = { tags: ['account'], response: { 401: errorBody } };
  app.get(
    '/address',
    { schema: { ...accountSchema, summary: 'Addresses (needs an account)' } },
    accountsOnly,
  );
  app.get(
    '/address/:id',
    { schema: { ...accountSchema, summary: 'One address (needs an account)' } },
    accountsOnly,
  );
  app.post(
    '/address',
    { schema: { ...accountSchema, summary: 'Add an address (needs an account)' } },
    accountsOnly,
  );
  app.put(
    '/address',
    { schema: { ...accountSchema, summary: 'Update an address (needs an account)' } },
    accountsOnly,
  );
  app.delete(
    '/address',
    { schema: { ...accountSchema, summary: 'Delete an address (needs an account)' } },
    accountsOnly,
  );
  app.post(
    '/wishlist/send',
    { schema: { ...accountSchema, summary: 'Send the wishlist by email (needs an account)' } },
    accountsOnly,
  );
};
