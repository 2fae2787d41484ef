/**
 * Public form submissions (contact, jobsite support, job application, sign-up profile), validated and stored in
 * `submission`; rate-limited per IP. Staff list, read, update (handling status, note) and delete them with the
 * API key. Accounts do not exist yet: `profile` stores the sign-up details only, and the account-only calls
 * (`address`, `wishlist/send`) answer 401.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { deleteByIdRoute, errorResponses, idResponse, limitedBy, staffOnly } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import {
  publicForms,
  submissionListQuery,
  submissionListResponse,
  submissionParams,
  submissionResponse,
  submissionUpdateBody,
} from './schemas.ts';
import {
  createSubmission,
  deleteSubmission,
  findSubmission,
  listSubmissions,
  updateSubmission,
} from './service.ts';

const staffErrors = errorResponses(400, 401, 404);

/** Calls that will need a customer account; until accounts exist they answer 401. */
const accountCalls = [
  ['GET', '/address', 'Addresses'],
  ['GET', '/address/:id', 'One address'],
  ['POST', '/address', 'Add an address'],
  ['PUT', '/address', 'Update an address'],
  ['DELETE', '/address', 'Delete an address'],
  ['POST', '/wishlist/send', 'Send the wishlist by email'],
] as const;

export const formRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  for (const form of publicForms) {
    app.post(
      `/${form.path}`,
      {
        ...limitedBy('form'),
        schema: {
          tags: ['forms'],
          summary: form.summary,
          querystring: commonQuery,
          body: form.body,
          response: { 201: idResponse, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const { site } = await request.shop.context;
        const body = request.body as Record<string, unknown>;
        const id = await createSubmission(app.db, site.id, form.path, body);
        return reply.status(201).send({ data: { id } });
      },
    );

    registerStaffRoutes(form.path, form.summary);
  }

  /** Index, show, update and delete of one form's submissions; the key is checked before anything else. */
  function registerStaffRoutes(kind: string, label: string) {
    const schema = { ...staffOnly.schema, tags: ['forms'] };

    app.get(
      `/${kind}`,
      {
        ...staffOnly,
        schema: {
          ...schema,
          summary: `${label}: submissions, newest first (API key)`,
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
        ...staffOnly,
        schema: {
          ...schema,
          summary: `${label}: one submission (API key)`,
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
        ...staffOnly,
        schema: {
          ...schema,
          summary: `${label}: set the handling status (new, in_progress, done) and/or the staff note (API key)`,
          querystring: commonQuery,
          body: submissionUpdateBody,
          response: { 200: submissionResponse, ...staffErrors },
        },
      },
      async (request) => {
        const { site } = await request.shop.context;
        const { id, ...changes } = request.body;
        return { data: await updateSubmission(app.db, site.id, kind, id, changes) };
      },
    );

    deleteByIdRoute(plugin, {
      path: `/${kind}`,
      tags: ['forms'],
      summary: `${label}: delete a submission (API key; id in the body or the query)`,
      remove: (siteId, id) => deleteSubmission(app.db, siteId, kind, id),
      // Submissions are not published content: nothing to rebuild.
      changesContent: false,
    });
  }

  for (const [method, url, what] of accountCalls) {
    app.route({
      method,
      url,
      schema: { tags: ['account'], summary: `${what} (needs an account)`, response: errorResponses(401) },
      handler: async () => {
        throw unauthorized('Please log in: customer accounts are not available yet');
      },
    });
  }
};
