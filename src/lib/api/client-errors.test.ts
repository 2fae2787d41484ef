import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { ApiClient, BackofficeError } from './client.ts';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a back-office that cannot be reached is a BackofficeError 503, marked unavailable', async () => {
  const api = new ApiClient({ origin: `http://127.0.0.1:${await closedPort()}`, planId: () => 1 });
  const error = await api.get('/health', z.object({})).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BackofficeError);
  expect((error as BackofficeError).statusCode).toBe(503);
  expect((error as BackofficeError).unavailable).toBe(true);
  expect((error as BackofficeError).busy).toBe(false);
  expect((error as BackofficeError).message).not.toMatch(/ECONNREFUSED/);
});

test('a back-office that does not answer in time is a BackofficeError 504: unavailable, and busy', async () => {
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const api = new ApiClient({
    origin: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    planId: () => 1,
    timeoutMs: 200,
  });
  const error = await api.get('/health', z.object({})).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BackofficeError);
  expect((error as BackofficeError).statusCode).toBe(504);
  expect((error as BackofficeError).unavailable).toBe(true);
  expect((error as BackofficeError).busy).toBe(true);
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

test('a 404 answer is not "unavailable"', async () => {
  const server = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'not_found', message: 'Page x not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = new ApiClient({
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    planId: () => 1,
  });
  const error = await api.get('/page/x', z.object({})).catch((caught: unknown) => caught);
  expect((error as BackofficeError).statusCode).toBe(404);
  expect((error as BackofficeError).unavailable).toBe(false);
  await new Promise((resolve) => server.close(resolve));
});
