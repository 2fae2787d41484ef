/**
 * Trade account applications and holds (issue 24; docs/api-contract.md "Trade accounts"). The customer's two
 * calls (`GET`/`POST /trade/application`, the session cookie) are on the storefront's public list; the staff's
 * (`/staff/trade-applications…`, `/staff/trade-accounts`, `/staff/customers/{id}/trade/…`) need `trade:write`
 * (credit control, owners) and each write is audited in its own transaction.
 */
import {
  tradeApplicationApproveBody,
  tradeApplicationBody,
  tradeApplicationDeclineBody,
} from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal, sameOriginWrites } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { requireCustomer } from '../customers/index.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { holdState, listTradeAccounts, setHold, staffStatement } from './accounts.ts';
import {
  applicationState,
  applyForTrade,
  approveApplication,
  declineApplication,
  listApplications,
  myTradeState,
  staffApplication,
} from './applications.ts';
import {
  answer,
  applicationListQuery,
  applicationParams,
  customerParams,
  listAnswer,
  myApplicationSchema,
  staffApplicationSchema,
  staffStatementSchema,
  tradeAccountListQuery,
  tradeAccountSchema,
  tradeApplicationAnswer,
} from './schemas.ts';

const tags = ['trade accounts'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const siteQuery = commonQuery;

/** The session is checked before the body is validated. */
const loggedIn = {
  preValidation: async (request: FastifyRequest) => {
    await requireCustomer(request);
  },
};

export function tradeApplicationRoutes(plugin: FastifyInstance) {
  customerRoutes(plugin);
  queueRoutes(plugin);
  decisionRoutes(plugin);
  accountRoutes(plugin);
}

function customerRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/trade/application',
    {
      ...personal,
      ...loggedIn,
      schema: {
        tags,
        summary:
          "The logged-in customer's trade account application and, once approved, the account's statement",
        description:
          '`application`: the latest application (`pending`, `approved` or `declined` with the reason) or null; ' +
          '`account`: for an approved trade account, its terms, whether it is on hold, the credit used and left ' +
          'and the open on-account invoices (due first), else null.',
        querystring: commonQuery,
        response: { 200: tradeApplicationAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { customer } = await requireCustomer(request);
      return myTradeState(app.db, customer, app.clock.now());
    },
  );

  app.post(
    '/trade/application',
    {
      ...personal,
      ...sameOriginWrites,
      ...loggedIn,
      schema: {
        tags,
        summary: 'Apply for a trade account',
        description:
          '`{ company, company_number (the sign-up rule), vat_number? (GB and 9 or 12 digits), ' +
          'expected_monthly_spend_pounds (whole pounds), phone (UK) }`. 201 with the application (`pending`); ' +
          'credit control is e-mailed (`MAIL_STAFF_TO_TRADE`). One pending application per account: another is ' +
          'a 409 `trade_application_pending`; an approved account a 409 `trade_already_approved`. After a ' +
          'decline, a new application may be made.',
        querystring: commonQuery,
        body: tradeApplicationBody,
        response: { 201: myApplicationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request);
      const { site } = await request.shop.context;
      const created = await app.db.transaction((tx) =>
        applyForTrade(
          tx,
          { mail: app.config.mail, siteId: site.id, customer, now: app.clock.now() },
          request.body,
        ),
      );
      app.mail.nudge();
      return reply.status(201).send(created);
    },
  );
}

function queueRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('trade:write');

  app.get(
    '/staff/trade-applications',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Trade account applications, paged (perPage ≤ 100): filter by status, sort by created_at, company, status',
        querystring: applicationListQuery,
        response: { 200: listAnswer(staffApplicationSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listApplications(app.db, site.id, request.query) };
    },
  );

  app.get(
    '/staff/trade-applications/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'One trade account application, with the applicant',
        params: applicationParams,
        querystring: siteQuery,
        response: { 200: answer(staffApplicationSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffApplication(app.db, site.id, request.params.id) };
    },
  );
}

function decisionRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('trade:write');
  const change = (action: string, id: number) => ({
    action,
    entity: 'trade_application',
    id,
    state: applicationState,
  });

  app.post(
    '/staff/trade-applications/:id/approve',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Approve a pending application with the terms: the account becomes a trade account',
        description:
          '`{ payment_terms_days (0–120), credit_limit_pence, po_required, version? }`: the account gets the ' +
          "terms (the trade terms' own version rises) and the customer an e-mail, in one transaction. An " +
          'application already decided is a 409 `application_decided`; a stale `version` a 409 `version_conflict`.',
        params: applicationParams,
        querystring: siteQuery,
        body: tradeApplicationApproveBody,
        response: { 200: answer(staffApplicationSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const caller = staffCaller(request);
      const { id } = request.params;
      const deps = { mail: app.config.mail, siteId: site.id, who: caller.actor.name, now: app.clock.now() };
      const data = await caller.audit.change(app.db, change('trade_application.approve', id), (tx) =>
        approveApplication(tx, deps, id, request.body),
      );
      app.mail.nudge();
      return { data };
    },
  );

  app.post(
    '/staff/trade-applications/:id/decline',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Decline a pending application with the reason, which the e-mail to the customer states',
        description:
          '`{ reason, version? }`. An application already decided is a 409 `application_decided`; the customer ' +
          'may apply again.',
        params: applicationParams,
        querystring: siteQuery,
        body: tradeApplicationDeclineBody,
        response: { 200: answer(staffApplicationSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const caller = staffCaller(request);
      const { id } = request.params;
      const deps = { mail: app.config.mail, siteId: site.id, who: caller.actor.name, now: app.clock.now() };
      const data = await caller.audit.change(app.db, change('trade_application.decline', id), (tx) =>
        declineApplication(tx, deps, id, request.body),
      );
      app.mail.nudge();
      return { data };
    },
  );
}

function accountRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('trade:write');

  app.get(
    '/staff/trade-accounts',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Approved trade accounts, paged (perPage ≤ 100), with the credit limit, used and left and the hold: ' +
          'q (e-mail or company), on_hold',
        querystring: tradeAccountListQuery,
        response: { 200: listAnswer(tradeAccountSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listTradeAccounts(app.db, site.id, request.query) };
    },
  );

  app.get(
    '/staff/customers/:id/trade/statement',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          "An account's statement: terms, hold, credit used and left, open and overdue invoices (due first)",
        params: customerParams,
        querystring: siteQuery,
        response: { 200: answer(staffStatementSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffStatement(app.db, site.id, request.params.id, app.clock.now()) };
    },
  );

  for (const [verb, hold] of [
    ['hold', true],
    ['release', false],
  ] as const) {
    app.post(
      `/staff/customers/:id/trade/${verb}`,
      {
        ...access,
        schema: {
          ...access.schema,
          tags,
          summary: hold
            ? 'Put a trade account on hold: no on-account checkout until it is released (again: no change)'
            : 'Release a trade account from hold (again: no change)',
          ...(hold && {
            description: 'Only an approved trade account can be put on hold (else 400 `trade_not_approved`).',
          }),
          params: customerParams,
          querystring: siteQuery,
          response: { 200: answer(staffStatementSchema), ...errors },
        },
      },
      async (request) => {
        const { site } = await request.shop.context;
        const caller = staffCaller(request);
        const { id } = request.params;
        const now = app.clock.now();
        const change = { action: `customer.trade_${verb}`, entity: 'customer', id, state: holdState };
        await caller.audit.change(app.db, change, (tx) =>
          setHold(tx, site.id, id, hold, caller.actor.name, now),
        );
        return { data: await staffStatement(app.db, site.id, id, now) };
      },
    );
  }
}
