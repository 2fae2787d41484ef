/**
 * The account calls (api-contract.md "Accounts"): `/auth/*`, `GET/PATCH /me` and its spec §7 aliases
 * `GET/PUT /profile`. Answers are `no-store` and carry no `data` wrapper; every write is same-origin only
 * (403 `cross_site_request`); registration and the forgotten password carry the forms' bot check and honeypot.
 */
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  verifyEmailBody,
  ACCOUNT_MESSAGES,
} from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartTokenResolver } from '../../lib/context.ts';
import { errorResponses, limitedBy, personal, refuseCalls, sameOriginWrites } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import {
  logIn,
  resetPasswordAndLogIn,
  verifyEmailAddress,
  type Browser,
  type LoggedIn,
} from '../../flows/login.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { acceptedResponse, loginResponse, meSchema, verifyResponse } from './schemas.ts';
import { changePassword, forgotPassword, meOf, register, updateProfile } from './service.ts';
import { clearSessionCookies, requireCustomer, revokeSession, setSessionCookies } from './sessions.ts';
import { staffCustomerRoutes } from './staff-routes.ts';

const tags = ['accounts'];
const browserWrite = { ...personal, ...sameOriginWrites };
const LOGGED_IN = 'Needs the session cookie `pw_session`: 401 `unauthorized` "Please log in" without one.';
/** Calls of the logged-in customer: the session is checked before the body, so a visitor learns nothing of it. */
const loggedInOnly = {
  preValidation: async (request: FastifyRequest) => {
    await requireCustomer(request);
  },
};

/** What a login takes from the browser: the guest basket it carries and the session it replaces. */
async function browserOf(request: FastifyRequest): Promise<Browser> {
  const previous = await request.shop.session;
  return { guestToken: cartTokenResolver(request), previousSessionHash: previous?.tokenHash ?? null };
}

/** Sets the cookies of a new session and answers the customer with the basket's token. */
function loggedIn(request: FastifyRequest, reply: FastifyReply, result: LoggedIn) {
  setSessionCookies(request, reply, result.sessionToken);
  return {
    customer: result.me,
    cart: result.cart
      ? { token: result.cart.token, token_expires_at: result.cart.expiresAt.toISOString() }
      : null,
  };
}

