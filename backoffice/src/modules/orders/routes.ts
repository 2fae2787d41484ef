/**
 * `GET /orders/{number}`: the order for its guest (the access token of completion in `X-Order-Token`, valid 2
 * hours); anything else is 404, never 403, so nobody learns which orders exist. Accounts add the owner's session.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { orderParams, orderResponse } from './schemas.ts';
import { findOrderForGuest, orderAnswer } from './service.ts';

export const orderRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/orders/:number',
    {
      ...personal,
      schema: {
        tags: ['orders'],
        summary: 'One order, for the holder of its access token (X-Order-Token)',
        description:
          'The guest access token of `POST /checkout/complete` goes in the `X-Order-Token` header; it is valid 2 ' +
          "hours. Without it, with another order's or an expired one, or for an unknown number: 404 `not_found`.",
        params: orderParams,
        querystring: commonQuery,
        response: { 200: orderResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const header = request.headers['x-order-token'];
      const token = Array.isArray(header) ? header[0] : header;
      const { order, lines, payment } = await findOrderForGuest(
        app.db,
        site.id,
        request.params.number,
        token,
        app.clock.now(),
      );
      return { order: orderAnswer(order, lines, payment) };
    },
  );
};
