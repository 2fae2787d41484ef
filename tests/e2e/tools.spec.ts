/**
 * Quantity calculator and stockist locator on the production build, both audiences, desktop and mobile projects.
 * Expected answers come from the seeded back-office (its API, asked directly) and the pure optimiser.
 * Run: npx playwright test tests/e2e/tools.spec.ts
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cheapestPackMix } from '../../src/features/calculator/packs.ts';
import { quantityNeeded } from '../../src/features/calculator/quantity.ts';
import { formatDecimal, formatPrice } from '../../src/lib/format.ts';
import { e2e } from './support/harness.ts';

type Audience = 'pro' | 'part';
const AUDIENCE_CASES: { audience: Audience; segment: string; plan: number }[] = [
  { audience: 'pro', segment: 'professional-filler', plan: 1 },
  { audience: 'part', segment: 'diy-filler', plan: 2 },
];

interface VariantDto {
  reference: string;
  label: string;
  quantity: number;
  unit: string;
  price: { ex_vat: number; inc_vat: number };
}
interface ProductDto {
  id: number;
  name: string;
  slug: string;
  caracteristics: Record<string, { number?: number } | undefined>;
  variants: VariantDto[];
}
interface StockistDto {
  name: string;
  type: string;
  distance_km: number;
}

async function backoffice<T>(path: string, plan: number): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1${path}${separator}site_id=3&lang=en&saleplan_id=${plan}`,
  );
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A product of the plan with a consumption rate, a maximum thickness and at least two packs sold by weight. */
async function calculableProduct(plan: number) {
  const { items } = await backoffice<{ items: ProductDto[] }>('/product?perPage=100', plan);
  const product = items.find(
    (item) =>
      item.caracteristics.consumption?.number &&
      item.caracteristics.max_thickness?.number &&
      item.variants.filter((variant) => variant.unit === 'kg').length >= 2,
  );
  expect(product, 'the seed has a calculable product').toBeDefined();
  return product!;
}

/** Waits until the React island of `component` has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, component: string) {
  await expect(page.locator(`astro-island[component-url*="${component}"]:not([ssr])`)).toHaveCount(1);
}

/**
 * `document.activeElement` is the element. (Playwright's toBeFocused also wants the window to have focus, which
 * a background page of a parallel run does not.)
 */
async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true);
}

