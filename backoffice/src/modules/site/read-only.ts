/**
 * Read-only resources of the generic helper (spec §7): sites are fixed reference data in this build, the sitemap
 * is built from published content, and cities are derived from stockists' postcodes. Calls that would change
 * them, or read an item that cannot exist, answer an honest 405 with the `Allow` header rather than a fake success.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const methodNotAllowedBody = z.object({
  status: z.literal('method_not_allowed'),
  message: z.string(),
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RefusedCalls {
  path: string;
  methods: Method[];
  /** Methods the path does answer (the `Allow` header); empty when nothing can be done at this path. */
  allow: string[];
  tags: string[];
  /** Why, and what to call instead; sent as the error message and shown as the OpenAPI summary. */
  message: string;
}

/** Registers `methods` on `path`, each answering 405 `{ status: 'method_not_allowed', message }`. */
export function refuseCalls(plugin: FastifyInstance, calls: RefusedCalls): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  for (const method of calls.methods) {
    app.route({
      method,
      url: calls.path,
      schema: {
        tags: calls.tags,
        summary: `Not allowed (405): ${calls.message}`,
        response: { 405: methodNotAllowedBody },
      },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', calls.allow.join(', '))
          .send({ status: 'method_not_allowed' as const, message: calls.message }),
    });
  }
}
