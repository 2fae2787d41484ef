/**
 * The catalogue spreadsheet in the console (issue 25): a `catalogue` person downloads the CSV export, changes one
 * price in it, sends it for a dry run that shows exactly that change, and applies it (the next export has the new
 * price); a file with a bad GTIN has its line and column named, no Apply button, and the catalogue is unchanged.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('catalogue') });

/** Opens the screen from the menu and downloads the export. */
async function downloadExport(page: Page): Promise<string[][]> {
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Spreadsheet' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue spreadsheet' }).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d\d-\d\d\.csv$/);
  return parse(await readFile((await download.path())!, 'utf8')) as string[][];
}

async function upload(page: Page, rows: string[][]) {
  await page.getByLabel('CSV file to import').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify(rows)),
  });
}

/** The catalogue as the API exports it now. */
async function currentExport(page: Page): Promise<string[][]> {
  const answer = await page.request.get('/api/v1/staff/catalogue/export.csv?site_id=3');
  expect(answer.ok()).toBe(true);
  return parse(await answer.text()) as string[][];
}

test('a CSV export with one price changed: the dry run shows exactly that change, then it is applied', async ({
  page,
}) => {
  const rows = await downloadExport(page);
  const price = rows[0]!.indexOf('trade_ex_vat');
  const row = rows[1]!;
  const was = row[price]!;
  const becomes = (Number(was) + 1).toFixed(2);
  row[price] = becomes;
  await upload(page, rows);

  await expect(page.getByRole('status').filter({ hasText: 'Dry run of catalogue.csv' })).toContainText(
    `${rows.length - 1} rows read: 1 pack would change and 0 packs be created (1 price, 1 product).`,
  );
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row')).toHaveCount(2);
  await expect(changes.getByRole('row').nth(1)).toHaveText(
    ['2', row[0]!, row[3]!, 'trade_ex_vat', `£${was}`, `£${becomes}`].join(''),
  );
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByText('Applied: 1 pack changed, 0 created.')).toBeVisible();
  const after = await currentExport(page);
  expect(after[1]![price]).toBe(becomes);
  expect(after.slice(2)).toEqual(rows.slice(2));
});

test('a CSV with a bad GTIN names its line and changes nothing', async ({ page }) => {
  const rows = await downloadExport(page);
  const gtin = rows[0]!.indexOf('gtin');
  const code = rows[3]![gtin]!;
  const wrong = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
  rows[3]![gtin] = wrong;
  rows[1]![rows[0]!.indexOf('trade_ex_vat')] = '999.99';
  await upload(page, rows);

  const errors = page.getByRole('table', { name: 'Errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toHaveText(`4gtinGTIN ${wrong} has a wrong check digit`);
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  rows[3]![gtin] = code;
  const unchanged = await currentExport(page);
  expect(unchanged[1]![rows[0]!.indexOf('trade_ex_vat')]).not.toBe('999.99');
  expect(unchanged.slice(2)).toEqual(rows.slice(2));
});
