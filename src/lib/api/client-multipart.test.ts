/**
 * The write helpers with a `FormData` body (the job application's CV upload): sent as multipart/form-data with the
 * common parameters of spec §7, against a real local HTTP server. Nothing of the client is mocked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from './client.ts';

interface Received {
  path: string;
  query: URLSearchParams;
  contentType: string;
  body: string;
}

let server: Server;
let origin: string;
let last: Received | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      last = {
        path: url.pathname,
        query: url.searchParams,
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('latin1'),
      };
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { id: 7 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('multipart writes', () => {
  it('a FormData body goes as multipart/form-data with its fields and file, and the common parameters', async () => {
    const form = new FormData();
    form.set('first_name', 'Ann');
    form.set('accept_terms', 'true');
    form.set('cv', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), 'cv.pdf');
    const api = new ApiClient({ origin, siteId: () => 3, planId: () => 2 });
    const answer = await api.post('/application', form, z.object({ data: z.object({ id: z.number() }) }));

    expect(answer).toEqual({ data: { id: 7 } });
    expect(last?.path).toBe('/api/v1/application');
    expect(last?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(Object.fromEntries(last?.query ?? [])).toMatchObject({
      site_id: '3',
      saleplan_id: '2',
      sales_plan_id: '2',
      client: 'web',
    });
    expect(last?.body).toMatch(/name="first_name"\r\n\r\nAnn\r\n/);
    expect(last?.body).toMatch(/name="accept_terms"\r\n\r\ntrue\r\n/);
    expect(last?.body).toMatch(
      /name="cv"; filename="cv\.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1\.4 test/,
    );
  });
});
