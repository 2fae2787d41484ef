/**
 * The console's first load stays small: the entry script of dist/index.html and every chunk it imports statically
 * (Vite's manifest lists them) weigh at most 600 KB of gzip, and every screen but the sign-in page is a chunk of
 * its own, fetched only when shown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { consoleStack } from './support/stack.ts';

const FIRST_LOAD_BUDGET = 600 * 1024;
const dist = path.join(consoleStack.root, 'backoffice/console/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = (): Manifest => JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** The files a first visit downloads: index.html's entry and its static imports, transitively. */
function firstLoadFiles(): string[] {
  const chunks = manifest();
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFile = /<script type="module"[^>]*src="\/admin\/([^"]+)"/.exec(html)?.[1];
  const entryKey = Object.keys(chunks).find((key) => chunks[key]!.file === entryFile);
  expect(entryKey, `the entry script of index.html (${entryFile}) is in the manifest`).toBeDefined();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunks[key]!.imports ?? []) visit(imported);
  };
  visit(entryKey!);
  return [...seen].map((key) => chunks[key]!.file);
}

/** The screens loaded on demand (React.lazy in App.tsx), by their source file. */
const LAZY_SCREENS = [
  'src/screens/SetupPage.tsx',
  'src/screens/InvitationPage.tsx',
  'src/screens/EnrolPage.tsx',
  'src/screens/RecoveryCodesPage.tsx',
  'src/screens/ResetPage.tsx',
  'src/screens/Dashboard.tsx',
  'src/screens/MySessions.tsx',
  'src/people/PeopleList.tsx',
  'src/people/PersonEdit.tsx',
  'src/people/InvitationList.tsx',
  'src/people/InvitationCreate.tsx',
  'src/orders/OrderList.tsx',
  'src/orders/OrderShow.tsx',
  'src/orders/InvoiceList.tsx',
];

test('the first load is at most 600 KB of JavaScript, gzip', () => {
  const files = firstLoadFiles();
  const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file))).length }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  test.info().annotations.push({ type: 'first load', description: `${(total / 1024).toFixed(1)} KB gzip` });
  expect(total, sizes.map(({ file, gzip }) => `${file}: ${gzip} B`).join('\n')).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET,
  );
});

test('every screen but the sign-in page is loaded on demand', () => {
  const chunks = manifest();
  const first = new Set(firstLoadFiles());
  for (const screen of LAZY_SCREENS) {
    const chunk = chunks[screen];
    expect(chunk?.isDynamicEntry, `${screen} is its own chunk, imported dynamically`).toBe(true);
    expect(first.has(chunk!.file), `${screen} is not part of the first load`).toBe(false);
  }
});

test('opening the sign-in page downloads the first load and no other screen', async ({ page }) => {
  const lazyFiles = new Set(LAZY_SCREENS.map((screen) => manifest()[screen]!.file));
  const scripts: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.replace('/admin/', ''));
  });
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
  expect(scripts.filter((file) => lazyFiles.has(file))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
});
