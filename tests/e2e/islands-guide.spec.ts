/**
 * Selector guide modal (spec §4) on the production build, both audiences, desktop and mobile: opened from the home
 * page button and from the menu item `guide_de_choix`, questions in order, later fields disabled and cleared,
 * submit only when complete, the choice-guide URL, keyboard-only use, focus handling and axe on the open modal.
 * Run: npx playwright test tests/e2e/islands-guide.spec.ts
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const PLAN = { pro: 1, part: 2 } as const;

interface GuideQuestion {
  technical_name: string;
  label: string;
  data: { value: string; label: string }[];
}

/** The back-office's guide questions for a plan and the answers so far (what the modal must show). */
async function questions(audience: keyof typeof PLAN, answers: Record<string, string> = {}) {
  const query = new URLSearchParams({
    site_id: '3',
    saleplan_id: String(PLAN[audience]),
    guide_de_choix: '1',
  });
  if (Object.keys(answers).length > 0) query.set('caracteristics', JSON.stringify(answers));
  const response = await fetch(`${e2e.backofficeURL}/api/v1/filters-products?${query}`);
  return ((await response.json()) as { data: { items: GuideQuestion[] } }).data.items;
}

function home(audience: keyof typeof SEGMENT) {
  return audience === 'pro' ? '/' : `/${SEGMENT[audience]}`;
}