/** Sign-up: registration, and the e-mailed link that verifies the address. */
function signUpRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/register',
    {
      ...browserWrite,
      ...limitedBy('form'),
      schema: {
        tags,
        summary: 'Create an account (202 for a new and an existing e-mail alike)',
        description:
          '`registerBody`: names, e-mail, password (8–128 characters with lower case, upper case and a digit), ' +
          'audience, optional company and company number (the spec §5 rule), `accept_terms: true`, the solved ' +
          '`bot_check` (400 `bot_check_failed`) and the honeypot `website`. A new address gets its account and a ' +
          'verification e-mail; an address with an account gets the same answer, byte for byte, and its owner a ' +
          '"you already have an account" e-mail. No session is opened.',
        querystring: commonQuery,
        body: registerBody,
        response: { 202: acceptedResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { bot_check: botCheck, website, ...body } = request.body;
      await verifyBotCheck(app, botCheck, request.ip, 'register');
      if (!website) {
        await register(app, site, body);
        app.mail.nudge();
      }
      return reply
        .status(202)
        .send({ status: 'accepted' as const, message: ACCOUNT_MESSAGES.registerAccepted });
    },
  );

  app.post(
    '/auth/verify',
    {
      ...browserWrite,
      ...limitedBy('form'),
      schema: {
        tags,
        summary: 'Verify the e-mail address with the e-mailed link; earlier guest orders join the account',
        description:
          '`{ token }` (7 days, once). Needs no session: the link may be opened on another device. Guest orders ' +
          'of the site placed with that address (any case) join the account: `attached_orders` counts them. A bad ' +
          'token → 400 `invalid_token`.',
        querystring: commonQuery,
        body: verifyEmailBody,
        response: { 200: verifyResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request) => {
      const { me, attachedOrders } = await verifyEmailAddress(app, request.body.token);
      return { customer: me, attached_orders: attachedOrders };
    },
  );
}

/** Logging in and out, and the password change (which logs every other browser out). */
function sessionRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/login',
    {
      ...browserWrite,
      schema: {
        tags,
        summary: 'Log in: session cookies, and the guest basket merged into the customer’s',
        description:
          '`{ email, password, cart_token? }` (the guest basket token also as `X-Cart-Token`). Sets the HttpOnly ' +
          '`pw_session` cookie (30 days, extended while used) and `pw_auth=1`. The guest basket is merged into ' +
          'the customer’s once (quantities summed, 999 at most; the guest basket is deleted), or becomes the ' +
          'customer’s when there is none; `cart` is the customer’s basket token. Unknown e-mail or wrong password ' +
          '→ 401 `invalid_credentials` (one message). The 6th failure for one e-mail within 15 minutes, or the ' +
          '21st request from one visitor, → 429 `too_many_attempts`.',
        querystring: commonQuery,
        body: loginBody,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const result = await logIn(app, site, request.body, request.ip, await browserOf(request));
      return loggedIn(request, reply, result);
    },
  );

  app.post(
    '/auth/logout',
    {
      ...browserWrite,
      schema: {
        tags,
        summary: 'Log out: the session is deleted and both cookies cleared',
        querystring: commonQuery,
        body: z.object({}).strict().nullish(),
        response: { 204: z.null().describe('Logged out'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const session = await request.shop.session;
      if (session) await revokeSession(app.db, session.tokenHash);
      clearSessionCookies(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password/change',
    {
      ...browserWrite,
      ...loggedInOnly,
      schema: {
        tags,
        summary: 'Change the password: every other session is revoked',
        description: `\`{ current_password, new_password }\`; a wrong current password → 400 on \`current_password\`. ${LOGGED_IN}`,
        querystring: commonQuery,
        body: changePasswordBody,
        response: { 204: z.null().describe('Changed'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const session = await requireCustomer(request);
      await changePassword(app, session.customer, session.tokenHash, request.body);
      return reply.status(204).send(null);
    },
  );
}

/** The forgotten password: the e-mailed link, then the new password (which logs this browser in). */
function forgottenPasswordRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/password/forgot',
    {
      ...browserWrite,
      ...limitedBy('form'),
      schema: {
        tags,
        summary: 'Ask for a password reset link (always 202)',
        description:
          '`{ email, audience, bot_check }`. Always 202, whether the address has an account or not; a known one ' +
          'gets a link valid 60 minutes, once, which voids the older ones. Beyond 3 requests an hour for one ' +
          'address, still 202 and no more e-mail.',
        querystring: commonQuery,
        body: forgotPasswordBody,
        response: { 202: acceptedResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { bot_check: botCheck, website, ...body } = request.body;
      await verifyBotCheck(app, botCheck, request.ip, 'forgot-password');
      if (!website) {
        await forgotPassword(app, site, body);
        app.mail.nudge();
      }
      return reply
        .status(202)
        .send({ status: 'accepted' as const, message: ACCOUNT_MESSAGES.forgotAccepted });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      ...browserWrite,
      ...limitedBy('form'),
      schema: {
        tags,
        summary:
          'Choose a new password with the e-mailed link: every session revoked, this browser logged in',
        description:
          '`{ token, password }`. An unknown, used or expired token → 400 `invalid_token`. Sets the session ' +
          'cookies like a login (the guest basket of `X-Cart-Token` is merged).',
        querystring: commonQuery,
        body: resetPasswordBody,
        response: { 200: loginResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const result = await resetPasswordAndLogIn(app, token, password, await browserOf(request));
      return loggedIn(request, reply, result);
    },
  );
}

/** The logged-in customer's profile, `/me` and its spec §7 alias `/profile`. */
function profileRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/me', '/profile']) {
    app.get(
      path,
      {
        ...personal,
        ...loggedInOnly,
        schema: {
          tags,
          summary:
            path === '/me' ? 'The logged-in customer' : 'The logged-in customer (spec §7 alias of GET /me)',
          description: LOGGED_IN,
          querystring: commonQuery,
          response: { 200: meSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => meOf(app.db, (await requireCustomer(request)).customer),
    );
  }

  for (const [method, path] of [
    ['PATCH', '/me'],
    ['PUT', '/profile'],
  ] as const) {
    app.route({
      method,
      url: path,
      ...browserWrite,
      ...loggedInOnly,
      schema: {
        tags,
        summary:
          path === '/me'
            ? 'Change the profile (the fields given)'
            : 'Change the profile (spec §7 alias of PATCH /me)',
        description: `\`profileUpdateBody\`: the fields given change, an optional one sent empty is cleared; the e-mail address does not change here. ${LOGGED_IN}`,
        querystring: commonQuery,
        body: profileUpdateBody,
        response: { 200: meSchema, ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => {
        const session = await requireCustomer(request);
        return updateProfile(app, session.customer, request.body);
      },
    });
  }

  // Spec §7's generic helper lists `profile` as a resource: it is one customer's, so it has no id, no create
  // and no delete.
  const profileOnly =
    "The profile is the logged-in customer's: GET and PUT /profile (sign-up is POST /auth/register)";
  refuseCalls(plugin, {
    path: '/profile',
    methods: ['POST', 'DELETE'],
    allow: ['GET', 'PUT'],
    tags,
    message: profileOnly,
  });
  refuseCalls(plugin, { path: '/profile/:id', methods: ['GET'], allow: [], tags, message: profileOnly });
}

export const customerRoutes: FastifyPluginAsync = async (plugin) => {
  signUpRoutes(plugin);
  sessionRoutes(plugin);
  forgottenPasswordRoutes(plugin);
  profileRoutes(plugin);
  staffCustomerRoutes(plugin);
};
