/**
 * `GET /bot-check/challenge`: what the storefront's forms solve before they post (a new ALTCHA challenge, or the
 * reCAPTCHA settings). Public, never cached (each challenge is good for one submission), rate-limited per visitor.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, limitedBy } from '../../lib/http.ts';
import { challengeQuery, challengeResponse } from './schemas.ts';
import { botCheckOf } from './service.ts';

export const botCheckRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/bot-check/challenge',
    {
      // A visitor asks for one challenge per submission: the forms' limit is far above that.
      ...limitedBy('form'),
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      schema: {
        tags: ['forms'],
        summary:
          'Bot check of the public forms: a new ALTCHA challenge (default), or the reCAPTCHA v3 settings when ' +
          'RECAPTCHA_SITE_KEY or RECAPTCHA_SECRET is set. Form bodies carry the solution in `bot_check`.',
        querystring: challengeQuery,
        response: { 200: challengeResponse, ...errorResponses(400, 429) },
      },
    },
    async () => ({ data: await botCheckOf(app).challenge() }),
  );
};
