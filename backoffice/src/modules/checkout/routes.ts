/**
 * Checkout calls (api-contract.md "Checkout and orders"): the delivery and billing steps, the carriers and payment
 * methods offered, and completion. Every answer is `no-store`; the cart token travels as for the basket.
 */
import {
  checkoutBillingBody,
  checkoutCompleteBody,
  checkoutDeliveryBody,
} from '@plasterwick/shop-rules/checkout';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, limitedBy, personal, sameOriginWrites } from '../../lib/http.ts';
import { cartQuery, cartResponse } from '../cart/index.ts';
import { cartAnswer } from '../cart/index.ts';
import { checkedPostcode } from '../cart/index.ts';
import {
  carriersQuery,
  carriersResponse,
  completeResponse,
  conflictBody,
  paymentMethodsResponse,
} from './schemas.ts';
import { completeCheckout, type CheckoutDeps } from '../../flows/complete-checkout.ts';
import { carriersOf, paymentMethods, setBilling, setDelivery } from './service.ts';

const tags = ['checkout'];

const checkoutDeps = (app: FastifyInstance): CheckoutDeps => ({
  db: app.db,
  cache: app.cache,
  clock: app.clock,
  mail: app.config.mail,
  provider: app.payments,
  nudgeMail: () => app.mail.nudge(),
  log: app.log,
  reconcileAfterSeconds: app.config.payment.reconcileAfterSeconds,
});

/** The delivery and billing steps, stored on the basket. */
function stepRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/checkout/delivery',
    {
      ...personal,
      ...sameOriginWrites,
      schema: {
        tags,
        summary: 'Delivery step: home delivery with a carrier, or collection from a stockist',
        description:
          '`{ method: "delivery", address: { first_name, last_name, company?, address, address_2?, town, postcode, ' +
          'country: "uk" }, carrier_code, phone }` (UK only, full postcode) or `{ method: "delivery", address_id, ' +
          'carrier_code, phone }` (a saved address of the logged-in customer: 401 without a session, 404 when not ' +
          'theirs, 400 outside the UK), or `{ method: "collect", stockist_id, first_name, last_name, phone }`. ' +
          '`save_address: true` adds a typed address to the address book (401 without a session, 409 ' +
          '`too_many_addresses` when full). A carrier that cannot take the basket there → 400 on ' +
          '`body.carrier_code`. Answers the cart with `checkout.delivery` and `shipping`.',
        querystring: cartQuery,
        body: checkoutDeliveryBody,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const view = await setDelivery(
        checkoutDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        (await request.shop.session)?.customer ?? null,
        request.body,
      );
      return { cart: cartAnswer(view) };
    },
  );

  app.put(
    '/checkout/billing',
    {
      ...personal,
      ...sameOriginWrites,
      schema: {
        tags,
        summary: 'Billing step: an address in one of the 11 countries, or the delivery address',
        description:
          '`{ same_as_delivery: true }` (home delivery only) or `{ address: { first_name, last_name, company?, ' +
          'address, address_2?, town, postcode, country } }` with `country` one of `GET /country` (fr, be, nl, uk, ' +
          'ch, es, pl, tn, ae, lb, ma; a UK postcode is checked), or `{ address_id }` (a saved address of the ' +
          'logged-in customer; 404 when not theirs). `save_address: true` adds a typed address to the address ' +
          'book. Without this step a home delivery is billed to its delivery address.',
        querystring: cartQuery,
        body: checkoutBillingBody,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const view = await setBilling(
        checkoutDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        (await request.shop.session)?.customer ?? null,
        request.body,
      );
      return { cart: cartAnswer(view) };
    },
  );
}

