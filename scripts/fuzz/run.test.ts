import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, runFuzz, type FuzzOptions } from './run.ts';

/** A back-office with two operations; one of them answers 500 to a NUL byte in its id, like a real bug would. */
const openapi = {
  openapi: '3.0.3',
  paths: {
    '/api/v1/faq/{id}': {
      get: {
        parameters: [
          { in: 'query', name: 'site_id', required: true, schema: { type: 'integer' } },
          { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
        ],
      },
    },
    '/api/v1/contact': {
      post: {
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', properties: { email: { type: 'string' } } } },
          },
        },
      },
    },
  },
};

function backoffice(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const url = req.url ?? '';
  if (url === '/api/v1/openapi.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(openapi));
  }
  if (url.startsWith('/api/v1/faq/%00')) {
    res.writeHead(500, { 'content-type': 'application/json' });
    return res.end('{"status":"server_error","message":"An internal error occurred"}');
  }
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end('{"status":"invalid_request","message":"Invalid"}');
}

function storefront(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const headers = {
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'self'",
  };
  if (req.url === '/sitemap.xml') {
    res.writeHead(200, { ...headers, 'content-type': 'application/xml' });
    return res.end('<urlset><url><loc>http://shop.test/professional-filler/contact</loc></url></urlset>');
  }
  res.writeHead(404, { ...headers, 'content-type': 'text/html' });
  res.end('<!doctype html><p>Page not found</p>');
}

const servers: Server[] = [];
let options: FuzzOptions;

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  options = {
    ...DEFAULT_OPTIONS,
    backoffice: await listen(backoffice),
    storefront: await listen(storefront),
    quick: true,
    maxRequests: Number.MAX_SAFE_INTEGER,
    durationSeconds: 60,
    concurrency: 4,
    timeoutMs: 5000,
  };
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('runFuzz', () => {
  it('sends the whole quick plan and reports the 500 with its request', async () => {
    const warnings: string[] = [];
    const report = await runFuzz({ ...options, log: (line) => warnings.push(line) });
    expect(report.stoppedBy).toBe('plan');
    expect(report.sent).toBe(report.planned);
    expect(report.operations).toBe(2);
    const nul = report.failures.filter(
      (record) => record.failure.kind === 'server error' && record.request.name === 'path id: nul',
    );
    expect(nul.map((record) => record.request.target).sort()).toEqual(['backoffice']);
    expect(nul[0]!.request.path).toBe('/api/v1/faq/%00?site_id=3');
    // The catalogue calls fail on this fake back-office: the run goes on with defaults and says so.
    expect(warnings.some((line) => line.startsWith('warning: could not read the URL list'))).toBe(true);
  });

  it('stops at the request limit', async () => {
    const report = await runFuzz({ ...options, quick: false, maxRequests: 25 });
    expect(report.sent).toBe(25);
    expect(report.stoppedBy).toBe('requests');
  });

  it('fails fast when the OpenAPI document cannot be read', async () => {
    await expect(runFuzz({ ...options, backoffice: options.storefront })).rejects.toThrow(/OpenAPI document/);
  });
});
