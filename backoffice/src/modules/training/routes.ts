/**
 * Training sessions and registrations (spec §9): 3 to 5 participants per registration, registration closes
 * 15 days before the course, and a session cannot take more participants than it has places.
 */
import rateLimit from '@fastify/rate-limit';
import { TRAINING } from '@plasterwick/shop-rules/constants';
import { trainingRegistrationBody } from '@plasterwick/shop-rules/forms';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissions, trainingSessions } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { commonQuery } from '../../lib/params.ts';
import { createdBody, errorBody, formRateLimit } from '../forms/routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const KIND = 'training-registration';

const pluralRules = new Intl.PluralRules('en-GB');

/** The sentence for `count` in its English plural form (CLDR `one` / `other`, as i18next's `_one` / `_other`). */
function plural(count: number, forms: { one: string; other: string }): string {
  return (pluralRules.select(count) === 'one' ? forms.one : forms.other).replaceAll(
    '{{count}}',
    String(count),
  );
}

/** Why a registration does not fit: "Only 1 place is left…", "Only 3 places are left…", or none left. */
export function notEnoughPlacesMessage(placesLeft: number): string {
  if (placesLeft <= 0) return 'No places are left on this session';
  return plural(placesLeft, {
    one: 'Only {{count}} place is left on this session',
    other: 'Only {{count}} places are left on this session',
  });
}

/** The participants field's message when a registration has more participants than places left. */
export function atMostParticipantsMessage(placesLeft: number): string {
  return plural(Math.max(0, placesLeft), {
    one: 'At most {{count}} participant',
    other: 'At most {{count}} participants',
  });
}

export const trainingSessionItem = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  starts_on: z.string(),
  places_left: z.number().int(),
  min_participants: z.number().int(),
  max_participants: z.number().int(),
  registration_open: z.boolean(),
});

/** Registration is open while the course starts at least 15 days from now. */
export const registrationOpen = (startsOn: Date, now = new Date()) =>
  startsOn.getTime() - now.getTime() >= TRAINING.closesDaysBefore * DAY_MS;

export const trainingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  // Participants already registered per session. The outer column is written out in full: Drizzle would
  // render it unqualified, and inside this subquery "id" would then mean the submission's id.
  const registered = sql<number>`coalesce((select sum(jsonb_array_length(${submissions.data} -> 'participants'))
    from ${submissions} where ${submissions.kind} = ${KIND}
    and (${submissions.data} ->> 'session_id')::int = "training_session"."id"), 0)::int`;

  async function sessions(siteId: number, id?: number) {
    const rows = await app.db
      .select({ session: trainingSessions, registered })
      .from(trainingSessions)
      .where(
        and(eq(trainingSessions.siteId, siteId), id === undefined ? undefined : eq(trainingSessions.id, id)),
      )
      .orderBy(asc(trainingSessions.startsOn));
    return rows.map(({ session: s, registered: taken }) => ({
      id: s.id,
      title: s.title,
      location: s.location,
      starts_on: s.startsOn.toISOString(),
      places_left: Math.max(0, s.places - Number(taken)),
      min_participants: s.minParticipants,
      max_participants: s.maxParticipants,
      registration_open: registrationOpen(s.startsOn),
    }));
  }

  app.get(
    '/training-session',
    {
      schema: {
        tags: ['training'],
        summary: 'Upcoming training sessions with places left and whether registration is open',
        querystring: commonQuery.extend({ upcoming: z.enum(['0', '1']).default('1') }),
        response: {
          200: z.object({ data: z.object({ items: z.array(trainingSessionItem), total: z.number().int() }) }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const { upcoming, ...common } = request.query;
      const { site } = await app.context(common);
      const now = Date.now();
      const items = (await sessions(site.id)).filter(
        (s) => upcoming === '0' || Date.parse(s.starts_on) >= now,
      );
      return { data: { items, total: items.length } };
    },
  );

  app.post(
    '/training-registration',
    {
      config: { rateLimit: formRateLimit },
      schema: {
        tags: ['training'],
        summary: 'Register 3 to 5 participants on a session (closes 15 days before it starts)',
        querystring: commonQuery,
        body: trainingRegistrationBody,
        response: { 201: createdBody, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { site } = await app.context(request.query);
      const body = request.body;
      const [session] = await sessions(site.id, body.session_id);
      if (!session) throw notFound(`Training session ${body.session_id}`);
      if (!session.registration_open) {
        throw new ApiError(
          400,
          'registration_closed',
          `Registration for this session closed ${TRAINING.closesDaysBefore} days before the course`,
          { errors: [{ field: 'body.session_id', message: 'Registration closed' }] },
        );
      }
      if (body.participants.length > session.places_left) {
        throw new ApiError(400, 'not_enough_places', notEnoughPlacesMessage(session.places_left), {
          errors: [{ field: 'body.participants', message: atMostParticipantsMessage(session.places_left) }],
        });
      }
      const [row] = await app.db
        .insert(submissions)
        .values({ siteId: site.id, kind: KIND, data: body })
        .returning({ id: submissions.id });
      if (!row) throw new Error('insert returned no row');
      return reply.status(201).send({ data: { id: row.id } });
    },
  );
};
