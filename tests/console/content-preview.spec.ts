/**
 * Drafts and their signed preview (issue 26), end to end on the console's stack: a `content` person's new page
 * is a draft (the content version does not move); its preview link shows it on the storefront, rendered as the
 * live page would be, while its live address answers 404; an altered link answers 401. A FAQ entry's preview shows
 * it on the FAQ page among the live questions.
 */
import { expect, test, type Page } from '@playwright/test';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('content') });

/** A staff call with the content person's session, as the console's own page makes it. */
async function staff(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const response = await page.request.fetch(`${consoleStack.backofficeURL}/api/v1${path}?site_id=3`, {
    method,
    headers: { origin: new URL(consoleStack.consoleURL).origin, 'sec-fetch-site': 'same-origin' },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

const contentVersion = async (page: Page) => {
  const response = await page.request.get(`${consoleStack.backofficeURL}/api/v1/content-version?site_id=3`);
  return (await response.json()).data.version as number;
};

test('a draft page shows through its signed preview link only; an altered link is refused', async ({
  page,
}) => {
  const slug = `draft-preview-${Date.now() % 1_000_000}`;
  const before = await contentVersion(page);
  const draft = await staff(page, 'POST', '/staff/content/page', {
    slug,
    title: 'Lime mortar for old brick',
    extract: 'Why old brick needs a soft mortar.',
    blocks: [{ kind: 'text', text: '<p>Cement traps moisture in soft brick.</p>' }],
  });
  expect(draft.status).toBe('draft');
  expect(await contentVersion(page)).toBe(before);

  const link = await staff(page, 'POST', `/staff/content/page/${draft.id}/preview-link`);
  expect(link.url).toMatch(
    new RegExp(`^${consoleStack.shopURL}/preview/${draft.id}\\?sig=[0-9a-f]{64}&exp=\\d+$`),
  );
  const shown = await page.goto(link.url);
  expect(shown?.status()).toBe(200);
  expect(shown?.headers()['cache-control']).toContain('no-store');
  expect(shown?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lime mortar for old brick');
  await expect(page.getByText('Cement traps moisture in soft brick.')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Preview');

  const live = await page.request.get(`${consoleStack.shopURL}/professional-filler/${slug}`, {
    maxRedirects: 0,
  });
  expect(live.status()).toBe(404);

  const altered = link.url.replace(
    /sig=([0-9a-f])/,
    (_: string, c: string) => `sig=${c === '0' ? '1' : '0'}`,
  );
  const refused = await page.goto(altered);
  expect(refused?.status()).toBe(401);
  await expect(page.getByText('You are not authorised to see this page')).toBeVisible();
  expect(await contentVersion(page)).toBe(before);
});

test('a draft FAQ entry previews on the FAQ page among the live questions', async ({ page }) => {
  const faq = await staff(page, 'POST', '/staff/content/faq', {
    question: 'Can lime plaster go over plasterboard?',
    answer: '<p>Only with a bonding coat first.</p>',
  });
  const link = await staff(page, 'POST', `/staff/content/faq/${faq.id}/preview-link`);
  expect((await page.goto(link.url))?.status()).toBe(200);
  await expect(page.getByText('Can lime plaster go over plasterboard?')).toBeVisible();
  const live = (
    await page.request.get(`${consoleStack.backofficeURL}/api/v1/faq?site_id=3&perPage=100`)
  ).json();
  const questions = ((await live).data.items as { question: string }[]).map((f) => f.question);
  expect(questions.length).toBeGreaterThan(0);
  await expect(page.getByText(questions[0]!, { exact: true })).toBeVisible();
});
