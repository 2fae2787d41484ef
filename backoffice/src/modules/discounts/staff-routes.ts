/**
 * The staff's discount calls (`/api/v1/staff/discounts…`, issue 24; docs/api-contract.md "Staff: discounts"): the
 * list with uses and state, one code, create, a partial change from the code's `version`, deactivate and activate.
 * Reads need `discounts:read`, writes `discounts:write` (the catalogue role and owners); each write is audited in
 * its own transaction with entity `discount` and the code's id, field by field.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  createDiscount,
  discountSnapshot,
  listStaffDiscounts,
  patchDiscount,
  setDiscountActive,
  staffDiscount,
} from './staff.ts';
import {
  discountCreateBody,
  discountListQuery,
  discountParams,
  discountPatchBody,
  discountQuery,
  discountSchema,
} from './staff-schemas.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
/** 409: a stale `version` (`version_conflict`, naming `current_version`) or a code already taken. */
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };
const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const staffDiscountRoutes: FastifyPluginAsync = async (plugin) => {
  readRoutes(plugin);
  writeRoutes(plugin);
  switchRoutes(plugin);
};

function readRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('discounts:read');

  app.get(
    '/staff/discounts',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'Discount codes with their uses and state (scheduled, active, expired, used_up, deactivated), paged ' +
          '(perPage ≤ 100), sorted and filtered: q (code containing it, any case), state, kind',
        querystring: discountListQuery,
        response: {
          200: answer(z.object({ items: z.array(discountSchema), total: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listStaffDiscounts(app.db, site.id, request.query, app.clock.now()) };
    },
  );

  app.get(
    '/staff/discounts/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'One discount code, with its uses, state and version',
        params: discountParams,
        querystring: discountQuery,
        response: { 200: answer(discountSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffDiscount(app.db, site.id, request.params.id, app.clock.now()) };
    },
  );
}

function writeRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const write = staffRoute('discounts:write');

  app.post(
    '/staff/discounts',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Create a discount code: percentage (percent 1–100), fixed_amount (amount_pence) or free_product ' +
          '(free_variant_reference, a pack of the catalogue); audience, minimum basket, use limit, once per ' +
          'customer, start and end. The code is stored trimmed and upper case; 409 discount_code_taken when the ' +
          'site has it already (any case)',
        querystring: discountQuery,
        body: discountCreateBody,
        response: { 201: answer(discountSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const change = { action: 'discount.create', entity: 'discount', state: discountSnapshot };
      const created = await staffCaller(request).audit.change(app.db, change, (tx) =>
        createDiscount(tx, site.id, request.body, app.clock.now()),
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    '/staff/discounts/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Change the named fields of a discount code, from its `version` (required; 409 `version_conflict` ' +
          'when another write came first); the other fields stay, and the whole is checked again',
        params: discountParams,
        querystring: discountQuery,
        body: discountPatchBody,
        response: { 200: answer(discountSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'discount.update', entity: 'discount', id, state: discountSnapshot };
      const updated = await staffCaller(request).audit.change(app.db, change, (tx) =>
        patchDiscount(tx, site.id, id, request.body, app.clock.now()),
      );
      return { data: updated };
    },
  );
}

function switchRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const write = staffRoute('discounts:write');

  for (const [verb, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/staff/discounts/:id/${verb}`,
      {
        ...write,
        schema: {
          ...write.schema,
          tags,
          summary: active
            ? 'Activate a deactivated code again (again on an active one changes nothing)'
            : 'Deactivate a code: the basket refuses it as an unknown code, and takes it off baskets holding ' +
              'it (again on a deactivated one changes nothing)',
          params: discountParams,
          querystring: discountQuery,
          response: { 200: answer(discountSchema), ...errors },
        },
      },
      async (request) => {
        const { site } = await request.shop.context;
        const { id } = request.params;
        const change = { action: `discount.${verb}`, entity: 'discount', id, state: discountSnapshot };
        const moved = await staffCaller(request).audit.change(app.db, change, (tx) =>
          setDiscountActive(tx, site.id, id, active, app.clock.now()),
        );
        return { data: moved };
      },
    );
  }
}
