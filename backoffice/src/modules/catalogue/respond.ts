/**
 * Cached JSON answers for catalogue reads. The body is checked against the route's response schema and
 * serialised once, when the cache is filled; later hits send the stored string as is, so a cached read costs
 * no validation or serialisation (Fastify sends a string with a JSON content type unchanged).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

export async function sendCached<T extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  schema: T,
  load: () => Promise<z.input<T>>,
): Promise<FastifyReply> {
  const body = await app.cache.get(`json:${key}`, async () => JSON.stringify(schema.parse(await load())));
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Cache key of a request: the route plus every query parameter, in a stable order. */
export const cacheKey = (route: string, query: object) =>
  `${route}?${JSON.stringify(Object.entries(query).toSorted(([a], [b]) => a.localeCompare(b)))}`;
