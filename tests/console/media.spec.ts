/**
 * A product's pictures in the console (issue 25): a `catalogue` person uploads a picture without alt text and is
 * refused beside the field; with alt text it is stored, and after the rebuild the static product page shows it with
 * that alt text. The picture is then moved first with the keyboard (its order control) and the page's layout stays
 * usable; the API refuses the same upload without alt text too.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('catalogue') });

const SHOP_QUERY = 'site_id=3&lang=en&client=web&saleplan_id=2';
const DIY = 'diy-filler';
const ALT_REQUIRED = 'Please describe the picture for people who cannot see it (alt text)';

test('a picture without alt text is refused; with it, it is on the product page after the rebuild', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  const listed = await shop.get(`/api/v1/product?${SHOP_QUERY}&perPage=1`);
  expect(listed.ok()).toBe(true);
  const { id, slug } = (await listed.json()).data.items[0] as { id: number; slug: string };
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3c78b4' } })
    .png()
    .toBuffer();
  const file = { name: 'patched-wall.png', mimeType: 'image/png', buffer: png };

  await page.goto(`/admin/products/${id}/media`);
  await expect(page.getByRole('heading', { level: 1, name: /^Pictures and documents: / })).toBeVisible();
  const upload = page.getByRole('form', { name: 'Upload a picture' });
  await upload.getByLabel(/^Picture file/).setInputFiles(file);
  await upload.getByRole('button', { name: 'Upload picture' }).click();
  const altField = upload.getByRole('textbox', { name: 'Alt text' });
  await expect(altField).toHaveAccessibleDescription(ALT_REQUIRED);
  await expect(altField).toHaveAttribute('aria-invalid', 'true');

  const alt = `A patched wall, sanded smooth (${Date.now()})`;
  await altField.fill(alt);
  await upload.getByRole('button', { name: 'Upload picture' }).click();
  const pictures = page.getByRole('list', { name: 'Pictures in order' }).getByRole('listitem');
  const added = pictures.filter({ has: page.getByRole('img', { name: alt }) });
  await expect(added).toHaveCount(1);

  // Its order control, by keyboard: focused and pressed, it moves one place up.
  const before = await pictures.count();
  const upButton = page.getByRole('button', { name: `Move ${alt} up` });
  await upButton.focus();
  await page.keyboard.press('Enter');
  await expect(pictures.nth(before - 2).getByRole('img', { name: alt })).toBeVisible();

  await expect
    .poll(
      async () => {
        const response = await shop.get(`/${DIY}/product/${slug}`);
        return response.ok() ? await response.text() : '';
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toContain(`alt="${alt.replace(/&/g, '&amp;')}"`);
});
