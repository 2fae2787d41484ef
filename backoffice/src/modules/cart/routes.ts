/**
 * The basket's calls (api-contract.md "Cart", spec §7 cart calls). The token travels in `X-Cart-Token` (or a
 * `cart_token` field); an unknown or expired one is 404 `cart_not_found` everywhere but `POST /cart/items`, which
 * opens a new cart. With a session the customer's basket is used whatever the token (customer-cart.ts), and
 * `GET /cart` and `POST /cart/items` give its token back when the call did not carry it. Bodies are strict: a
 * price sent by the browser is a 400. Every answer is `no-store`.
 */
import {
  addCartItemsBody,
  applyDiscountBody,
  cartTokenBody,
  updateCartLineBody,
} from '@plasterwick/shop-rules/checkout';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePlan } from '../../lib/context.ts';
import { errorResponses, limitedBy, personal, sameOriginWrites } from '../../lib/http.ts';
import {
  cartQuery,
  cartResponse,
  lineParams,
  newCartResponse,
  sessionCartResponse,
  type CartAnswerBody,
  shippingQuery,
  shippingResponse,
} from './schemas.ts';
import { cartAnswer } from './answer.ts';
import type { CartDeps } from './packs.ts';
import {
  addItems,
  applyDiscount,
  getCart,
  removeDiscount,
  removeLine,
  shippingOf,
  updateLine,
} from './service.ts';
import { basketOwner, carriedItsToken } from './customer-cart.ts';
import { checkedPostcode } from './shipping.ts';

const tags = ['cart'];
const TOKEN =
  'The cart token goes in the `X-Cart-Token` header (or `cart_token` in the query or body); unknown or expired ' +
  '→ 404 `cart_not_found` (the storefront then resets its cart). With a customer session (`pw_session` cookie) ' +
  "the call works on the customer's open basket whatever token it carries, and a customer's basket opens only " +
  'with its session. The cart is priced in the plan of the call: lines not sold in it are removed and named in ' +
  '`notice`.';
const GIVEN_BACK =
  " With a session, a call that did not carry the customer's basket token gets it back with the cart " +
  '(`token`, `token_expires_at`): a browser whose storage was cleared finds its basket again.';

/** `{ cart }`, plus the token when a logged-in call did not carry its basket's. */
async function withTokenGivenBack(request: FastifyRequest, cart: CartAnswerBody) {
  const token = await request.shop.cartToken;
  if (!token || (await carriedItsToken(request))) return { cart };
  return { token, token_expires_at: cart.token_expires_at, cart };
}

const cartDeps = (app: FastifyInstance): CartDeps => ({ db: app.db, cache: app.cache, clock: app.clock });

