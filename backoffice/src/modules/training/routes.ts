/** Training sessions (places left, registration open) and registrations of 3 to 5 participants. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idResponse, limitedBy } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { decoyId } from '../forms/index.ts';
import { sessionListQuery, sessionListResponse, trainingRegistrationBody } from './schemas.ts';
import { listSessions, register } from './service.ts';

export const trainingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/training-session',
    {
      schema: {
        tags: ['training'],
        summary: 'Upcoming training sessions with places left and whether registration is open',
        querystring: sessionListQuery,
        response: { 200: sessionListResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const items = await listSessions(app.db, site.id, request.query.upcoming === '1', app.clock.now());
      return { data: { items, total: items.length } };
    },
  );

  app.post(
    '/training-registration',
    {
      ...limitedBy('form'),
      schema: {
        tags: ['training'],
        summary: 'Register 3 to 5 participants on a session (closes 15 days before it starts)',
        description:
          'Places are taken atomically: 400 `not_enough_places` (with the places left) when the session cannot ' +
          'take them all, 400 `registration_closed` from 15 days before the course. Bot check and honeypot as ' +
          'on every public form.',
        querystring: commonQuery,
        body: trainingRegistrationBody,
        response: { 201: idResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { bot_check: botCheck, website, ...body } = request.body;
      await verifyBotCheck(app, botCheck, request.ip, 'training-registration');
      if (website) return reply.status(201).send({ data: { id: decoyId() } });
      const id = await register(app.db, app.config.mail, site.id, body, app.clock.now());
      app.mail.nudge();
      return reply.status(201).send({ data: { id } });
    },
  );
};
