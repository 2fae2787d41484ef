/** Media bytes (images, WebP twins, PDFs) straight from the media table, cacheable forever (keys never change). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { mediaBytes, mediaParams, notModified } from './schemas.ts';
import { findMedia } from './service.ts';

export const mediaRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored file by key (no common parameters)',
        params: mediaParams,
        response: { 200: mediaBytes, 304: notModified, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const file = await findMedia(app.db, request.params['*']);
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', file.etag)
        .header('Content-Type', file.contentType);
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send(null);
      return reply.send(Buffer.from(file.bytes));
    },
  );
};
