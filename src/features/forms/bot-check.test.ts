import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api/client.ts';
import { getBotCheckChallenge } from '../../lib/api/bot-check.ts';
import {
  BOT_CHECK_MESSAGES,
  BotCheckError,
  errorReason,
  executeFailed,
  executeRecaptcha,
  loadRecaptcha,
  recaptchaAction,
  recaptchaProblem,
  recaptchaScriptSrc,
  stillValid,
  type Grecaptcha,
  type ScriptHost,
} from './bot-check.ts';

describe('the spec §8 messages', () => {
  it('says what is missing before loading anything', () => {
    expect(recaptchaProblem({ siteKey: null, version: '3' })).toBe('No key provided');
    expect(recaptchaProblem({ siteKey: '', version: '3' })).toBe('No key provided');
    expect(recaptchaProblem({ siteKey: 'key', version: '2' })).toBe('No version provided');
    expect(recaptchaProblem({ siteKey: 'key', version: '' })).toBe('No version provided');
    expect(recaptchaProblem({ siteKey: 'key', version: '3' })).toBeUndefined();
  });

  it('appends the reason to "Failed to execute"', () => {
    expect(executeFailed('timed out')).toBe('ReCaptcha error: Failed to execute (timed out)');
    expect(BOT_CHECK_MESSAGES.loadFailed).toBe('ReCaptcha error: Failed to load script');
    expect(errorReason(new Error(' Invalid site key '))).toBe('Invalid site key');
    expect(errorReason('boom')).toBe('boom');
    expect(errorReason(null)).toBe('unknown error');
    expect(errorReason(undefined)).toBe('unknown error');
    expect(errorReason({ toString: () => 'odd' })).toBe('odd');
    expect(errorReason('x'.repeat(500))).toHaveLength(200);
  });
});

describe('reCAPTCHA v3', () => {
  it('loads the configured script with render={site key}', () => {
    expect(recaptchaScriptSrc('https://www.google.com/recaptcha/api.js', 'my key')).toBe(
      'https://www.google.com/recaptcha/api.js?render=my+key',
    );
    expect(recaptchaScriptSrc('https://www.recaptcha.net/recaptcha/api.js?hl=en', 'k')).toBe(
      'https://www.recaptcha.net/recaptcha/api.js?hl=en&render=k',
    );
    expect(recaptchaScriptSrc('/stub/api.js?render=old', 'k', 'https://shop.test/contact')).toBe(
      'https://shop.test/stub/api.js?render=k',
    );
  });

  it('turns form names into actions reCAPTCHA accepts, as the back-office does', () => {
    expect(recaptchaAction('contact')).toBe('contact');
    expect(recaptchaAction('construction-starts')).toBe('construction_starts');
    expect(recaptchaAction('training-registration')).toBe('training_registration');
    expect(recaptchaAction('a/b_c.d e')).toBe('a/b_c_d_e');
  });

  const grecaptcha = (execute: Grecaptcha['execute'], ready = (callback: () => void) => callback()) => ({
    ready,
    execute,
  });

  it('executes the action once reCAPTCHA is ready and resolves its token', async () => {
    const execute = vi.fn(async () => 'the-token');
    let ready: (() => void) | undefined;
    const pending = executeRecaptcha(
      grecaptcha(execute, (callback) => (ready = callback)),
      'key',
      'contact',
    );
    expect(execute).not.toHaveBeenCalled();
    ready!();
    await expect(pending).resolves.toBe('the-token');
    expect(execute).toHaveBeenCalledWith('key', { action: 'contact' });
  });

  it.each([
    [
      'a rejection',
      () => Promise.reject(new Error('Invalid site key or not loaded')),
      'Invalid site key or not loaded',
    ],
    ['a rejection with nothing', () => Promise.reject(null), 'unknown error'],
    [
      'a throw',
      () => {
        throw new Error('bad action');
      },
      'bad action',
    ],
    ['no token', () => Promise.resolve(''), 'no token'],
  ])('reports %s as "Failed to execute (reason)"', async (_case, execute, reason) => {
    const pending = executeRecaptcha(grecaptcha(execute as Grecaptcha['execute']), 'key', 'contact');
    await expect(pending).rejects.toThrow(new BotCheckError(executeFailed(reason)));
  });

  it('gives up when reCAPTCHA never gets ready', async () => {
    const pending = executeRecaptcha(
      grecaptcha(
        async () => 't',
        () => {},
      ),
      'key',
      'contact',
      20,
    );
    await expect(pending).rejects.toThrow('ReCaptcha error: Failed to execute (timed out)');
  });

  /** A document whose script elements load or fail as told. */
  function scriptHost(outcome: 'load' | 'error' | 'never') {
    const scripts: (EventTarget & { src: string; async: boolean; removed: boolean })[] = [];
    const host = {
      createElement: () => {
        const script = Object.assign(new EventTarget(), { src: '', async: false, removed: false });
        return Object.assign(script, { remove: () => (script.removed = true) });
      },
      head: {
        append: (script: (typeof scripts)[number]) => {
          scripts.push(script);
          if (outcome !== 'never') setTimeout(() => script.dispatchEvent(new Event(outcome)), 1);
        },
      },
    };
    return { host: host as unknown as ScriptHost, scripts };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('loads the script and hands over grecaptcha', async () => {
    const fake = grecaptcha(async () => 't');
    vi.stubGlobal('grecaptcha', fake);
    const { host, scripts } = scriptHost('load');
    await expect(loadRecaptcha('https://www.google.com/recaptcha/api.js?render=k', host)).resolves.toBe(fake);
    expect(scripts).toMatchObject([{ src: 'https://www.google.com/recaptcha/api.js?render=k', async: true }]);
  });

  it.each([
    ['fails to load', 'error'],
    ['loads without defining grecaptcha', 'load'],
    ['never loads', 'never'],
  ] as const)('says "Failed to load script" when the script %s, and removes it', async (_case, outcome) => {
    const { host, scripts } = scriptHost(outcome);
    await expect(loadRecaptcha('https://stub.test/api.js', host, 30)).rejects.toThrow(
      new BotCheckError('ReCaptcha error: Failed to load script'),
    );
    expect(scripts[0]?.removed).toBe(true);
  });
});

describe('an ALTCHA payload', () => {
  it('is sent only while its challenge has more than the margin to live', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(stillValid(now + 10 * 60_000, now)).toBe(true);
    expect(stillValid(now + 20_000, now)).toBe(false);
    expect(stillValid(now - 1, now)).toBe(false);
    expect(stillValid(now + 5_000, now, 1_000)).toBe(true);
  });
});

