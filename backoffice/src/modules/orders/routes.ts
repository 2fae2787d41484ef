/**
 * Orders: `GET /orders/{number}` for its owner's session or its guest (the access token of completion in
 * `X-Order-Token`, valid 2 hours), anything else 404, never 403, so nobody learns which orders exist; the logged-in
 * customer's own orders (`GET /orders`) and "order again" (`POST /orders/{number}/reorder`,
 * api-contract.md "Accounts"); the staff calls that fulfil, cancel and refund orders are fulfilment-routes.ts.
 */
import { reorderBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, errorResponses, limitedBy, personal, sameOriginWrites } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { cartAnswer } from '../cart/index.ts';
import { requireCustomer } from '../customers/index.ts';
import { customerDocuments } from '../documents/index.ts';
import { reorder } from '../../flows/reorder.ts';
import { myOrdersQuery, myOrdersResponse, orderParams, orderResponse, reorderResponse } from './schemas.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { staffOrderRoutes } from './staff-routes.ts';
import { findOrderForViewer, listCustomerOrders, orderAnswer } from './reading.ts';

const tags = ['orders'];
/** The session is checked before the body is validated. */
const loggedIn = {
  preValidation: async (request: FastifyRequest) => {
    await requireCustomer(request);
  },
};

/** A customer's orders, and one order for its owner or its access token. */
function readingRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/orders',
    {
      ...personal,
      ...loggedIn,
      schema: {
        tags,
        summary: "The logged-in customer's orders, newest first",
        description:
          'Paged (`page`, `perPage` up to 50, default 10): `{ items: [{ number, status, placed_at, ' +
          'payment_method, payment_due_at, po_number, currency, grand_total, lines (how many) }], total, page, ' +
          'perPage }`. Without a session → 401 "Please log in".',
        querystring: myOrdersQuery,
        response: { 200: myOrdersResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      const { site } = await request.shop.context;
      const { page, perPage } = request.query;
      const { items, total } = await listCustomerOrders(app.db, site.id, customer.id, page, perPage);
      return { items, total, page, perPage };
    },
  );

  app.get(
    '/orders/:number',
    {
      ...personal,
      schema: {
        tags,
        summary: "One order, for its owner's session or the holder of its access token (X-Order-Token)",
        description:
          "The owner's session opens its orders. A guest's access token from `POST /checkout/complete` goes in " +
          "the `X-Order-Token` header; it is valid 2 hours. Anything else (another customer's order, no token, " +
          "another order's or an expired one, an unknown number): 404 `not_found`. `documents` lists the VAT " +
          'invoice (once the order is paid or on account) and the credit notes issued, each with its PDF `url`.',
        params: orderParams,
        querystring: commonQuery,
        response: { 200: orderResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const header = request.headers['x-order-token'];
      const session = await request.shop.session;
      const { order, lines, payment } = await findOrderForViewer(
        app.db,
        site.id,
        request.params.number,
        { customerId: session?.customer.id ?? null, token: Array.isArray(header) ? header[0] : header },
        app.clock.now(),
      );
      return {
        order: { ...orderAnswer(order, lines, payment), documents: await customerDocuments(app.db, order) },
      };
    },
  );
}

/** Order again. */
function reorderRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/orders/:number/reorder',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      // Each call opens a basket: the basket's brake on scripted cart creation.
      ...limitedBy('cart'),
      schema: {
        tags,
        summary: 'Order again: a new basket with the lines of one of my orders (spec §4)',
        description:
          "`{ line_ids? }` (all lines when left out). Priced in the plan of the call (else the order's), only " +
          'the lines whose pack is still sold there at a price above 0 are kept; the others are reported in ' +
          '`skipped` (`free`: a gift or a pack now priced 0; `unavailable`: no longer sold). The new basket ' +
          "replaces the customer's open one (201 with its token). Another customer's order → 404; nothing left " +
          'to order → 409 `nothing_to_reorder` with `skipped`; without a session → 401.',
        params: orderParams,
        querystring: commonQuery,
        body: reorderBody,
        response: {
          201: reorderResponse,
          409: errorBody.extend({ skipped: reorderResponse.shape.skipped.optional() }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request);
      const context = await request.shop.context;
      const result = await reorder(
        { db: app.db, cache: app.cache, clock: app.clock, basketSecret: app.config.basketSecret },
        context,
        customer.id,
        request.params.number,
        request.body?.line_ids,
      );
      const cart = cartAnswer(result.view);
      return reply.status(201).send({
        token: result.token,
        token_expires_at: cart.token_expires_at,
        cart,
        skipped: result.skipped,
      });
    },
  );
}

export const orderRoutes: FastifyPluginAsync = async (plugin) => {
  readingRoutes(plugin);
  reorderRoutes(plugin);
  staffOrderRoutes(plugin);
  fulfilmentRoutes(plugin);
};
