/**
 * The address book (spec §7 `address` resource: index, show, create, update with the id in the body, delete;
 * api-contract.md "Accounts"). Every call needs the session: without one 401 "Please log in", checked before the
 * body, so an anonymous caller learns nothing about it. Answers are `no-store`, writes same-origin only.
 */
import { addressCreateBody, addressUpdateBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { deleteBody, deleteQuery, errorResponses, personal, sameOriginWrites } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { requireCustomer } from '../customers/index.ts';
import { addressListResponse, addressParams, savedAddressSchema } from './schemas.ts';
import {
  createAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  savedAddressAnswer,
  updateAddress,
} from './service.ts';

const tags = ['account'];
/** The session is checked before the body is validated. */
const loggedIn = {
  preValidation: async (request: FastifyRequest) => {
    await requireCustomer(request);
  },
};
const BODY =
  '`addressCreateBody` of shop-rules: `{ label?, first_name, last_name, company?, address, address_2?, town, ' +
  'postcode, country (one of GET /country, default uk; a UK postcode must be full), phone?, ' +
  'is_default_delivery, is_default_billing }`; a default delivery address must be in the UK. A new default takes ' +
  'the flag from the old one.';

/** Reading the address book: all of it, or one address. */
function addressReadRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/address',
    {
      ...personal,
      ...loggedIn,
      schema: {
        tags,
        summary: "The logged-in customer's saved addresses (defaults first)",
        querystring: commonQuery,
        response: { 200: addressListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      await request.shop.context;
      return { items: (await listAddresses(app.db, customer.id)).map(savedAddressAnswer) };
    },
  );

  app.get(
    '/address/:id',
    {
      ...personal,
      ...loggedIn,
      schema: {
        tags,
        summary: 'One saved address (another customer’s → 404)',
        params: addressParams,
        querystring: commonQuery,
        response: { 200: savedAddressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      await request.shop.context;
      return savedAddressAnswer(await findAddress(app.db, customer.id, request.params.id));
    },
  );
}

/** Saving an address: a new one, or a saved one changed. */
function addressSaveRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/address',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'Save a new address',
        description: `${BODY} Beyond 20 addresses → 409 \`too_many_addresses\`.`,
        querystring: commonQuery,
        body: addressCreateBody,
        response: { 201: savedAddressSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request);
      await request.shop.context;
      const row = await createAddress(app.db, customer.id, request.body, app.clock.now());
      return reply.status(201).send(savedAddressAnswer(row));
    },
  );

  app.put(
    '/address',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'Change a saved address (its `id` in the body, spec §7)',
        description: `The whole address again with its \`id\`. ${BODY} Another customer’s id → 404.`,
        querystring: commonQuery,
        body: addressUpdateBody,
        response: { 200: savedAddressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      await request.shop.context;
      const { id, ...input } = request.body;
      return savedAddressAnswer(await updateAddress(app.db, customer.id, id, input, app.clock.now()));
    },
  );
}

/** Deleting an address. */
function addressDeleteRoute(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.delete(
    '/address',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'Delete a saved address (`{ id }` in the body, or `?id=`)',
        description: 'Another customer’s id → 404. Deleting a default leaves the customer without one.',
        querystring: deleteQuery,
        body: deleteBody,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request);
      await request.shop.context;
      const id = request.body?.id ?? request.query.id;
      if (id === undefined) {
        throw badRequest('id is required (in the body or the query)', [{ field: 'id', message: 'Required' }]);
      }
      await deleteAddress(app.db, customer.id, id);
      return reply.status(204).send(null);
    },
  );
}

export const addressRoutes: FastifyPluginAsync = async (plugin) => {
  addressReadRoutes(plugin);
  addressSaveRoutes(plugin);
  addressDeleteRoute(plugin);
};
