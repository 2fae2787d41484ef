/**
 * Build status and rollback (issue 26), end to end on the console's stack. The test adds as many products as the
 * catalogue has through the API and waits for the good build that holds them; deleting them again (more than half
 * of the products) makes a build the shrink guard of scripts/build.ts refuses: the build with them keeps serving and
 * the Builds screen shows the refusal's message. A `content` person rolls back to the build before them in the
 * console: the shop serves it within seconds (their pages are gone). A content change then builds from the current
 * content again, and that build is good: the catalogue is exactly as the other specs expect it.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { buildStatus, liveWithCurrentContent } from './support/builds.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('content') });

const SITE = 'site_id=3';
const key = { 'x-api-key': consoleStack.apiKey! };

/** A GTIN-13 with its check digit. */
function gtin13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test('a build refused by the shrink guard leaves the old build serving; a rollback serves the previous one', async ({
  page,
  playwright,
}) => {
  // Three storefront builds (two good, one refused at once) on top of the console steps.
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL: consoleStack.backofficeURL });
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  const created: number[] = [];
  let previous: string | undefined;
  let done = false;
  try {
    const before = await liveWithCurrentContent(api);
    previous = before.current!.id;
    const count = before.current!.contents!.products;

    // As many products again (one more): a good build holds them.
    const list = await api.get(`/api/v1/staff/products?${SITE}&perPage=1&availability=both`, {
      headers: key,
    });
    const [model] = (await list.json()).data.items as { id: number }[];
    const source = (
      await (await api.get(`/api/v1/staff/products/${model!.id}?${SITE}`, { headers: key })).json()
    ).data as {
      category_ids: number[];
      plans: { plan_id: number }[];
      packs: { quantity: number; unit: string; prices: object[] }[];
    };
    const run = String(Date.now() % 1_000_000).padStart(6, '0');
    const slugs: string[] = [];
    const adds = Array.from({ length: count + 1 }, (_, i) => i);
    for (let start = 0; start < adds.length; start += 20) {
      await Promise.all(
        adds.slice(start, start + 20).map(async (i) => {
          const name = `Rollback check filler ${run} ${i}`;
          const answer = await api.post(`/api/v1/product?${SITE}`, {
            headers: key,
            data: {
              reference: `RB-${run}-${i}`,
              name,
              category_ids: source.category_ids,
              plans: source.plans.map(({ plan_id }) => ({ plan_id })),
              variants: [
                {
                  reference: `RB-${run}-${i}-1`,
                  label: '1 kg',
                  gtin: gtin13(`5${run}${String(i).padStart(5, '0')}`),
                  quantity: source.packs[0]!.quantity,
                  unit: source.packs[0]!.unit,
                  prices: source.packs[0]!.prices,
                },
              ],
            },
          });
          expect(answer.status(), await answer.text()).toBe(201);
          const data = (await answer.json()).data as { id: number; slug?: string };
          created.push(data.id);
          slugs.push(data.slug ?? name.toLowerCase().replace(/\s+/g, '-'));
        }),
      );
    }
    const added = await liveWithCurrentContent(api, 180_000);
    expect(added.current!.contents!.products).toBe(2 * count + 1);
    const checkPage = `/diy-filler/product/${slugs[0]}`;
    await expect.poll(async () => (await shop.get(checkPage)).status(), { timeout: 15_000 }).toBe(200);

    // Deleting them again: more than half the products. The build is refused; the build with them still serves.
    await Promise.all(
      created.splice(0).map(async (id) => {
        const answer = await api.delete(`/api/v1/product?${SITE}&id=${id}`, { headers: key });
        expect(answer.status(), await answer.text()).toBe(200);
      }),
    );
    await expect
      .poll(async () => (await buildStatus(api)).state, { timeout: 60_000, intervals: [1_000] })
      .toBe('failed');
    const refused = (await buildStatus(api)).newest!;
    expect(refused.message).toMatch(/shrank below 50 %/);
    expect((await buildStatus(api)).build_id).toBe(added.current!.id);
    expect((await shop.get(checkPage)).status()).toBe(200);

    // The Builds screen says why; a rollback to the build before the additions.
    await page.goto('/admin/builds');
    await expect(page.getByRole('status', { name: 'Build status' })).toContainText('Failed');
    const failedRow = page.getByRole('row', { name: new RegExp(refused.id) });
    await expect(failedRow).toContainText('refusing a catalogue that shrank below 50 %');
    await expectNoSeriousA11yIssues(page);
    const previousRow = page.getByRole('row', { name: new RegExp(previous) });
    await previousRow.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByText('Rolled back')).toBeVisible();
    // Served within seconds: the added products' pages are gone again.
    await expect.poll(async () => (await shop.get(checkPage)).status(), { timeout: 15_000 }).toBe(404);
    await expect(page.getByRole('status', { name: 'Build status' })).toContainText('Live since', {
      timeout: 15_000,
    });
    expect((await buildStatus(api)).build_id).toBe(previous);

    // The next change builds from the current content (as many products as before): a good build.
    const redirect = await api.post(`/api/v1/staff/redirects?${SITE}`, {
      headers: key,
      data: { from: `/diy-filler/rollback-check-${run}`, to: '/diy-filler/contact' },
    });
    expect(redirect.status(), await redirect.text()).toBe(201);
    const after = await liveWithCurrentContent(api, 180_000);
    expect(after.current!.id).not.toBe(previous);
    expect(after.current!.contents!.products).toBe(count);
    done = true;
  } finally {
    // A failure half way: the products added are deleted and the build before them serves (the catalogue as it
    // was, and no build with them left for the shrink guard to compare with).
    for (const id of created) await api.delete(`/api/v1/product?${SITE}&id=${id}`, { headers: key });
    if (!done && previous) await api.post(`/api/v1/staff/builds/${previous}/rollback`, { headers: key });
    await api.dispose();
    await shop.dispose();
  }
});
