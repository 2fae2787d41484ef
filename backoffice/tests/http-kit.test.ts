/**
 * Pieces of the HTTP kit no call of today exercises through the API tests: `personal`, the error map, the field
 * paths of a domain error's answer.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../src/lib/errors.ts';
import { domainErrorAnswer, errorBody, errorResponses, personal } from '../src/lib/http.ts';

async function kitApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/mine',
    { ...personal, schema: { response: { 200: z.object({ name: z.string() }), ...errorResponses(404) } } },
    async (request, reply) => {
      if ((request.query as { missing?: string }).missing) {
        return reply.status(404).send({ status: 'not_found', message: 'Nothing of yours here' });
      }
      return { name: 'Alex' };
    },
  );
  app.get('/anyone', async () => ({ name: 'Alex' }));
  return app;
}

test('a personal answer is never stored, whatever its status; others keep their caching', async () => {
  const app = await kitApp();
  const mine = await app.inject('/mine');
  expect(mine.json()).toEqual({ name: 'Alex' });
  expect(mine.headers['cache-control']).toBe('no-store');
  const missing = await app.inject('/mine?missing=1');
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-store');
  expect((await app.inject('/anyone')).headers['cache-control']).toBeUndefined();
});

test('errorResponses maps each status to the one error body', () => {
  expect(errorResponses(400, 401, 404)).toEqual({ 400: errorBody, 401: errorBody, 404: errorBody });
  expect(errorBody.parse({ status: 'not_available_in_this_saleplan', message: 'm', exist_in: [2] })).toEqual({
    status: 'not_available_in_this_saleplan',
    message: 'm',
    exist_in: [2],
  });
});

test('a domain error answers its fields where they are in the request, as the validation errors name them', () => {
  const answer = domainErrorAnswer(
    new DomainError('conflict', 'Already used', {
      fields: [
        { field: 'variants.0.reference', message: 'Already used' },
        { field: 'query.lat', message: 'Required with the other' },
        { field: 'params.id', message: 'Unknown' },
      ],
    }),
  );
  expect(answer.statusCode).toBe(409);
  expect(answer.errors?.map((error) => error.field)).toEqual([
    'body.variants.0.reference',
    'querystring.lat',
    'params.id',
  ]);
});
