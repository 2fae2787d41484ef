import { describe, expect, it } from 'vitest';
import { botCheckCspSources, CSP_SOURCES, withSources } from './csp.ts';

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

describe('botCheckCspSources', () => {
  it('adds nothing for ALTCHA, the default: its widget and worker are files of the site', () => {
    expect(botCheckCspSources({ RECAPTCHA_SCRIPT_URL: SCRIPT_URL })).toEqual({});
    expect(
      botCheckCspSources({
        RECAPTCHA_SITE_KEY: '',
        RECAPTCHA_SECRET: false,
        RECAPTCHA_SCRIPT_URL: SCRIPT_URL,
      }),
    ).toEqual({});
  });

  it('adds what reCAPTCHA v3 needs once its site key or its secret is set', () => {
    const expected = {
      'script-src': ['https://www.google.com', 'https://www.gstatic.com'],
      'frame-src': ['https://www.google.com'],
    };
    expect(botCheckCspSources({ RECAPTCHA_SITE_KEY: 'key', RECAPTCHA_SCRIPT_URL: SCRIPT_URL })).toEqual(
      expected,
    );
    expect(botCheckCspSources({ RECAPTCHA_SECRET: true, RECAPTCHA_SCRIPT_URL: SCRIPT_URL })).toEqual(
      expected,
    );
  });

  it("takes the script's origin from RECAPTCHA_SCRIPT_URL (a stub in tests, recaptcha.net where Google is blocked)", () => {
    const sources = botCheckCspSources({
      RECAPTCHA_SITE_KEY: 'key',
      RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4999/recaptcha/api.js?hl=en',
    });
    expect(sources['script-src']).toEqual(['http://127.0.0.1:4999', 'https://www.gstatic.com']);
  });
});

describe('withSources', () => {
  it('appends the extra sources to their directives, once each, and leaves the base unchanged', () => {
    const merged = withSources(CSP_SOURCES, {
      'script-src': ['https://www.google.com', "'self'"],
      'frame-src': ['https://www.google.com'],
    });
    expect(merged['script-src']).toEqual([...CSP_SOURCES['script-src'], 'https://www.google.com']);
    expect(merged['frame-src']).toEqual([...CSP_SOURCES['frame-src'], 'https://www.google.com']);
    expect(merged['img-src']).toBe(CSP_SOURCES['img-src']);
    expect(CSP_SOURCES['script-src']).not.toContain('https://www.google.com');
    expect(withSources(CSP_SOURCES)).toEqual(CSP_SOURCES);
  });
});
