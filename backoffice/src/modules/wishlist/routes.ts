/**
 * The wishlist (api-contract.md "Accounts"): read and write the account's list (the device favourites are merged
 * into it at login), and send it by e-mail with the forms' bot check. Every call needs the session: 401 "Please
 * log in" without one, checked before the body. Answers are `no-store`, writes same-origin only.
 */
import { wishlistBody, wishlistSendBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal, sameOriginWrites } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { requireCustomer } from '../customers/index.ts';
import { wishlistResponse, wishlistSentResponse } from './schemas.ts';
import { putWishlist, sendWishlist, wishlistOf } from './service.ts';

const tags = ['account'];
/** The session is checked before the body is validated. */
const loggedIn = {
  preValidation: async (request: FastifyRequest) => {
    await requireCustomer(request);
  },
};

/** Reading and writing the list. */
function wishlistListRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wishlist',
    {
      ...personal,
      ...loggedIn,
      schema: {
        tags,
        summary: "The logged-in customer's wishlist (product ids)",
        querystring: commonQuery,
        response: { 200: wishlistResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      const { site } = await request.shop.context;
      return { product_ids: await wishlistOf(app.db, site.id, customer.id) };
    },
  );

  app.put(
    '/wishlist',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'Set the wishlist, or merge the device favourites into it',
        description:
          '`{ product_ids, mode: "replace" | "merge" }` (200 ids at most): `replace` sets the list, `merge` adds ' +
          "to it (the union: the device's favourites at login). Ids of no product of the site are dropped, not " +
          'refused. Answers the list as stored.',
        querystring: commonQuery,
        body: wishlistBody,
        response: { 200: wishlistResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      const { site } = await request.shop.context;
      const { product_ids: ids, mode } = request.body;
      return { product_ids: await putWishlist(app.db, site.id, customer.id, ids, mode, app.clock.now()) };
    },
  );
}

/** Sending the list by e-mail. */
function wishlistSendRoute(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/wishlist/send',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'E-mail the wishlist to myself or a colleague',
        description:
          '`{ to?, message?, bot_check, website }`: a fixed e-mail listing each product with its packs and a ' +
          "link to its page, to the customer's own address, or to `to` (replying to the customer), with the " +
          "optional note. The forms' bot check (400 `bot_check_failed`) and honeypot. 5 a customer an hour → " +
          '429 `too_many_attempts`; an empty wishlist → 400 `wishlist_empty`.',
        querystring: commonQuery,
        body: wishlistSendBody,
        response: { 202: wishlistSentResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request);
      const context = await request.shop.context;
      const { bot_check: botCheck, website, ...body } = request.body;
      await verifyBotCheck(app, botCheck, request.ip, 'wishlist-send');
      const accepted = (to: string) =>
        reply
          .status(202)
          .send({ status: 'accepted' as const, message: `Your wishlist is on its way to ${to}` });
      // The honeypot: people leave it empty; a filled one gets the same answer and nothing is sent.
      if (website) return accepted(body.to ?? customer.email);
      const to = await sendWishlist(
        { db: app.db, cache: app.cache, mail: app.config.mail, now: app.clock.now() },
        context,
        customer,
        body,
      );
      app.mail.nudge();
      return accepted(to);
    },
  );
}

export const wishlistRoutes: FastifyPluginAsync = async (plugin) => {
  wishlistListRoutes(plugin);
  wishlistSendRoute(plugin);
};
