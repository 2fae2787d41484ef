/** Old-URL redirects (spec §2): the storefront server and the CDN table both read this list. */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redirects } from '../../db/schema.ts';
import { commonQuery } from '../../lib/params.ts';

const errorBody = z.object({ status: z.string(), message: z.string() });
export const redirectItem = z.object({ from: z.string(), to: z.string(), status: z.number().int() });

export const redirectRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/redirect',
    {
      schema: {
        tags: ['site'],
        summary: 'Old URLs and where they moved to (301)',
        querystring: commonQuery,
        response: {
          200: z.object({ data: z.object({ items: z.array(redirectItem) }) }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      await app.context(request.query);
      return app.cache.get('redirects', async () => {
        const rows = await app.db.select().from(redirects).orderBy(asc(redirects.fromPath));
        return { data: { items: rows.map((r) => ({ from: r.fromPath, to: r.toPath, status: r.status })) } };
      });
    },
  );
};
