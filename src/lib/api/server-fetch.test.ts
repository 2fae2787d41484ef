import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, BackofficeError } from './client.ts';
import { serverFetch } from './server-fetch.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A back-office stand-in; counts the connections it accepts. */
async function backoffice(
  handler: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<{ origin: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
  };
}

describe('serverFetch', () => {
  it('answers like fetch: status, headers and body, over one kept-alive connection', async () => {
    const { origin, connections } = await backoffice((request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-seen': request.url ?? '' });
      response.end(JSON.stringify({ data: { items: [{ id: 1 }], total: 1 } }));
    });
    const api = new ApiClient({ origin, planId: () => 3, fetch: serverFetch });
    const schema = z.object({ data: z.object({ items: z.array(z.object({ id: z.number() })) }) });
    expect(await api.get('/product', schema, { query: { text: 'fine filler' } })).toEqual({
      data: { items: [{ id: 1 }] },
    });
    await api.get('/product', schema);
    expect(connections()).toBe(1);

    const response = await serverFetch(`${origin}/api/v1/x?a=1`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-seen')).toBe('/api/v1/x?a=1');
    expect(await response.json()).toEqual({ data: { items: [{ id: 1 }], total: 1 } });
  });

  it('sends a write body and reads an answer without one', async () => {
    let received = '';
    const { origin } = await backoffice((request, body, response) => {
      received = `${request.method} ${request.headers['content-type']} ${body}`;
      response.writeHead(204);
      response.end();
    });
    const response = await serverFetch(`${origin}/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 2 }),
    });
    expect(response.status).toBe(204);
    expect(received).toBe('POST application/json {"quantity":2}');
  });

  it('keeps the client error answers: a 4xx is a BackofficeError with the back-office body', async () => {
    const { origin } = await backoffice((_request, _body, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'not_found', message: 'Product x not found' }));
    });
    const api = new ApiClient({ origin, planId: () => 1, fetch: serverFetch });
    const error = await api.get('/product/x', z.object({})).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackofficeError);
    expect((error as BackofficeError).statusCode).toBe(404);
    expect((error as BackofficeError).body?.message).toBe('Product x not found');
  });

  it('makes a timeout the 504 of a busy back-office and a refused connection an unavailable one', async () => {
    const { origin } = await backoffice(() => {
      // Never answers: the client's timeout must end the call.
    });
    const slow = new ApiClient({ origin, planId: () => 1, timeoutMs: 100, fetch: serverFetch });
    const timedOut = await slow.get('/health', z.object({})).catch((caught: unknown) => caught);
    expect((timedOut as BackofficeError).statusCode).toBe(504);
    expect((timedOut as BackofficeError).unavailable).toBe(true);
    expect((timedOut as BackofficeError).busy).toBe(true);

    const refused = createServer();
    await new Promise<void>((resolve) => refused.listen(0, '127.0.0.1', resolve));
    const { port } = refused.address() as AddressInfo;
    await new Promise((resolve) => refused.close(resolve));
    const down = new ApiClient({ origin: `http://127.0.0.1:${port}`, planId: () => 1, fetch: serverFetch });
    const error = await down.get('/health', z.object({})).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackofficeError);
    expect((error as BackofficeError).unavailable).toBe(true);
    expect((error as BackofficeError).busy).toBe(false);
  });
});
