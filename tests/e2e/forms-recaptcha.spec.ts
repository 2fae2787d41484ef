/**
 * The reCAPTCHA v3 adapter of the forms, in the browser: the back-office's challenge answer names reCAPTCHA (as it
 * does when RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET are set), and its script URL points at a stub served by the test
 * on the page's own origin (so the build's CSP allows it). The spec's messages (§8) appear above the form, nothing
 * typed is lost, and a working script's token travels in `bot_check` with the form's action.
 */
import { expect, test, type Page, type Route } from '@playwright/test';

const STUB = '/recaptcha-stub.js';

/** A stub of Google's script: `ready` runs at once, `execute` resolves or rejects as told. */
const stubScript = (execute: string) =>
  `window.grecaptcha = { ready: (callback) => callback(), execute: ${execute} };`;

async function answerChallenge(page: Page, data: Record<string, unknown>) {
  await page.route('**/api/v1/bot-check/challenge**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'cache-control': 'no-store' },
      body: JSON.stringify({ data: { provider: 'recaptcha', version: '3', script_url: STUB, ...data } }),
    }),
  );
}

async function serveStub(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route(`**${STUB}?**`, answer);
}

async function fillAndSend(page: Page) {
  await page.goto('/diy-filler/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('First name').fill('Ann');
  await form.getByLabel('Last name').fill('Lee');
  await form.getByLabel('Email address').fill('ann.lee@example.co.uk');
  await form.getByLabel('Subject').fill('Coverage of the fine filler');
  await form.getByLabel('Your message').fill('How many m² does a 1 kg tub cover?');
  await form.getByRole('checkbox', { name: 'I have read the privacy notice' }).check();
  await form.getByRole('button', { name: 'Send my message' }).click();
  return form;
}

async function expectRefusedWith(page: Page, message: string | RegExp) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByRole('alert')).toHaveText(message, { timeout: 20_000 });
  await expect(form.getByLabel('Your message')).toHaveValue('How many m² does a 1 kg tub cover?');
}

test.describe('reCAPTCHA v3 adapter', () => {
  test('no site key: "No key provided", and no script is loaded', async ({ page }) => {
    let loaded = false;
    await answerChallenge(page, { site_key: null });
    await serveStub(page, async (route) => {
      loaded = true;
      await route.fulfill({ contentType: 'text/javascript', body: stubScript('async () => "t"') });
    });
    await fillAndSend(page);
    await expectRefusedWith(page, 'No key provided');
    expect(loaded).toBe(false);
  });

  test('a version other than 3: "No version provided"', async ({ page }) => {
    await answerChallenge(page, { site_key: 'site-key', version: '2' });
    await fillAndSend(page);
    await expectRefusedWith(page, 'No version provided');
  });

  test('the script cannot load: "ReCaptcha error: Failed to load script"', async ({ page }) => {
    await answerChallenge(page, { site_key: 'site-key' });
    await serveStub(page, (route) => route.fulfill({ status: 404, body: 'not here' }));
    await fillAndSend(page);
    await expectRefusedWith(page, 'ReCaptcha error: Failed to load script');
  });

  test('execute fails: "ReCaptcha error: Failed to execute …"', async ({ page }) => {
    await answerChallenge(page, { site_key: 'site-key' });
    await serveStub(page, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: stubScript('async () => { throw new Error("invalid site key"); }'),
      }),
    );
    await fillAndSend(page);
    await expectRefusedWith(page, /^ReCaptcha error: Failed to execute/);
  });

  test('a working script: its token is sent in bot_check for the form', async ({ page }) => {
    await answerChallenge(page, { site_key: 'site-key' });
    await serveStub(page, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: stubScript('async (key, options) => `token-${key}-${options.action}`'),
      }),
    );
    let sent: Record<string, unknown> | undefined;
    await page.route('**/api/v1/contact?**', async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"data":{"id":1}}' });
    });
    await fillAndSend(page);
    await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible({
      timeout: 20_000,
    });
    expect(sent?.bot_check).toBe('token-site-key-contact');
  });
});