describe('the challenge call', () => {
  const client = (body: unknown) =>
    new ApiClient({
      origin: 'https://shop.test',
      planId: () => 1,
      fetch: async () =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    });

  it('keeps an ALTCHA challenge whole (its signature covers every parameter)', async () => {
    const challenge = {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: 'ab',
        salt: 'cd',
        cost: 1000,
        keyLength: 32,
        keyPrefix: 'ef',
        keySignature: '01',
        expiresAt: 1_800_000_000,
        future: { kept: true },
      },
      signature: '99',
    };
    expect(await getBotCheckChallenge(client({ data: { provider: 'altcha', challenge } }))).toEqual({
      provider: 'altcha',
      challenge,
      expiresAt: 1_800_000_000_000,
    });
  });

  it('maps the reCAPTCHA settings', async () => {
    const data = { provider: 'recaptcha', site_key: null, version: '3', script_url: 'https://x.test/api.js' };
    expect(await getBotCheckChallenge(client({ data }))).toEqual({
      provider: 'recaptcha',
      siteKey: null,
      version: '3',
      scriptUrl: 'https://x.test/api.js',
    });
  });
});

describe('solveBotCheck with reCAPTCHA', () => {
  let settings: { site_key: string | null; version: string };
  let requests = 0;

  beforeEach(() => {
    vi.resetModules();
    requests = 0;
    vi.doMock('../site/island-api.ts', () => ({
      islandApi: () =>
        new ApiClient({
          origin: 'https://shop.test',
          planId: () => 1,
          fetch: async () => {
            requests += 1;
            const data = { provider: 'recaptcha', script_url: 'https://stub.test/api.js', ...settings };
            return new Response(JSON.stringify({ data }), {
              headers: { 'content-type': 'application/json' },
            });
          },
        }),
    }));
    vi.stubGlobal('window', { location: { href: 'https://shop.test/contact' } });
  });
  afterEach(() => {
    vi.doUnmock('../site/island-api.ts');
    vi.unstubAllGlobals();
  });

  /** The module afresh (its prepared state), in a page whose script elements load or fail as told. */
  async function load(outcome: 'load' | 'error') {
    const appended: string[] = [];
    vi.stubGlobal('document', {
      createElement: () => Object.assign(new EventTarget(), { src: '', async: false, remove: () => {} }),
      head: {
        append: (script: EventTarget & { src: string }) => {
          appended.push(script.src);
          setTimeout(() => script.dispatchEvent(new Event(outcome)), 1);
        },
      },
    });
    return { botCheck: await import('./bot-check.ts'), appended };
  }

  it.each([
    [{ site_key: null, version: '3' }, 'No key provided'],
    [{ site_key: 'key', version: '2' }, 'No version provided'],
  ])('refuses with the spec message and loads no script (%o)', async (given, message) => {
    settings = given;
    const { botCheck, appended } = await load('load');
    botCheck.prepareBotCheck();
    await expect(botCheck.solveBotCheck('contact')).rejects.toThrow(new BotCheckError(message));
    expect(appended).toEqual([]);
  });

  it('prepares once, then gets a token per submission for the form action', async () => {
    settings = { site_key: 'key', version: '3' };
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    vi.stubGlobal('grecaptcha', { ready: (callback: () => void) => callback(), execute });
    const { botCheck, appended } = await load('load');
    botCheck.prepareBotCheck();
    botCheck.prepareBotCheck();
    expect(await botCheck.solveBotCheck('construction-starts')).toBe('token-for-construction_starts');
    expect(await botCheck.solveBotCheck('contact')).toBe('token-for-contact');
    expect(appended).toEqual(['https://stub.test/api.js?render=key']);
    expect(requests).toBe(1);
  });

  it('says "Failed to load script", and tries the script again on the next submission', async () => {
    settings = { site_key: 'key', version: '3' };
    const { botCheck, appended } = await load('error');
    await expect(botCheck.solveBotCheck('contact')).rejects.toThrow('ReCaptcha error: Failed to load script');
    await expect(botCheck.solveBotCheck('contact')).rejects.toThrow('ReCaptcha error: Failed to load script');
    expect(appended).toHaveLength(2);
  });
});