/** The basket itself: reading it, and adding to it (which opens one). */
function basketRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/cart/items',
    {
      ...personal,
      ...sameOriginWrites,
      ...limitedBy('cart'),
      schema: {
        tags,
        summary: 'Add packs to the basket (a new basket when the token is missing, unknown or expired)',
        description:
          '`{ items: [{ element_id, element_type: "product", variant_reference?, quantity }] }` (the first pack of ' +
          'the plan when `variant_reference` is left out). Quantities add up per pack, 999 at most. A new basket ' +
          'answers 201 with its token, valid 3 days; an open one 200. A product not in the plan → 400 ' +
          '`not_available_in_this_saleplan` with `exist_in`. A price field in the body → 400. With a session and ' +
          "no open basket, the new basket is the customer's (kept 90 days after its last change)." +
          GIVEN_BACK,
        querystring: cartQuery,
        body: addCartItemsBody,
        response: { 200: sessionCartResponse, 201: newCartResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const context = await request.shop.context;
      const plan = requirePlan(context);
      const session = await request.shop.session;
      const owner = session ? basketOwner(app.config.basketSecret, session.customer.id) : undefined;
      const token = await request.shop.cartToken;
      const result = await addItems(cartDeps(app), context, plan, token, request.body.items, owner);
      const cart = cartAnswer(result.view);
      if (result.token) {
        return reply.status(201).send({ token: result.token, token_expires_at: cart.token_expires_at, cart });
      }
      return reply.status(200).send(await withTokenGivenBack(request, cart));
    },
  );

  app.get(
    '/cart',
    {
      ...personal,
      schema: {
        tags,
        summary: 'The basket, priced in the plan of the call',
        description: TOKEN + GIVEN_BACK,
        querystring: cartQuery,
        response: { 200: sessionCartResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const view = await getCart(cartDeps(app), await request.shop.context, await request.shop.cartToken);
      return withTokenGivenBack(request, cartAnswer(view));
    },
  );
}

/** One line of the basket: a new quantity, or gone. */
function lineRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/cart/items/:line_id',
    {
      ...personal,
      ...sameOriginWrites,
      schema: {
        tags,
        summary: 'Change the quantity of a line (1–999)',
        description: `\`{ quantity }\`. ${TOKEN}`,
        params: lineParams,
        querystring: cartQuery,
        body: updateCartLineBody,
        response: { 200: cartResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const view = await updateLine(
        cartDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        request.params.line_id,
        request.body.quantity,
      );
      return { cart: cartAnswer(view) };
    },
  );

  app.delete(
    '/cart/items/:line_id',
    {
      ...personal,
      ...sameOriginWrites,
      schema: {
        tags,
        summary: 'Remove a line',
        description: TOKEN,
        params: lineParams,
        querystring: cartQuery,
        body: cartTokenBody.nullish(),
        response: { 200: cartResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const view = await removeLine(
        cartDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        request.params.line_id,
      );
      return { cart: cartAnswer(view) };
    },
  );
}

/** The basket's discount code. */
function discountRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/cart/discount',
    {
      ...personal,
      ...sameOriginWrites,
      ...limitedBy('cart'),
      schema: {
        tags,
        summary: 'Apply a discount code (it replaces any other)',
        description:
          '`{ code }`, matched in upper case. Refused → 400 with `status` `discount_not_found`, ' +
          '`discount_expired`, `discount_exhausted`, `discount_minimum_not_met` ("Spend 12,50 £ more to use this ' +
          'code") or `discount_not_for_audience`, and a message for the shopper. ' +
          TOKEN,
        querystring: cartQuery,
        body: applyDiscountBody,
        response: { 200: cartResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request) => {
      const view = await applyDiscount(
        cartDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        request.body.code,
      );
      return { cart: cartAnswer(view) };
    },
  );

  app.delete(
    '/cart/discount',
    {
      ...personal,
      ...sameOriginWrites,
      schema: {
        tags,
        summary: 'Remove the discount code',
        description: TOKEN,
        querystring: cartQuery,
        body: cartTokenBody.nullish(),
        response: { 200: cartResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const view = await removeDiscount(
        cartDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
      );
      return { cart: cartAnswer(view) };
    },
  );
}

/** Delivery estimates before the checkout. */
function shippingRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/cart/shipping',
    {
      ...personal,
      schema: {
        tags,
        summary: 'Home delivery costs for the basket; the estimate is the cheapest',
        description:
          'Carriers of the plan priced by weight and discounted subtotal: DIY standard delivery is free from ' +
          '40 £ inc VAT (after the discount), trade delivery is next day. With `postcode`: remote areas ' +
          '(Highlands and islands, Northern Ireland) cost more; the Channel Islands and the Isle of Man are not ' +
          'served (no costs). Collecting from a stockist is free (`GET /checkout/carriers`). ' +
          TOKEN,
        querystring: shippingQuery,
        response: { 200: shippingResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const postcode = checkedPostcode(request.query.postcode);
      const view = await shippingOf(
        cartDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        postcode,
      );
      const costs = view.priced.shippingCosts.map((cost) => ({
        code: cost.code,
        label: cost.label,
        description: cost.description,
        amount: cost.amounts.inc,
        amount_ex_vat: cost.amounts.ex,
        next_day: cost.nextDay,
        free: cost.free,
      }));
      return { costs, cheapest: costs[0]?.amount ?? null };
    },
  );
}

export const cartRoutes: FastifyPluginAsync = async (plugin) => {
  basketRoutes(plugin);
  lineRoutes(plugin);
  discountRoutes(plugin);
  shippingRoutes(plugin);
};
