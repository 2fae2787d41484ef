/**
 * The write helpers and the field-error mapping against a real local HTTP server: what the real client (ky,
 * fetch) sends, and what a form gets back from the back-office's error bodies. Nothing of the client is mocked.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, BackofficeError } from './client.ts';
import { toFormErrors } from './form-errors.ts';

interface Received {
  method: string;
  path: string;
  plan: string | null;
  contentType: string | undefined;
  cartToken: string | undefined;
  body: unknown;
}

/** What the server answers next for a path: status and JSON body (no body for 204). */
const answers = new Map<string, { status: number; body?: unknown }>();
const received: Received[] = [];
let server: Server;
let origin: string;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      received.push({
        method: request.method ?? '',
        path,
        plan: url.searchParams.get('saleplan_id'),
        contentType: request.headers['content-type'],
        cartToken: request.headers['x-cart-token'] as string | undefined,
        body,
      });
      // The product of /cart/items lives in plan 2 only (spec §4): a write in plan 1 is refused, then retried.
      if (path === '/cart/items' && url.searchParams.get('saleplan_id') === '1') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ status: 'not_available_in_this_saleplan', message: 'Other plan', exist_in: [2] }),
        );
        return;
      }
      const answer = answers.get(path) ?? { status: 200, body: { data: { ok: true } } };
      if (answer.status === 204) {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  answers.clear();
});

const ok = z.object({ data: z.object({ ok: z.boolean() }) });
const api = () => new ApiClient({ origin, planId: () => 2 });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('write helpers', () => {
  it('post, put and patch send their body as JSON with the common parameters and parse the answer', async () => {
    const client = api();
    await expect(
      client.post('/contact', { email: 'ann@example.co.uk', phone: undefined }, ok),
    ).resolves.toEqual({
      data: { ok: true },
    });
    await client.put('/checkout/billing', { same_as_delivery: true }, ok);
    await client.patch('/cart/items/12', { quantity: 3 }, ok, { headers: { 'x-cart-token': 'tok' } });
    expect(received.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/contact', { email: 'ann@example.co.uk' }],
      ['PUT', '/checkout/billing', { same_as_delivery: true }],
      ['PATCH', '/cart/items/12', { quantity: 3 }],
    ]);
    expect(received.every((request) => request.contentType?.startsWith('application/json'))).toBe(true);
    expect(received.every((request) => request.plan === '2')).toBe(true);
    expect(received[2]?.cartToken).toBe('tok');
  });

  it('delete sends no body; an answer without content (204) reads as {}', async () => {
    answers.set('/cart/discount', { status: 204 });
    await expect(api().delete('/cart/discount', z.object({}))).resolves.toEqual({});
    expect(received).toMatchObject([{ method: 'DELETE', path: '/cart/discount', body: undefined }]);
  });

  it('an answer that does not match its schema is a BackofficeError, not data', async () => {
    answers.set('/contact', { status: 201, body: { data: { ok: 'yes' } } });
    const error = await failure(api().post('/contact', {}, ok));
    expect(error).toBeInstanceOf(BackofficeError);
    expect((error as BackofficeError).message).toMatch(/unexpected answer/);
  });

  it('a write refused in one plan switches plan and is sent again, once, with the same body', async () => {
    const client = new ApiClient({ origin, planId: () => 1, onPlanSwitch: () => () => {} });
    const item = { element_id: 7, element_type: 'product', variant_reference: 'PW-7-5', quantity: 2 };
    await client.post('/cart/items', { items: [item] }, ok);
    expect(received.map(({ plan, body }) => [plan, body])).toEqual([
      ['1', { items: [item] }],
      ['2', { items: [item] }],
    ]);
  });

  it('a write is not repeated when the back-office answers 503', async () => {
    answers.set('/checkout/complete', {
      status: 503,
      body: { status: 'service_unavailable', message: 'Down' },
    });
    const error = await failure(api().post('/checkout/complete', { accept_terms: true }, ok));
    expect((error as BackofficeError).unavailable).toBe(true);
    expect(received).toHaveLength(1);
  });
});

describe('field errors of a refused write, for its form', () => {
  const FALLBACK = 'An unknown error has occurred';

  it('maps body./query. fields to the form fields, first message per field, no general message', async () => {
    answers.set('/contact', {
      status: 400,
      body: {
        status: 'invalid_request',
        message: 'Invalid body.email, body.phone, body.email, query.postcode, body.items.0.quantity',
        errors: [
          { field: 'body.email', message: 'Please enter a valid email address' },
          { field: 'body.phone', message: 'Please enter a valid phone number' },
          { field: 'body.email', message: 'Field required: Email' },
          { field: 'query.postcode', message: 'Please enter a valid postcode' },
          { field: 'body.items.0.quantity', message: 'Please enter a value of 1 or more.' },
        ],
      },
    });
    const error = await failure(api().post('/contact', { email: 'ann@' }, ok));
    expect(toFormErrors(error, FALLBACK)).toEqual({
      fields: {
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        postcode: 'Please enter a valid postcode',
        'items.0.quantity': 'Please enter a value of 1 or more.',
      },
      message: undefined,
      status: 'invalid_request',
    });
  });

  it('an error on the whole body (no field) gives the general message', async () => {
    answers.set('/contact', {
      status: 400,
      body: {
        status: 'invalid_request',
        message: 'Invalid body',
        errors: [{ field: 'body', message: 'Expected object' }],
      },
    });
    const error = await failure(api().post('/contact', null, ok));
    expect(toFormErrors(error, FALLBACK)).toEqual({
      fields: {},
      message: FALLBACK,
      status: 'invalid_request',
    });
  });

  it("a refusal without fields shows the back-office's message and status", async () => {
    answers.set('/cart/discount', {
      status: 400,
      body: { status: 'discount_minimum_not_met', message: 'Spend 12,50 £ more to use this code' },
    });
    const error = await failure(api().post('/cart/discount', { code: 'TRADE25' }, ok));
    expect(toFormErrors(error, FALLBACK)).toEqual({
      fields: {},
      message: 'Spend 12,50 £ more to use this code',
      status: 'discount_minimum_not_met',
    });
  });

  it('server errors, an unreachable back-office and anything else give the fallback only', async () => {
    answers.set('/contact', {
      status: 500,
      body: { status: 'server_error', message: 'An internal error occurred' },
    });
    const serverError = await failure(api().post('/contact', {}, ok));
    // A port that was just free: nothing listens there.
    const closed = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await failure(
      new ApiClient({ origin: `http://127.0.0.1:${port}`, planId: () => 2 }).post('/x', {}, ok),
    );
    for (const error of [serverError, unreachable, new TypeError('boom')])
      expect(toFormErrors(error, FALLBACK)).toEqual({ fields: {}, message: FALLBACK });
  });
});
