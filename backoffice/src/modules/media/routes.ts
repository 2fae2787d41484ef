/** Media bytes (images, WebP twins, PDFs) straight from the media table, cacheable forever (keys never change). */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { media } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

const keySchema = z.string().min(1).max(300);

export const mediaRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored file by key (no common parameters)',
        params: z.object({ '*': keySchema }),
        response: {
          200: z.any().describe('The file bytes'),
          304: z.null().describe('Not modified'),
          404: z.object({ status: z.string(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const [row] = await app.db
        .select({ bytes: media.bytes, contentType: media.contentType })
        .from(media)
        .where(eq(media.key, key));
      if (!row) throw notFound(`Media ${key}`);
      const etag = `"${createHash('sha1').update(row.bytes).digest('base64url')}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('Content-Type', row.contentType);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.send(Buffer.from(row.bytes));
    },
  );
};
