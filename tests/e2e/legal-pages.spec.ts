/**
 * Legal pages read as a UK manufacturer's (terms of sale, privacy, cookies) and the brand is said to be fictional
 * once, in the footer's legal line, never in the terms.
 * Run: npx playwright test tests/e2e/legal-pages.spec.ts
 */
import { expect, test } from '@playwright/test';

const SEGMENTS = ['professional-filler', 'diy-filler'] as const;
const FICTIONAL = /Plasterwick is a fictional brand: this site is a demonstration/;

for (const seg of SEGMENTS) {
  test.describe(`legal pages (${seg})`, () => {
    test('terms of sale: consumer rights, cancellation, VAT, trade terms, liability and governing law', async ({
      page,
    }) => {
      await page.goto(`/${seg}/terms-of-sale`);
      const main = page.locator('main');
      for (const heading of [
        'Prices and VAT',
        'Delivery',
        'Your right to cancel (consumers)',
        'Faulty products (consumers)',
        'Trade accounts',
        'Our liability',
        'Complaints and governing law',
      ]) {
        await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(main).toContainText('Consumer Rights Act 2015');
      await expect(main).toContainText(
        'Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013',
      );
      await expect(main).toContainText('within 14 days of the day you');
      await expect(main).toContainText('prices shown to consumers include VAT');
      await expect(main).toContainText('trade prices are shown excluding VAT');
      await expect(main).toContainText('usually 30 days from the date of invoice');
      await expect(main).toContainText('governed by the law of England and Wales');
      await expect(main).not.toContainText(/fictional|demonstration/i);
    });

    test('privacy policy: UK GDPR, what each feature collects, how long, and the ICO', async ({ page }) => {
      await page.goto(`/${seg}/privacy-policy`);
      const main = page.locator('main');
      await expect(main).toContainText('UK General Data Protection Regulation (UK GDPR)');
      await expect(main).toContainText('Data Protection Act 2018');
      await expect(main).toContainText('Information Commissioner’s Office (ICO)');
      for (const item of [
        'Contact, jobsite support and training forms',
        'Basket',
        'Checkout and orders',
        'Customer accounts',
      ]) {
        await expect(main.getByRole('listitem').filter({ hasText: item }).first()).toBeVisible();
      }
      await expect(main.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeVisible();
      await expect(main).toContainText('six years after the end of the financial year');
      await expect(main).not.toContainText(/fictional/i);
    });

    test('cookie policy: names the cookies and storage keys the site really sets', async ({ page }) => {
      await page.goto(`/${seg}/cookie-policy`);
      const main = page.locator('main');
      for (const name of [
        'cc_cookie',
        'pw_session',
        'pw_auth',
        'plasterwick:basket',
        'plasterwick:favorites',
      ]) {
        await expect(main.getByRole('listitem').filter({ hasText: name }).first()).toBeVisible();
      }
      await expect(main).toContainText('Privacy and Electronic Communications Regulations (PECR)');
      await expect(main).not.toContainText(/fictional/i);
    });

    test('the footer says once that the brand is fictional', async ({ page }) => {
      await page.goto(`/${seg}/terms-of-sale`);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(FICTIONAL)).toHaveCount(1);
      await expect(footer.getByText(FICTIONAL)).toBeVisible();
      await expect(page.getByText(FICTIONAL)).toHaveCount(1);
    });
  });
}
