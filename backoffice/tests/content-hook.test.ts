/** The content-change hook: a committed staff write is announced to a real HTTP listener, with the secret. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contentHookNotifier } from '../src/lib/content-hook.ts';
import { productListResponse, productResponse } from '../src/modules/catalogue/schemas.ts';
import { API_KEY, createTestApp, q, type TestApp } from './helpers.ts';

const SECRET = 'h'.repeat(43);

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
}

/** A stand-in for the launcher's hook: records each request and answers 202. */
class HookListener {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];
  private server: Server = createServer((request: IncomingMessage, response) => {
    this.received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
    });
    request.resume();
    response.writeHead(202).end();
    for (const wake of this.waiters.splice(0)) wake();
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/content-changed`;
  }

  /** Resolves once `count` requests have arrived (rejects after 5 s). */
  async waitFor(count: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`the hook received ${this.received.length} of ${count}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('a back-office with a content hook', () => {
  let t: TestApp;
  const hook = new HookListener();

  beforeAll(async () => {
    const url = await hook.listen();
    t = await createTestApp({ contentHook: { url, secret: SECRET } });
  });
  afterAll(async () => {
    await t?.close();
    await hook.close();
  });

  it('announces a committed staff write with a POST carrying the secret, and nothing for reads', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/product?${q({ saleplan_id: 1 })}` });
    const product = productListResponse.parse(list.json()).data.items[0]!;
    expect(hook.received).toEqual([]);

    const shown = await t.app.inject({ url: `/api/v1/product/${product.id}?${q({ saleplan_id: 1 })}` });
    const { version } = productResponse.parse(shown.json()).data.items[0]!;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/product/${product.id}?${q()}`,
      headers: { 'x-api-key': API_KEY },
      payload: { version, name: `${product.name} (renamed)` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await hook.waitFor(1);
    expect(hook.received).toEqual([
      { method: 'POST', url: '/content-changed', authorization: `Bearer ${SECRET}` },
    ]);
  });

  it('sends nothing for a refused write', async () => {
    const before = hook.received.length;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/product?${q()}`,
      headers: { 'x-api-key': 'x'.repeat(43) },
      payload: { id: 1, name: 'Never stored' },
    });
    expect(refused.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.received.length).toBe(before);
  });
});

describe('the notifier', () => {
  it('only logs when the launcher is not there, and never throws into the write', async () => {
    const hook = new HookListener();
    const url = await hook.listen();
    await hook.close();
    const warn = vi.fn();
    const notify = contentHookNotifier({ url, secret: SECRET }, { warn });
    expect(() => notify()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(warn.mock.calls[0]![0]).toMatch(
      /^content hook http:\/\/127\.0\.0\.1:\d+\/content-changed failed: /,
    );
    expect(warn.mock.calls[0]![0]).not.toContain(SECRET);
  });

  it('logs a refusal by status', async () => {
    const server = createServer((_request, response) => response.writeHead(401).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content-changed`;
    const warn = vi.fn();
    contentHookNotifier({ url, secret: SECRET }, { warn })();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(`content hook ${url} answered 401`));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('its configuration', () => {
  it('is off unless CONTENT_HOOK_URL is set', () => {
    expect(loadConfig({}).contentHook).toBeUndefined();
  });

  it('takes a loopback URL and a real secret', () => {
    const url = 'http://127.0.0.1:4100/content-changed';
    expect(loadConfig({ CONTENT_HOOK_URL: url, CONTENT_HOOK_SECRET: SECRET }).contentHook).toEqual({
      url,
      secret: SECRET,
    });
  });

  it('refuses a hook off this machine, a missing or weak secret, and a secret without a URL', () => {
    expect(() =>
      loadConfig({ CONTENT_HOOK_URL: 'http://10.0.0.5:4100/content-changed', CONTENT_HOOK_SECRET: SECRET }),
    ).toThrow('CONTENT_HOOK_URL: must be a loopback address');
    expect(() => loadConfig({ CONTENT_HOOK_URL: 'http://127.0.0.1:4100/content-changed' })).toThrow(
      'CONTENT_HOOK_SECRET: is not set (CONTENT_HOOK_URL is set)',
    );
    expect(() =>
      loadConfig({ CONTENT_HOOK_URL: 'http://localhost:4100/hook', CONTENT_HOOK_SECRET: 'short' }),
    ).toThrow('CONTENT_HOOK_SECRET: must be at least 32 characters');
    expect(() => loadConfig({ CONTENT_HOOK_SECRET: SECRET })).toThrow(
      'CONTENT_HOOK_URL: is not set (CONTENT_HOOK_SECRET is)',
    );
  });
});