for (const { audience, segment, plan } of AUDIENCE_CASES) {
  test.describe(`quantity calculator (${audience})`, () => {
    test('asks for every field, refuses zero and over-large values, warns above the maximum thickness', async ({
      page,
    }) => {
      const product = await calculableProduct(plan);
      await page.goto(`/${segment}/quantity-calculator`);
      await hydrated(page, 'Calculator');
      await expect(page.getByRole('heading', { level: 1, name: 'Quantity calculator' })).toBeVisible();

      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Field required: Product')).toBeVisible();
      await expect(page.getByText('Field required: Surface area (m²)')).toBeVisible();
      await expect(page.getByText('Field required: Thickness (mm)')).toBeVisible();
      await expectFocused(page.getByLabel('Product', { exact: true }));

      await page.getByLabel('Product', { exact: true }).selectOption(String(product.id));
      await page.getByLabel('Surface area (m²)').fill('0');
      await page.getByLabel('Thickness (mm)').fill('100000');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Please enter a number greater than 0.')).toBeVisible();
      await expect(page.getByText('Please enter a number no larger than 100.')).toBeVisible();
      await expect(page.getByTestId('pack-mix')).toHaveCount(0);

      const max = product.caracteristics.max_thickness!.number!;
      await page.getByLabel('Thickness (mm)').fill(String(max + 5));
      await expect(page.getByRole('status').filter({ hasText: `more than the ${max} mm` })).toBeVisible();
    });

    test('works out the cheapest packs in words and adds them to the basket', async ({ page }) => {
      const product = await calculableProduct(plan);
      const consumption = product.caracteristics.consumption!.number!;
      const packs = product.variants.filter((variant) => variant.unit === 'kg');
      const required = quantityNeeded(20, 3, consumption).requiredGrams;
      const mix = cheapestPackMix(
        packs.map((variant) => ({
          reference: variant.reference,
          grams: Math.round(variant.quantity * 1000),
          pence: variant.price.inc_vat,
        })),
        required,
      )!;
      const byReference = (reference: string) => packs.find((variant) => variant.reference === reference)!;
      const parts = mix.lines.map((line) => `${line.count} × ${byReference(line.pack.reference).label}`);
      const words = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
      const total = mix.lines.reduce((sum, line) => {
        const price = byReference(line.pack.reference).price;
        return sum + (audience === 'pro' ? price.ex_vat : price.inc_vat) * line.count;
      }, 0);

      // The link a product page carries preselects the product.
      await page.goto(`/${segment}/quantity-calculator?product=${product.id}`);
      await hydrated(page, 'Calculator');
      await expect(page.getByLabel('Product', { exact: true })).toHaveValue(String(product.id));
      await page.getByLabel('Surface area (m²)').fill('20');
      await page.getByLabel('Thickness (mm)').fill('3');
      await page.getByRole('button', { name: 'Calculate' }).click();

      await expect(
        page.getByText(`Total to buy: at least ${formatDecimal(required / 1000)} kg`),
      ).toBeVisible();
      await expect(page.getByTestId('pack-mix')).toHaveText(
        `${words} = ${formatDecimal(mix.totalGrams / 1000)} kg for ${formatPrice(total)}`,
      );

      await page.getByRole('button', { name: 'Add these packs to the basket' }).click();
      await expect(page.getByText(`${mix.packCount} packs added to your basket`)).toBeVisible();
      // The packs are in the server cart (the header's basket counts them; the stored cart mirrors its lines).
      await expect(page.getByRole('banner').getByRole('link', { name: /^Basket\b/ })).toHaveAccessibleName(
        `Basket, ${mix.packCount} ${mix.packCount === 1 ? 'item' : 'items'}`,
      );
      const cart = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('plasterwick:basket') ?? '{}') as {
            products: { productId: number; reference: string; quantity: number }[];
          },
      );
      expect(
        cart.products.map(({ productId, reference, quantity }) => ({ productId, reference, quantity })),
      ).toEqual(
        mix.lines.map((line) => ({
          productId: product.id,
          reference: line.pack.reference,
          quantity: line.count,
        })),
      );
    });

    test('takes small jobs: half a square metre at half a millimetre, typed with commas', async ({
      page,
    }) => {
      const product = await calculableProduct(plan);
      await page.goto(`/${segment}/quantity-calculator?product=${product.id}`);
      await hydrated(page, 'Calculator');
      await page.getByLabel('Surface area (m²)').fill('0,5');
      await page.getByLabel('Thickness (mm)').fill('0,5');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Please enter a value of 1 or more.')).toHaveCount(0);
      await expect(page.getByText(/^0,5 m² × 0[,.]5 mm × /)).toBeVisible();
      await expect(page.getByTestId('pack-mix')).toBeVisible();
    });

    test('a product page links to the calculator with the product chosen', async ({ page }) => {
      const product = await calculableProduct(plan);
      await page.goto(`/${segment}/product/${product.slug}`);
      await page.getByRole('link', { name: 'Calculate the quantity you need' }).click();
      await expect(page).toHaveURL(`/${segment}/quantity-calculator?product=${product.id}`);
      await hydrated(page, 'Calculator');
      await expect(page.getByLabel('Product', { exact: true })).toHaveValue(String(product.id));
    });

    test('takes walls minus openings', async ({ page }) => {
      const product = await calculableProduct(plan);
      await page.goto(`/${segment}/quantity-calculator?product=${product.id}`);
      await hydrated(page, 'Calculator');
      await page.getByRole('radio', { name: 'Wall by wall' }).check();
      await page.getByLabel('Wall 1 length (m)').fill('4');
      await page.getByLabel('Wall 1 height (m)').fill('2,5');
      await page.getByRole('button', { name: 'Add a wall' }).click();
      await page.getByLabel('Wall 2 length (m)').fill('3');
      await page.getByLabel('Wall 2 height (m)').fill('2.5');
      await page.getByRole('button', { name: 'Add an opening' }).click();
      await page.getByLabel('Opening 1 width (m)').fill('0.9');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Field required: Opening 1 height (m)')).toBeVisible();
      await page.getByLabel('Opening 1 height (m)').fill('2');
      await page.getByLabel('Thickness (mm)').fill('2');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText(/^15,7 m² × 2 mm × /)).toBeVisible();
      await expect(page.getByTestId('pack-mix')).toBeVisible();
    });
  });

  test.describe(`stockist locator (${audience})`, () => {
    const path = `/${segment}/where-to-find-our-products`;
    // 50 miles, perPage 50: what the island asks for.
    const expectedNames = async (where: string, type?: string) => {
      const { items } = await backoffice<{ items: StockistDto[] }>(
        `/store-locator?${where}&radius=80.47&perPage=50${type ? `&type=${type}` : ''}`,
        plan,
      );
      return items.map((item) => item.name);
    };
    const finder = (page: Page) => page.getByRole('search', { name: 'Find a stockist' });
    const list = (page: Page) => page.getByRole('list', { name: 'Stockists, nearest first' });
    const names = (page: Page) => list(page).getByRole('heading', { level: 3 });

    test.beforeEach(async ({ page }) => {
      // The list is the primary UI: it must work fully without map tiles.
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    });

    test('finds stockists by full postcode, nearest first, with phone, hours and directions', async ({
      page,
    }) => {
      const expected = await expectedNames('postcode=M1%201AE');
      expect(expected.length).toBeGreaterThan(1);
      // The seed stocks some shops for one audience only, so matching this plan's answer proves the filter.
      const otherPlan = await backoffice<{ items: StockistDto[] }>(
        '/store-locator?postcode=M1%201AE&radius=80.47&perPage=50',
        plan === 1 ? 2 : 1,
      );
      expect(otherPlan.items.map((item) => item.name)).not.toEqual(expected);
      await page.goto(path);
      await hydrated(page, 'Stockists');
      await page.getByLabel('Postcode or town').fill('m1 1ae');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();

      await expect(page.getByRole('heading', { level: 2, name: /^Stockists near M/ })).toBeVisible();
      await expect(names(page)).toHaveText(expected.map((name, i) => `${i + 1}. ${name}`));
      const miles = (await list(page).locator('.stockist__distance').allTextContents()).map((text) =>
        Number.parseFloat(text),
      );
      expect(miles).toEqual([...miles].sort((a, b) => a - b));

      const first = list(page).getByRole('listitem').first();
      await expect(first.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+44\d{9,10}$/);
      await expect(first.getByRole('link', { name: /^Directions to / })).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
      );
      await expect(first.getByRole('heading', { level: 4, name: 'Opening hours' })).toBeVisible();
      await expect(first.locator('address')).toContainText('M');
      // The map is progressive: it still draws one numbered marker per stockist without tiles.
      await expect(page.locator('.stockist-marker')).toHaveCount(expected.length);
      await expect(page.getByText(/Open Government Licence v3\.0/)).toBeVisible();
    });

    test('finds stockists by district and by town, and filters by type', async ({ page }) => {
      await page.goto(path);
      await hydrated(page, 'Stockists');
      const search = page.getByLabel('Postcode or town');

      await search.fill('LS1');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(names(page)).toHaveText(
        (await expectedNames('postcode=LS1')).map((name, i) => `${i + 1}. ${name}`),
      );

      await search.fill('Leeds');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Stockists near Leeds' })).toBeVisible();
      await expect(names(page)).toHaveText(
        (await expectedNames('town=Leeds')).map((name, i) => `${i + 1}. ${name}`),
      );

      await page.getByLabel('Type of stockist').selectOption('builders_merchant');
      const merchants = await expectedNames('town=Leeds', 'builders_merchant');
      expect(merchants.length).toBeGreaterThan(0);
      await expect(names(page)).toHaveText(merchants.map((name, i) => `${i + 1}. ${name}`));
      for (const type of await list(page).locator('.stockist__type').allTextContents()) {
        expect(type).toBe("Builders' merchant");
      }

      await search.fill('ZZ9 9ZZ');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('We do not know the postcode “ZZ9 9ZZ”');
      await search.fill('');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('Field required: postcode or town')).toBeVisible();
    });

    test('uses the location the browser gives', async ({ page, context }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 53.4794, longitude: -2.2453 });
      const expected = await expectedNames('lat=53.4794&lng=-2.2453');
      await page.goto(path);
      await hydrated(page, 'Stockists');
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Stockists near your location' }),
      ).toBeVisible();
      await expect(names(page)).toHaveText(expected.map((name, i) => `${i + 1}. ${name}`));
    });

    test('says what distances are measured from, and keeps the results when location is refused', async ({
      page,
      context,
    }) => {
      const { origin } = await backoffice<{ origin: { label: string; precision: string } }>(
        '/store-locator?postcode=M1%201AE&radius=80.47&perPage=50',
        plan,
      );
      const expected = await expectedNames('postcode=M1%201AE');
      await context.clearPermissions();
      await page.goto(path);
      await hydrated(page, 'Stockists');
      await page.getByLabel('Postcode or town').fill('M1 1AE');
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Stockists near M1 1AE' })).toBeVisible();
      // The seed knows postcode areas only: M1 1AE is measured from the centre of area M, and the line says so.
      expect(origin).toMatchObject({ label: 'M', precision: 'area' });
      await expect(
        page.getByText(
          'Distances are from the centre of postcode area M: we do not have the exact position of M1 1AE.',
        ),
      ).toBeVisible();
      await expect(names(page)).toHaveText(expected.map((name, i) => `${i + 1}. ${name}`));

      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect(page.getByRole('alert')).toHaveText(/^Location access error/);
      await expect(page.getByRole('heading', { level: 2, name: 'Stockists near M1 1AE' })).toBeVisible();
      await expect(names(page)).toHaveText(expected.map((name, i) => `${i + 1}. ${name}`));
      // The next search clears the refusal message.
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(names(page)).toHaveCount(expected.length);
    });

    test('explains a refused location', async ({ page, context }) => {
      await context.clearPermissions();
      await page.goto(path);
      await hydrated(page, 'Stockists');
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect(page.getByRole('alert')).toHaveText(/^Location access error/);
    });
  });
}
