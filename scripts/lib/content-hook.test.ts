import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSecret } from '@plasterwick/shop-rules/secrets';
import { startContentHook, type ContentHookServer } from './content-hook.ts';

describe('the content hook', () => {
  const secret = generateSecret();
  let hook: ContentHookServer | undefined;
  afterEach(async () => {
    await hook?.close();
    hook = undefined;
  });

  async function started() {
    const onChange = vi.fn();
    hook = await startContentHook({ secret, onChange });
    return { onChange, url: hook.url };
  }

  it('listens on the loopback interface on a free port', async () => {
    const { url } = await started();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/content-changed$/);
  });

  it('accepts a POST with the secret (202) and calls onChange once per call', async () => {
    const { onChange, url } = await started();
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    expect(response.status).toBe(202);
    await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: '{"x":1}' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('refuses a missing or wrong secret with 401, without calling onChange', async () => {
    const { onChange, url } = await started();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${secret.slice(1)}` },
      { authorization: `Bearer ${secret}x` },
      { authorization: secret },
      { authorization: 'Bearer ' },
    ]) {
      expect((await fetch(url, { method: 'POST', headers })).status).toBe(401);
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it('answers 405 to another method and 404 to another path', async () => {
    const { onChange, url } = await started();
    const authorization = `Bearer ${secret}`;
    const get = await fetch(url, { headers: { authorization } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const other = await fetch(new URL('/other', url), { method: 'POST', headers: { authorization } });
    expect(other.status).toBe(404);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('will not start with a secret that is not a real one', async () => {
    await expect(startContentHook({ secret: '', onChange: () => {} })).rejects.toThrow(
      "the content hook's secret is not set",
    );
    await expect(startContentHook({ secret: 'short', onChange: () => {} })).rejects.toThrow(
      'must be at least 32 characters',
    );
  });
});
