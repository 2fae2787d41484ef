/** `trustAnswers` and `trusted`: which answers the client takes without zod (the SSR server's large lists only). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, BackofficeError } from './client.ts';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    // Not what the schema below expects: only a call that skips zod gets it through.
    response.end(JSON.stringify({ data: { total: 'many' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const schema = z.object({ data: z.object({ total: z.number() }) });

it('takes a trusted call’s answer as sent only where the client trusts answers', async () => {
  const trusting = new ApiClient({ origin, planId: () => 1, trustAnswers: true });
  expect(await trusting.get('/product', schema, { trusted: true })).toEqual({ data: { total: 'many' } });
  await expect(trusting.get('/product', schema)).rejects.toBeInstanceOf(BackofficeError);

  const island = new ApiClient({ origin, planId: () => 1 });
  await expect(island.get('/product', schema, { trusted: true })).rejects.toThrow(/unexpected answer/);
});
