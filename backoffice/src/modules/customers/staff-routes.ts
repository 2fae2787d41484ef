/**
 * The staff's customer calls (`/api/v1/staff/customers…`, issue 24; docs/api-contract.md "Staff: customers"): the
 * list and the customer page (`customers:read`); ending the sessions, disabling and enabling the account, resending
 * the verification e-mail and sending a password reset (`customers:write`); the UK GDPR export (`gdpr:export`) and
 * erasure (`gdpr:erase`). Each write, and the export, is audited with entity `customer` and the account's id, its
 * recorded state holding no personal data. The trade paths (`/staff/customers/{id}/trade…`) are the trade module's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eraseCustomer } from '../../flows/erase-customer.ts';
import { exportCustomer } from '../../flows/export-customer.ts';
import { errorResponses } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { sendResetLink, sendVerificationLink } from './service.ts';
import {
  customerState,
  disableCustomer,
  enableCustomer,
  endCustomerSessions,
  requireEnabled,
  requireUnverified,
} from './staff-actions.ts';
import { listStaffCustomers, staffCustomerPage, staffCustomerRow } from './staff-reading.ts';
import {
  answer,
  customerExportSchema,
  eraseBody,
  erasedSchema,
  listAnswer,
  mailQueuedSchema,
  sessionsEndedSchema,
  staffCustomerItem,
  staffCustomerListQuery,
  staffCustomerPageSchema,
  staffCustomerParams,
  staffCustomerSiteQuery as siteQuery,
} from './staff-schemas.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

export function staffCustomerRoutes(plugin: FastifyInstance) {
  readRoutes(plugin);
  stateRoutes(plugin);
  mailRoutes(plugin);
  gdprRoutes(plugin);
}

function readRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('customers:read');

  app.get(
    '/staff/customers',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'Customer accounts, paged (perPage ≤ 100), sorted and filtered: q (e-mail, name, company or phone), ' +
          'audience, trade_approved, disabled',
        querystring: staffCustomerListQuery,
        response: { 200: listAnswer(staffCustomerItem), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listStaffCustomers(app.db, site.id, request.query) };
    },
  );

  app.get(
    '/staff/customers/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'The customer page: profile, trade terms, saved addresses, orders, wishlist, sessions (dates only) and ' +
          'the account state',
        params: staffCustomerParams,
        querystring: siteQuery,
        response: { 200: answer(staffCustomerPageSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffCustomerPage(app.db, site.id, request.params.id, app.clock.now()) };
    },
  );
}

function stateRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const write = staffRoute('customers:write');
  const state = (tx: Parameters<typeof customerState>[0], id: number | string) => customerState(tx, id);

  app.post(
    '/staff/customers/:id/sessions/end',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: 'End every session of the customer (each browser is logged out at its next call)',
        params: staffCustomerParams,
        querystring: siteQuery,
        response: { 200: answer(sessionsEndedSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'customer.end_sessions', entity: 'customer', id, state };
      const ended = await staffCaller(request).audit.change(app.db, change, (tx) =>
        endCustomerSessions(tx, site.id, id),
      );
      return { data: { ended } };
    },
  );

  for (const [verb, move] of [
    ['disable', disableCustomer],
    ['enable', enableCustomer],
  ] as const) {
    app.post(
      `/staff/customers/:id/${verb}`,
      {
        ...write,
        schema: {
          ...write.schema,
          tags,
          summary:
            verb === 'disable'
              ? 'Disable the account: its sessions end at once and it can no longer sign in (403 ' +
                '`account_disabled`) nor use a reset link. Again changes nothing. Answers the customer page'
              : 'Enable the account again (it can sign in). Again changes nothing. Answers the customer page',
          params: staffCustomerParams,
          querystring: siteQuery,
          response: { 200: answer(staffCustomerPageSchema), ...writeErrors },
        },
      },
      async (request) => {
        const { site } = await request.shop.context;
        const { id } = request.params;
        const now = app.clock.now();
        const change = { action: `customer.${verb}`, entity: 'customer', id, state };
        await staffCaller(request).audit.change(app.db, change, (tx) => move(tx, site.id, id, now));
        return { data: await staffCustomerPage(app.db, site.id, id, now) };
      },
    );
  }
}

function mailRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const write = staffRoute('customers:write');

  app.post(
    '/staff/customers/:id/verification-email',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Send the verification e-mail again, with a new link (7 days); 409 `already_verified` when the ' +
          'address is verified, 409 `account_disabled` for a disabled account',
        params: staffCustomerParams,
        querystring: siteQuery,
        response: { 202: answer(mailQueuedSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'customer.resend_verification', entity: 'customer', id };
      const queued = await staffCaller(request).audit.change(app.db, change, async (tx) => {
        const customer = await staffCustomerRow(tx, site.id, id, true);
        requireUnverified(customer);
        requireEnabled(customer);
        return sendVerificationLink(tx, customer, app.clock.now(), app.config.mail);
      });
      app.mail.nudge();
      return reply.status(202).send({ data: { mail_id: queued.id } });
    },
  );

  app.post(
    '/staff/customers/:id/password-reset',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          "Send the customer the forgotten-password letter (the same the customer's own request sends: a link " +
          'valid 60 minutes, once, which voids the older ones); 409 `account_disabled` for a disabled account',
        params: staffCustomerParams,
        querystring: siteQuery,
        response: { 202: answer(mailQueuedSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'customer.password_reset', entity: 'customer', id };
      const queued = await staffCaller(request).audit.change(app.db, change, async (tx) => {
        const customer = await staffCustomerRow(tx, site.id, id, true);
        requireEnabled(customer);
        return sendResetLink(tx, customer, customer.audience, app.clock.now(), app.config.mail);
      });
      app.mail.nudge();
      return reply.status(202).send({ data: { mail_id: queued.id } });
    },
  );
}

function gdprRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const exporting = staffRoute('gdpr:export');
  const erasing = staffRoute('gdpr:erase');

  app.get(
    '/staff/customers/:id/export',
    {
      ...exporting,
      schema: {
        ...exporting.schema,
        tags,
        summary:
          'UK GDPR subject access: everything held about the customer as one JSON download (account, addresses, ' +
          'sessions, wishlist, orders with lines and payments, form submissions sent with their e-mail with ' +
          'their files base64-encoded, audit events about the account). Audited',
        params: staffCustomerParams,
        querystring: siteQuery,
        response: { 200: customerExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const now = app.clock.now();
      const document = await exportCustomer(app.db, site.id, id, now);
      await staffCaller(request).audit.record(app.db, {
        action: 'customer.export',
        entity: 'customer',
        entityId: id,
      });
      return reply
        .header(
          'content-disposition',
          `attachment; filename="customer-${id}-${now.toISOString().slice(0, 10)}.json"`,
        )
        .send(document);
    },
  );

  app.post(
    '/staff/customers/:id/erase',
    {
      ...erasing,
      schema: {
        ...erasing.schema,
        tags,
        summary:
          'UK GDPR erasure: the account, its sessions, tokens, saved addresses, wishlist, baskets, form ' +
          'submissions and CVs and the e-mails to the person go; their orders stay for the VAT records (name, ' +
          'addresses, lines, totals, payments), marked erased. The body repeats the e-mail (400 ' +
          '`confirmation_mismatch`); 409 `customer_has_open_orders` while an order is under way. Audited',
        params: staffCustomerParams,
        querystring: siteQuery,
        body: eraseBody,
        response: { 200: answer(erasedSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'customer.erase', entity: 'customer', id };
      const erased = await staffCaller(request).audit.change(app.db, change, (tx) =>
        eraseCustomer(tx, {
          siteId: site.id,
          customerId: id,
          confirmEmail: request.body.email,
          now: app.clock.now(),
        }),
      );
      return { data: erased };
    },
  );
}
