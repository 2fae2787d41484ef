/**
 * The storefront server's operations (issue 27): the health probes answered before the allow-list and every
 * redirect, readiness following the back-office's (asked once a second at most), the request id kept or made and
 * sent on every back-office call made while serving the request (the page's through server-fetch.ts, the
 * forwarded `/api/v1` ones) and carried by the server's log lines, and the real server process finishing a page in
 * flight on SIGTERM before it exits 0.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateBuild, type BuildManifest } from '../lib/builds.ts';
import { loadEnv } from '../../src/lib/env.ts';
import { createServer } from './app.ts';
import { backofficeReadiness, healthRoutes } from './health.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const BUILD_ID = '20260101T000000-aaaaaa';
const SERVER_FETCH = path.resolve(import.meta.dirname, '../../src/lib/api/server-fetch.ts');
const SERVER = path.resolve(import.meta.dirname, '../server.ts');

/** A build whose on-demand pages (`/diy-filler/results/…`) read `/api/v1/product` from the back-office. */
function writeBuild(buildsDir: string): void {
  const dir = path.join(buildsDir, BUILD_ID);
  const files: Record<string, string> = {
    'client/index.html': '<!doctype html><title>Home</title>',
    'csp.txt': "default-src 'self'\n",
    'server/entry.mjs': `import { serverFetch } from ${JSON.stringify(SERVER_FETCH)};
    export async function handler(req, res, next) {
      if (!req.url.startsWith('/diy-filler/results/')) return next();
      const answer = await serverFetch(process.env.BACKOFFICE_URL + '/api/v1/product?page=' + req.url.split('/')[3]);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end('<p>back-office answered ' + answer.status + '</p>');
    }`,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const manifest: BuildManifest = {
    id: BUILD_ID,
    createdAt: new Date().toISOString(),
    contentVersion: 1,
    backofficeUrl: 'http://127.0.0.1:1',
    siteUrl: 'http://localhost:4321',
    productCount: 1,
    categoryCount: 1,
    pageCount: 1,
    pages: { home: 1 },
    redirectCount: 0,
    inlineScriptHashes: 0,
    astroMs: 1,
    durationMs: 1,
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  activateBuild(buildsDir, BUILD_ID);
}

/** A back-office stub: records each call's path and request id; `/api/v1/product?page=slow` answers in 1.5 s. */
interface Stub {
  url: string;
  calls: { url: string; requestId: string | undefined }[];
  readyStatus: number;
  close(): Promise<void>;
}

async function startStub(): Promise<Stub> {
  const stub: Stub = { url: '', calls: [], readyStatus: 200, close: async () => {} };
  const server: Server = createHttpServer((req, res) => {
    const header = req.headers['x-request-id'];
    stub.calls.push({ url: req.url ?? '', requestId: typeof header === 'string' ? header : undefined });
    const status =
      req.url === '/health/ready' ? stub.readyStatus : req.url?.startsWith('/api/v1/product') ? 200 : 404;
    const delay = req.url === '/api/v1/product?page=slow' ? 1_500 : 0;
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{}');
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

let buildsDir: string;
let stub: Stub;

beforeAll(async () => {
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'server-operations-'));
  writeBuild(buildsDir);
  stub = await startStub();
});

afterAll(async () => {
  await stub.close();
  rmSync(buildsDir, { recursive: true, force: true });
});

describe('health probes', () => {
  let app: FastifyInstance;
  let backofficeReason: string | undefined;
  beforeAll(async () => {
    app = await createServer({
      env: loadEnv({
        BUILDS_DIR: buildsDir,
        BACKOFFICE_URL: stub.url,
        LOG_LEVEL: 'silent',
        CANONICAL_HOST: 'www.example.co.uk',
        ALLOWED_IPS: '10.9.9.9',
      }),
      backofficeReady: async () => backofficeReason,
    });
  });
  afterAll(() => app.close());

  const probe = (url: string) =>
    app.inject({ url, remoteAddress: '203.0.113.5', headers: { host: 'lb-probe.internal' } });

  it('answer before the allow-list and the canonical-host redirect, with nothing about the shop', async () => {
    expect((await probe('/')).statusCode).toBe(401);
    for (const url of ['/health/live', '/health/ready', '/health/ready?from=lb']) {
      const answer = await probe(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toEqual({ status: 'ok' });
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('ready follows the back-office; live does not', async () => {
    backofficeReason = 'The back-office is not ready';
    const ready = await probe('/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'service_unavailable', message: 'The back-office is not ready' });
    expect((await probe('/health/live')).statusCode).toBe(200);
    backofficeReason = undefined;
  });

  it('ready says 503 while the server shuts down, whatever the back-office says', async () => {
    const closing = Fastify();
    healthRoutes(closing, { draining: () => true, backofficeReady: async () => undefined });
    const ready = await closing.inject('/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'service_unavailable',
      message: 'This storefront server is shutting down',
    });
    expect((await closing.inject('/health/live')).statusCode).toBe(200);
    await closing.close();
  });

  it("asks the back-office's readiness once for a flood of probes, and briefly", async () => {
    const before = stub.calls.length;
    const ready = backofficeReadiness(stub.url, { ttlMs: 200 });
    expect(await Promise.all([ready(), ready(), ready()])).toEqual([undefined, undefined, undefined]);
    expect(await ready()).toBeUndefined();
    expect(stub.calls.slice(before).map((call) => call.url)).toEqual(['/health/ready']);

    await sleep(250);
    stub.readyStatus = 503;
    expect(await ready()).toBe('The back-office is not ready');
    stub.readyStatus = 200;
    expect(await backofficeReadiness('http://127.0.0.1:1')()).toBe('The back-office cannot be reached');
  });
});

describe('the request id', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    process.env.BACKOFFICE_URL = stub.url;
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await createServer({
      env: loadEnv({ BUILDS_DIR: buildsDir, BACKOFFICE_URL: stub.url, LOG_LEVEL: 'debug' }),
      logStream,
    });
  });
  afterAll(async () => {
    await app.close();
    delete process.env.BACKOFFICE_URL;
  });

  it("reaches the back-office from an on-demand page and a forwarded call, and is in the server's lines", async () => {
    const page = await app.inject({ url: '/diy-filler/results/one', headers: { 'x-request-id': 'abc-123' } });
    expect(page.body).toContain('back-office answered 200');
    const forwarded = await app.inject({
      url: '/api/v1/product?page=api',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(forwarded.statusCode).toBe(200);
    const calls = stub.calls.filter((call) => call.url.startsWith('/api/v1/product?page='));
    expect(calls).toEqual([
      { url: '/api/v1/product?page=one', requestId: 'abc-123' },
      { url: '/api/v1/product?page=api', requestId: 'abc-123' },
    ]);
    const logged = lines.filter((line) => line.reqId === 'abc-123').map((line) => line.msg);
    expect(logged).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'request completed',
    ]);
  });

  it('is made when the visitor sends none, or one that is not a plain token', async () => {
    await app.inject({ url: '/diy-filler/results/two', headers: { 'x-request-id': 'not a token\t' } });
    const call = stub.calls.find((each) => each.url === '/api/v1/product?page=two');
    expect(call?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.reqId === call?.requestId && line.msg === 'incoming request')).toBe(
      true,
    );
  });
});

it('the server process finishes a page in flight on SIGTERM, then exits 0', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      BUILDS_DIR: buildsDir,
      BACKOFFICE_URL: stub.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const read = () => (output.includes(text) ? resolve() : undefined);
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => reject(new Error(`the server exited before printing "${text}":\n${output}`)));
    });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await printed('[server] storefront on');

  // A page whose back-office call takes 1.5 s, asked on a connection the client would keep open.
  const page = request({
    port,
    host: '127.0.0.1',
    path: '/diy-filler/results/slow',
    headers: { connection: 'keep-alive', 'x-request-id': 'shutdown-1' },
  });
  const answered = once(page, 'response') as Promise<[IncomingMessage]>;
  page.end();
  await sleep(300);
  child.kill('SIGTERM');
  await printed('SIGTERM: finishing the requests in flight');

  const [answer] = await answered;
  let body = '';
  for await (const chunk of answer) body += String(chunk);
  expect(answer.statusCode).toBe(200);
  expect(body).toContain('back-office answered 200');
  expect(answer.headers.connection).toBe('close');
  expect(stub.calls.find((call) => call.url === '/api/v1/product?page=slow')?.requestId).toBe('shutdown-1');
  expect(await exited).toEqual([0, null]);
}, 30_000);