/** What the checkout offers the basket: carriers and ways to pay. */
function offerRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/checkout/carriers',
    {
      ...personal,
      schema: {
        tags,
        summary: 'Delivery offers for the basket (to `postcode`, else the delivery address) and collection',
        querystring: carriersQuery,
        response: { 200: carriersResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      carriersOf(
        checkoutDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        checkedPostcode(request.query.postcode),
      ),
  );

  app.get(
    '/checkout/payment-methods',
    {
      ...personal,
      schema: {
        tags,
        summary: 'Payment methods: card, and on account for an approved trade account',
        description:
          'Card through the provider (the fake one lists its magic test tokens). With the session of an approved ' +
          'trade account, also `{ code: "on_account", label, credit_available_pence, po_required, ' +
          'payment_terms_days }`: the credit its unpaid on-account orders leave under its limit.',
        querystring: cartQuery,
        response: { 200: paymentMethodsResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await request.shop.context;
      return paymentMethods(app.db, app.payments, (await request.shop.session)?.customer ?? null);
    },
  );
}

/** Completing the checkout: the order, and the card charged. */
function completionRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/checkout/complete',
    {
      ...personal,
      ...sameOriginWrites,
      ...limitedBy('checkout'),
      schema: {
        tags,
        summary: 'Place the order and pay',
        description:
          '`{ payment_method: "card", card_token, accept_terms: true, expected_total, email, po_number? }`. ' +
          'Locks the cart, re-prices it: a grand total other than `expected_total` (pence inc VAT, delivery ' +
          "included: the cart's `grand_total.ttc`) → 409 `price_changed` with the fresh `cart`, no order. Takes " +
          "the code's use (none left → 409 `discount_exhausted`, code taken off, fresh `cart`). 201 with the new " +
          'order; a repeated completion of the same cart → 200 with the same order (and a new access token that ' +
          'ends, like the first, 2 hours after the order was placed; after that → 404 `cart_not_found`). One ' +
          'card attempt per basket at a time: while one is being made, another completion → 409 ' +
          '`payment_pending` with its `order`, `access_token` and `access_token_expires_at` (wait for that order). ' +
          'An attempt left open `PAYMENT_RECONCILE_AFTER_SECONDS` (its answer lost, the back-office restarted), or ' +
          'waiting for 3-D Secure while the basket changed, is settled first: the provider is asked (by the ' +
          'payment id, its idempotency key, when no reference was recorded); paid, that order is answered; else ' +
          'it is cancelled (code use given back) and the basket as it is now is ordered. `next.type` is `done` ' +
          'only for an order paid or on account; a card payment whose outcome is not known yet → 202 with ' +
          '`next.type` pending (poll `GET /orders/{number}`). Fake provider: `tok_ok` pays (`next.type` done), ' +
          '`tok_3ds` → `next.type` redirect to the test authorisation page, `tok_decline` → 402 ' +
          '`payment_declined` (basket kept, code use given back), `tok_error` → 502 `payment_error` (nothing ' +
          'charged, basket kept), `tok_timeout` → 202 pending (paid, but the answer was lost). Missing steps → 400 ' +
          '`checkout_incomplete` naming `delivery` or `billing`. `payment_method: "on_account"` (no card_token): ' +
          'only with the session of an approved trade account (else 400 `payment_method_unavailable`); a PO ' +
          'number when the account requires one (else 400 on `body.po_number`); the unpaid on-account orders ' +
          "plus this one must fit in the credit limit, checked under the customer row's lock (else 402 " +
          '`credit_limit_exceeded`, no order). It is placed at once: status `on_account`, `payment_due_at` = ' +
          'placed + the payment terms, `next.type` done, the confirmation e-mail queued. With a session the order ' +
          'belongs to the account.',
        querystring: cartQuery,
        body: checkoutCompleteBody,
        response: {
          200: completeResponse,
          201: completeResponse,
          202: completeResponse,
          409: conflictBody,
          ...errorResponses(400, 402, 403, 404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const completion = await completeCheckout(
        checkoutDeps(app),
        await request.shop.context,
        await request.shop.cartToken,
        (await request.shop.session)?.customer ?? null,
        request.body,
      );
      const status = completion.next.type === 'pending' ? 202 : completion.created ? 201 : 200;
      return reply.status(status).send({
        order: { id: completion.order.id, number: completion.order.number, status: completion.order.status },
        access_token: completion.accessToken,
        access_token_expires_at: completion.accessTokenExpiresAt.toISOString(),
        next: completion.next,
      });
    },
  );
}

export const checkoutRoutes: FastifyPluginAsync = async (plugin) => {
  stepRoutes(plugin);
  offerRoutes(plugin);
  completionRoutes(plugin);
};
