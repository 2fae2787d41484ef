/**
 * Public form submissions (contact, jobsite support, job application, sign-up profile), validated and stored in
 * `submission`; rate-limited per IP. Accounts do not exist yet: `profile` stores the sign-up details only, and
 * the account-only calls (`address`, `wishlist/send`) answer 401.
 */
import rateLimit from '@fastify/rate-limit';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentEntries, submissions } from '../../db/schema.ts';
import { ApiError, unauthorized } from '../../lib/errors.ts';
import { commonQuery } from '../../lib/params.ts';
import { applicationBody, constructionStartsBody, contactBody, profileBody } from './schemas.ts';

export const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export const createdBody = z.object({ data: z.object({ id: z.number().int() }) });
/** Generous: a person filling a form never meets it; a script posting in a loop does. */
export const formRateLimit = { max: 100, timeWindow: '1 minute' };

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
  app.post(
    '/address',
    { schema: { ...accountSchema, summary: 'Add an address (needs an account)' } },
    accountsOnly,
  );
  app.post(
    '/wishlist/send',
    { schema: { ...accountSchema, summary: 'Send the wishlist by email (needs an account)' } },
    accountsOnly,
  );
};