for (const audience of ['pro', 'part'] as const) {
  test.describe(`${audience} selector guide`, () => {
    test('questions in order; later fields wait, clear and reload; submit leads to the choice-guide route', async ({
      page,
    }) => {
      const expected = await questions(audience);
      expect(expected.length).toBeGreaterThan(1);
      await page.goto(home(audience));
      const opener = page.locator('main [data-open-selector-guide]').first();
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Product selector guide' });
      await expect(dialog).toBeVisible();

      const selects = dialog.getByRole('combobox');
      await expect(selects).toHaveCount(expected.length);
      for (const [index, question] of expected.entries()) {
        await expect(dialog.getByLabel(question.label)).toBeVisible();
        if (index > 0) await expect(selects.nth(index)).toBeDisabled();
      }
      const submit = dialog.getByRole('button', { name: 'See matching products' });
      await expect(submit).toBeDisabled();
      await expectNoSeriousA11yIssues(page, 'dialog');

      // Answer every question with its first option, checking each next field's options come from the API.
      const answers: Record<string, string> = {};
      for (const [index, question] of expected.entries()) {
        const select = selects.nth(index);
        await expect(select).toBeEnabled();
        const asked = await questions(audience, answers);
        const options = asked.find((q) => q.technical_name === question.technical_name)?.data ?? [];
        expect(options.length).toBeGreaterThan(0);
        await expect(select.locator('option:not([value=""])')).toHaveCount(options.length);
        const first = options[0];
        if (!first) throw new Error('no option');
        await select.selectOption(first.value);
        answers[question.technical_name] = first.value;
        if (index < expected.length - 1) await expect(submit).toBeDisabled();
      }
      await expect(submit).toBeEnabled();

      // Changing the first answer clears every later one and disables the fields after the next.
      const firstQuestion = expected[0];
      const secondOption = firstQuestion?.data[1];
      if (!firstQuestion || !secondOption) throw new Error('first question needs two options');
      await selects.nth(0).selectOption(secondOption.value);
      for (let index = 1; index < expected.length; index++) await expect(selects.nth(index)).toHaveValue('');
      await expect(selects.nth(1)).toBeEnabled();
      if (expected.length > 2) await expect(selects.nth(2)).toBeDisabled();
      await expect(submit).toBeDisabled();

      // Complete again and submit: the modal closes and the URL carries base64url (no padding) JSON.
      const final: Record<string, string> = { [firstQuestion.technical_name]: secondOption.value };
      for (let index = 1; index < expected.length; index++) {
        const select = selects.nth(index);
        await expect(select).toBeEnabled();
        await expect(select.locator('option:not([value=""])').first()).toBeAttached();
        const value = await select.locator('option:not([value=""])').first().getAttribute('value');
        if (!value) throw new Error('no option');
        await select.selectOption(value);
        final[expected[index]?.technical_name ?? ''] = value;
      }
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`/${SEGMENT[audience]}/choice-guide/[A-Za-z0-9_-]+$`));
      await expect(dialog).toHaveCount(0);
      const segment = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect(segment).not.toContain('=');
      expect(JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))).toEqual(final);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('offers only answers that still lead to a product (issue 30: Wood, then a job, then a finish)', async ({
      page,
    }) => {
      const all = await questions(audience);
      await page.goto(home(audience));
      await page.locator('main [data-open-selector-guide]').first().click();
      const dialog = page.getByRole('dialog', { name: 'Product selector guide' });
      const selects = dialog.getByRole('combobox');
      await expect(selects).toHaveCount(all.length);
      await selects.first().selectOption({ label: 'Wood' });
      const answers: Record<string, string> = { [all[0]!.technical_name]: 'wood' };
      let narrowed = false;
      for (let index = 1; index < all.length; index++) {
        const question = all[index]!;
        const offered = (await questions(audience, answers)).find(
          (q) => q.technical_name === question.technical_name,
        )!.data;
        expect(offered.length).toBeGreaterThan(0);
        narrowed ||= offered.length < question.data.length;
        const select = selects.nth(index);
        await expect(select.locator('option:not([value=""])')).toHaveText(offered.map((o) => o.label));
        // The last answer offered: the path the shopper of the issue took (its last job, then Textured).
        const last = offered.at(-1)!;
        await select.selectOption(last.value);
        answers[question.technical_name] = last.value;
      }
      expect(narrowed, 'the seed narrows a later question after Wood').toBe(true);
      await dialog.getByRole('button', { name: 'See matching products' }).click();
      await expect(page).toHaveURL(/\/choice-guide\/[A-Za-z0-9_-]+$/);
      await expect(page.getByText(/^[1-9]\d* products?$/).first()).toBeVisible();
    });

    test('keyboard only: open, answer, Escape closes and focus returns to the opener', async ({ page }) => {
      await page.goto(home(audience));
      const opener = page.locator('main [data-open-selector-guide]').first();
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Product selector guide' });
      await expect(dialog).toBeVisible();
      // The first focusable element of the modal has focus, and Tab stays inside the modal.
      const focusInside = () => page.evaluate(() => !!document.activeElement?.closest('dialog'));
      expect(await focusInside()).toBe(true);
      for (let step = 0; step < 6; step++) {
        await page.keyboard.press('Tab');
        expect(await focusInside()).toBe(true);
      }
      const first = dialog.getByRole('combobox').first();
      await first.focus();
      await expect(first.locator('option:not([value=""])').first()).toBeAttached();
      await page.keyboard.press('ArrowDown');
      await expect(first).not.toHaveValue('');
      await expect(dialog.getByRole('combobox').nth(1)).toBeEnabled();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });

    test('the landing page lists the questions in order and its button opens the modal', async ({ page }) => {
      const expected = await questions(audience);
      await page.goto(`/${SEGMENT[audience]}/choice-guide`);
      await expect(page.getByRole('heading', { level: 1, name: 'Find the right filler' })).toBeVisible();
      const items = page.locator('main ol li strong');
      await expect(items).toHaveText(expected.map((question) => question.label));
      await page.getByRole('button', { name: 'Start the selector guide' }).click();
      const dialog = page.getByRole('dialog', { name: 'Product selector guide' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('combobox')).toHaveCount(expected.length);
    });

    test('the menu item opens the same modal', async ({ page, isMobile }) => {
      await page.goto(`/${SEGMENT[audience]}/news`);
      if (isMobile) await page.getByRole('button', { name: 'Open the menu' }).click();
      const item = page.locator('#site-nav [data-open-selector-guide]').first();
      await item.click();
      const dialog = page.getByRole('dialog', { name: 'Product selector guide' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('combobox').first()).toBeEnabled();
      await dialog.getByRole('button', { name: 'Close the selector guide' }).click();
      await expect(dialog).toHaveCount(0);
    });
  });
}
