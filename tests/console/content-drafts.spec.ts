/**
 * Drafts, previews, schedules and history in the console (issue 26), end to end on the console's stack, as a
 * `content` person: a page written as a draft moves no content version and starts no build, its signed preview
 * (opened from the editor) shows it while its address answers 404, and an altered or expired link answers 401; a
 * page scheduled 20 s ahead is live within 60 s of its time with nobody signed in, and unpublishing takes it off
 * again after the rebuild; a version restored from the history is a new draft with the old text.
 */
import { createHmac } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { browserHeaders } from './support/people.ts';
import { liveWithCurrentContent } from './support/builds.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('content') });

const SITE = 'site_id=3';
const SEGMENT = 'diy-filler';

/** A slug and a title no other run of the spec has used. */
function fresh(label: string) {
  const n = `${Date.now() % 10_000_000}${Math.floor(Math.random() * 100)}`;
  return { slug: `${label}-${n}`, title: `${label.replaceAll('-', ' ')} ${n}` };
}

async function contentVersion(request: APIRequestContext): Promise<unknown> {
  const answer = await request.get(`${consoleStack.backofficeURL}/api/v1/content-version?${SITE}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data;
}

/** The build the storefront serves: where the `current` symlink of the builds folder points. */
const currentBuild = () => readlinkSync(path.join(consoleStack.buildsDir, 'current'));

/** PREVIEW_TOKEN as the stack has it: not set in its environment, so `npm start` keeps it in DATA_DIR's secrets. */
function previewToken(): string {
  const secrets = JSON.parse(readFileSync(path.join(consoleStack.dataDir, 'secrets.json'), 'utf8')) as {
    PREVIEW_TOKEN?: string;
  };
  return process.env.PREVIEW_TOKEN || secrets.PREVIEW_TOKEN!;
}

/** A preview link's signature, as the back-office makes it (HMAC-SHA256 of the id and the expiry, in hex). */
function sign(id: number, exp: number): string {
  return createHmac('sha256', previewToken()).update(`preview:${id}:${exp}`).digest('hex');
}

/** No serious or critical accessibility issue on the screen. */
async function expectAccessible(page: Page) {
  // A notice still fading in (the snackbar after a save) is half transparent: axe would measure its contrast then.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Writes a new page on the console's form and saves it as a draft; answers its id. */
async function writeDraft(page: Page, slug: string, title: string, text: string): Promise<number> {
  await page.goto('/admin/content-pages/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await page.getByRole('textbox', { name: 'Text of section 1' }).fill(text);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/content-pages\/\d+$/, { timeout: 15_000 });
  await expect(page.getByLabel('Status: Draft')).toBeVisible();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

/** Polls the storefront's answer at `address` until it is `status` (the rebuilds take their time). */
async function expectAnswer(shop: APIRequestContext, address: string, status: number, timeout: number) {
  await expect
    .poll(async () => (await shop.get(address, { maxRedirects: 0 })).status(), {
      timeout,
      intervals: [1_000],
    })
    .toBe(status);
}

async function signedInPage(browser: Browser) {
  const context = await browser.newContext({
    storageState: signedInAs('content'),
    baseURL: consoleStack.backofficeURL,
  });
  return { context, page: await context.newPage() };
}

/** `date` as a datetime-local input takes it in UK time, to the second. */
function ukInput(date: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

test('a draft moves nothing live; its signed preview shows it, an altered or expired link answers 401', async ({
  page,
  playwright,
}) => {
  // A build a spec before this one started must not count as this draft's.
  await liveWithCurrentContent(page.request);
  const versionBefore = await contentVersion(page.request);
  const buildBefore = currentBuild();
  const { slug, title } = fresh('draft-page');
  const id = await writeDraft(page, slug, title, 'Only the preview shows this text.');
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  try {
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await preview.waitForURL(/\/preview\/\d+\?/);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText('Only the preview shows this text.')).toBeVisible();
    await expectAnswer(shop, `/${SEGMENT}/${slug}`, 404, 5_000);

    const link = new URL(preview.url());
    const sig = link.searchParams.get('sig')!;
    link.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
    expect((await shop.get(link.pathname + link.search)).status()).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `/preview/${id}?sig=${sign(id, past)}&exp=${past}`;
    expect((await shop.get(expired)).status()).toBe(401);
    await preview.close();

    // Seconds later still: no content version move, no build.
    expect(await contentVersion(page.request)).toEqual(versionBefore);
    expect(currentBuild()).toBe(buildBefore);
  } finally {
    await shop.dispose();
  }
});

test('a page scheduled 20 s ahead goes live with nobody signed in; unpublishing takes it off', async ({
  browser,
  playwright,
}) => {
  // Two storefront builds (up to 60 s each) and the 20 s to the scheduled time.
  test.setTimeout(180_000);
  const { slug, title } = fresh('scheduled-page');
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  try {
    const first = await signedInPage(browser);
    const id = await writeDraft(first.page, slug, title, 'Published by the schedule.');
    const at = new Date(Date.now() + 20_000);
    await first.page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Schedule' });
    await dialog.getByRole('textbox', { name: 'Publish at (UK time)', exact: true }).fill(ukInput(at));
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await expect(dialog).toBeHidden();
    await expect(first.page.getByLabel(/^Status: Scheduled \d+ \w+ \d\d:\d\d$/)).toBeVisible();
    await first.context.close();

    await expect
      .poll(async () => (await shop.get(`/${SEGMENT}/${slug}`)).status(), {
        timeout: at.getTime() + 60_000 - Date.now(),
        intervals: [1_000],
      })
      .toBe(200);
    expect(await (await shop.get(`/${SEGMENT}/${slug}`)).text()).toContain(title);

    const second = await signedInPage(browser);
    await second.page.goto(`/admin/content-pages/${id}`);
    await expect(second.page.getByLabel('Status: Published')).toBeVisible();
    await second.page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(second.page.getByLabel('Status: Draft')).toBeVisible();
    await second.context.close();
    await expectAnswer(shop, `/${SEGMENT}/${slug}`, 404, 60_000);
  } finally {
    await shop.dispose();
  }
});

test('a version restored from the history is a new draft with the old text', async ({ page, browser }) => {
  const { slug, title } = fresh('restored-page');
  const id = await writeDraft(page, slug, title, 'The first wording.');
  const text = page.getByRole('textbox', { name: 'Text of section 1' });
  await text.fill('A second wording.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^Version \d+ · last changed/)).not.toHaveText(/^Version 1 /);
  const saved = (await (await page.request.get(`/api/v1/staff/content/page/${id}?${SITE}`)).json()).data;

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/history/page/${id}$`));
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await expect(versions.first()).toContainText('second wording');
  await expectAccessible(page);
  const oldest = versions.last();
  await oldest.getByRole('button', { name: /^Restore as draft/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore as draft' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/content-pages/${id}$`));
  await expect(text).toHaveText('The first wording.');
  await expect(page.getByLabel('Status: Draft')).toBeVisible();
  const restored = (await (await page.request.get(`/api/v1/staff/content/page/${id}?${SITE}`)).json()).data;
  expect(restored.version).toBeGreaterThan(saved.version);
  expect(restored.status).toBe('draft');
  await expectAccessible(page);

  // Someone else saves meanwhile: the next save says so, keeps what was typed, and goes onto their version.
  const other = await page.request.patch(`/api/v1/staff/content/page/${id}?${SITE}`, {
    headers: browserHeaders,
    data: { version: restored.version, extract: 'Saved elsewhere.' },
  });
  expect(other.status(), await other.text()).toBe(200);
  const summary = page.getByRole('textbox', { name: 'Summary' });
  await summary.fill('Typed here.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'This page changed meanwhile' });
  await expect(conflict).toBeVisible();
  await expect(summary).toHaveValue('Typed here.');
  await conflict.getByRole('button', { name: 'Keep my changes on their version' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByText(`Version ${restored.version + 2} · last changed`, { exact: false }),
  ).toBeVisible();
  await expect(summary).toHaveValue('Typed here.');

  // Someone who reads content without changing it sees the page and its history, and no control that writes.
  const reader = await browser.newContext({
    storageState: signedInAs('read_only'),
    baseURL: consoleStack.backofficeURL,
  });
  const readOnly = await reader.newPage();
  await readOnly.goto(`/admin/content-pages/${id}`);
  await expect(readOnly.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(readOnly.getByRole('link', { name: 'History' })).toBeVisible();
  for (const name of ['Save draft', 'Publish now', 'Schedule']) {
    await expect(readOnly.getByRole('button', { name })).toHaveCount(0);
  }
  await reader.close();
});
