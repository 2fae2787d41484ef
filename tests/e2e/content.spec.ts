/**
 * Content pages of both audiences against the production build: how-to guides, FAQ, news and articles, careers
 * (static, filtered on demand, job pages, careers-enquiry), downloads, technical documentation, the sitemap page,
 * CMS pages and the service pages (contact, jobsite support, confirmation), each swept with axe; plus
 * sitemap.xml and robots.txt over plain HTTP.
 * Run: npx playwright test tests/e2e/content.spec.ts
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const AUDIENCES = ['pro', 'part'] as const;
type Audience = (typeof AUDIENCES)[number];

interface BackofficePage {
  slug: string;
  title: string;
  type: 'cms' | 'actualite' | 'job';
  audiences: Audience[];
  published_at: string | null;
  job?: { contract: string };
}

async function backoffice<T>(path: string): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${e2e.backofficeURL}/api/v1${path}${separator}site_id=3`);
  if (!response.ok) throw new Error(`back-office ${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

async function pagesOf(type: BackofficePage['type'], audience: Audience): Promise<BackofficePage[]> {
  const { items } = await backoffice<{ items: BackofficePage[] }>(`/page?type=${type}&perPage=100`);
  return items
    .filter((page) => page.audiences.includes(audience))
    .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
}

function firstOf<T>(list: readonly T[]): T {
  const [first] = list;
  if (first === undefined) throw new Error('the seed has no entry of this kind');
  return first;
}

async function setting(code: string): Promise<string> {
  const settings = await backoffice<{ code: string; value: string }[]>('/setting');
  const value = settings.find((entry) => entry.code === code)?.value;
  if (!value) throw new Error(`setting ${code} missing`);
  return value;
}

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function structuredDataOfType(page: Page, type: string): Promise<Record<string, unknown>> {
  const match = (await structuredData(page)).find((block) => block['@type'] === type);
  if (!match) throw new Error(`no ${type} JSON-LD on ${page.url()}`);
  return match;
}

async function canonical(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

async function expectCrumbs(page: Page, labels: string[]) {
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveText(labels);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const vacancies = (count: number) => `${count} ${count === 1 ? 'vacancy' : 'vacancies'}`;

for (const audience of AUDIENCES) {
  const seg = SEGMENT[audience];
  const pro = (path: string) => `${e2e.baseURL}/${SEGMENT.pro}/${path}`;

  test.describe(`${audience} content pages`, () => {
    test('how-to guides: index and a type page', async ({ page }) => {
      await page.goto(`/${seg}/folder`);
      await expect(h1(page)).toHaveText('How-to guides');
      await expectCrumbs(page, ['Home', 'How-to guides']);
      expect(await canonical(page)).toBe(pro('folder'));
      await expectNoSeriousA11yIssues(page, 'main');

      const typeNav = page.getByRole('navigation', { name: 'Filter by type' });
      const typeLink = typeNav.getByRole('link').filter({ hasNotText: 'All' }).first();
      const typeLabel = (await typeLink.textContent())?.trim() ?? '';
      await typeLink.click();
      await expect(page).toHaveURL(new RegExp(`/${seg}/folder/type/[a-z0-9-]+$`));
      await expect(h1(page)).toHaveText(`How-to guides: ${typeLabel}`);
      await expectCrumbs(page, ['Home', 'How-to guides', typeLabel]);
      expect(await page.locator('main .content-card__title').count()).toBeGreaterThan(0);
    });

    test('how-to guide: steps, facts, products and HowTo data', async ({ page }) => {
      await page.goto(`/${seg}/folder`);
      const card = page.locator('main .content-card').first();
      const typeLabel = (await card.locator('.content-card__kicker').textContent())?.trim() ?? '';
      const guide = card.locator('.content-card__title a');
      const guideTitle = (await guide.textContent())?.trim() ?? '';
      await guide.click();
      await expect(h1(page)).toHaveText(guideTitle);
      await expectCrumbs(page, ['Home', 'How-to guides', typeLabel, guideTitle]);
      await expect(page.getByRole('heading', { name: 'Step by step' })).toBeVisible();
      await expect(page.getByText('Difficulty', { exact: true })).toBeVisible();
      await expect(page.getByText('Time needed', { exact: true })).toBeVisible();
      const products = page.getByRole('region', { name: 'Products used in this guide' });
      await expect(products.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`^/${seg}/product/`),
      );
      const howTo = await structuredDataOfType(page, 'HowTo');
      expect(howTo.name).toBe(guideTitle);
      expect((howTo.step as unknown[]).length).toBeGreaterThan(0);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('FAQ: questions as <details> that open and close with the keyboard, FAQPage data, tag page', async ({
      page,
    }) => {
      await page.goto(`/${seg}/frequently-asked-questions`);
      await expect(h1(page)).toHaveText('Frequently asked questions');
      await expectCrumbs(page, ['Home', 'Frequently asked questions']);
      expect(await canonical(page)).toBe(pro('frequently-asked-questions'));
      const questions = page.locator('main details');
      const count = await questions.count();
      expect(count).toBeGreaterThan(0);
      const faqPage = await structuredDataOfType(page, 'FAQPage');
      expect((faqPage.mainEntity as unknown[]).length).toBe(count);

      const first = questions.first();
      const answer = first.locator('.faq-item__answer');
      await expect(answer).toBeHidden();
      await first.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('open', '');
      await expect(answer).toBeVisible();
      expect((await answer.textContent())?.trim().length).toBeGreaterThan(10);
      await page.keyboard.press('Space');
      await expect(first).not.toHaveAttribute('open');
      await expectNoSeriousA11yIssues(page, 'main');

      const tagLink = page
        .getByRole('navigation', { name: 'Filter by topic' })
        .getByRole('link')
        .filter({ hasNotText: 'All' })
        .first();
      const tag = (await tagLink.textContent())?.trim() ?? '';
      await tagLink.click();
      await expect(h1(page)).toHaveText(`Frequently asked questions: ${tag}`);
      await expectCrumbs(page, ['Home', 'Frequently asked questions', tag]);
      const tagged = await page.locator('main details').count();
      expect(tagged).toBeGreaterThan(0);
      expect(tagged).toBeLessThanOrEqual(count);
    });

    test('news: newest first and a tag page', async ({ page }) => {
      const news = await pagesOf('actualite', audience);
      await page.goto(`/${seg}/news`);
      await expect(h1(page)).toHaveText('News');
      await expectCrumbs(page, ['Home', 'News']);
      const titles = page.locator('main .content-card__title');
      await expect(titles.first()).toHaveText(firstOf(news).title);
      await expect(titles).toHaveCount(news.length);
      await expectNoSeriousA11yIssues(page, 'main');

      const tagLink = page
        .getByRole('navigation', { name: 'Filter by topic' })
        .getByRole('link')
        .filter({ hasNotText: 'All' })
        .first();
      const tag = (await tagLink.textContent())?.trim() ?? '';
      await tagLink.click();
      await expect(h1(page)).toHaveText(`News: ${tag}`);
      await expectCrumbs(page, ['Home', 'News', tag]);
      await expect(page.locator('main .content-card__title').first()).toBeVisible();
    });

    test('news article: breadcrumb through News, NewsArticle data, search markers', async ({ page }) => {
      const latest = firstOf(await pagesOf('actualite', audience));
      await page.goto(`/${seg}/news`);
      await page.getByRole('link', { name: latest.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${seg}/${latest.slug}$`));
      await expect(h1(page)).toHaveText(latest.title);
      await expectCrumbs(page, ['Home', 'News', latest.title]);
      await expect(page.getByText(/^Published \d{1,2} \w+ \d{4}$/)).toBeVisible();
      const breadcrumb = await structuredDataOfType(page, 'BreadcrumbList');
      const items = breadcrumb.itemListElement as { name: string; item?: string; position: number }[];
      expect(items.map((item) => item.name)).toEqual(['Home', 'News', latest.title]);
      expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
      expect(items[1]?.item).toBe(`${e2e.baseURL}/${seg}/news`);
      const article = await structuredDataOfType(page, 'NewsArticle');
      expect(article.headline).toBe(latest.title);
      expect(await canonical(page)).toBe(pro(latest.slug));
      const body = page.locator('main article[data-pagefind-body]');
      await expect(body).toHaveAttribute('data-pagefind-filter', 'type:page');
      await expect(body.locator(`[data-pagefind-filter="audience:${audience}"]`)).toHaveCount(1);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('careers: vacancies and a filter rendered on demand', async ({ page }) => {
      const jobs = await pagesOf('job', audience);
      const permanent = jobs.filter((job) => job.job?.contract === 'permanent');
      await page.goto(`/${seg}/careers`);
      await expect(h1(page)).toHaveText('Careers');
      await expectCrumbs(page, ['Home', 'Careers']);
      await expect(page.locator('main').getByRole('status')).toHaveText(vacancies(jobs.length));
      await expectNoSeriousA11yIssues(page, 'main');

      const filters = page.getByRole('navigation', { name: 'Filter vacancies' });
      await filters.getByRole('link', { name: `Permanent (${permanent.length})` }).click();
      await expect(page).toHaveURL(new RegExp(`/${seg}/careers/CONTRACT__permanent$`));
      await expect(h1(page)).toHaveText('Careers: Permanent');
      await expectCrumbs(page, ['Home', 'Careers', 'Permanent']);
      await expect(page.locator('main').getByRole('status')).toHaveText(vacancies(permanent.length));
      await expect(page.locator('main .content-card__title')).toHaveCount(permanent.length);
      expect(await canonical(page)).toBe(pro('careers'));
      await expect(filters.getByRole('link', { name: 'Show all vacancies' })).toBeVisible();
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('careers: a job page goes through Careers and links to the enquiry page', async ({ page }) => {
      const job = firstOf(await pagesOf('job', audience));
      await page.goto(`/${seg}/careers`);
      await page.getByRole('link', { name: job.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${seg}/${job.slug}$`));
      await expect(h1(page)).toHaveText(job.title);
      await expectCrumbs(page, ['Home', 'Careers', job.title]);
      await expect(page.getByRole('heading', { name: 'Job details' })).toBeVisible();
      const posting = await structuredDataOfType(page, 'JobPosting');
      expect(posting.title).toBe(job.title);
      const breadcrumb = await structuredDataOfType(page, 'BreadcrumbList');
      const items = breadcrumb.itemListElement as { name: string }[];
      expect(items.map((item) => item.name)).toEqual(['Home', 'Careers', job.title]);
      await expectNoSeriousA11yIssues(page, 'main');
      await page
        .getByRole('link', { name: 'Read how to apply and what to include in your application.' })
        .click();
      // The application form opens with this job chosen.
      await expect(page).toHaveURL(new RegExp(`/${seg}/careers/careers-enquiry\\?vacancy=${job.slug}$`));
      await expect(page.getByRole('combobox', { name: 'Vacancy' }).locator('option:checked')).toHaveText(
        job.title,
      );
    });

    test('careers enquiry: how to apply, what to include, data protection, contact', async ({ page }) => {
      await page.goto(`/${seg}/careers/careers-enquiry`);
      await expect(h1(page)).toHaveText('Apply to Plasterwick');
      await expectCrumbs(page, ['Home', 'Careers', 'Apply to Plasterwick']);
      for (const heading of [
        'How to apply',
        'What to include',
        'Your personal data',
        'Questions about a vacancy?',
      ])
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(
        page
          .locator('main')
          .getByText(await setting('phone'))
          .first(),
      ).toBeVisible();
      await expectNoSeriousA11yIssues(page, 'main');
      const privacy = await page.getByRole('link', { name: 'Read our privacy policy' }).getAttribute('href');
      expect(privacy).toBe(`/${seg}/privacy-policy`);
      expect((await page.request.get(privacy ?? '', { maxRedirects: 0 })).status()).toBe(200);
    });

    test('careers: a bad filter path is the 404 page', async ({ page }) => {
      for (const path of ['SALARY__high', 'CONTRACT__permanent/_p__2', 'CONTRACT__']) {
        const response = await page.goto(`/${seg}/careers/${path}`);
        expect(response?.status(), path).toBe(404);
        await expect(h1(page)).toHaveText('This page could not be found');
      }
    });

    test('downloads list files with type, format and size', async ({ page }) => {
      await page.goto(`/${seg}/downloads`);
      await expect(h1(page)).toHaveText('Downloads');
      await expectCrumbs(page, ['Home', 'Downloads']);
      const rows = page.getByRole('table').getByRole('row');
      expect(await rows.count()).toBeGreaterThan(1);
      const file = page.getByRole('link', { name: /^Download .+ \(PDF, \d+ (KB|MB)\)$/ }).first();
      const href = await file.getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      // The generated catalogue and a brochure per range are listed with their sizes.
      for (const title of ['Product catalogue', 'Fillers brochure']) {
        await expect(
          page.getByRole('link', { name: new RegExp(`^Download ${title} \\(PDF, \\d+ KB\\)$`) }),
        ).toBeVisible();
      }
      await expectNoSeriousA11yIssues(page, 'main');
      await expect(page.getByRole('link', { name: 'See the technical documentation' })).toHaveAttribute(
        'href',
        `/${seg}/technical-documentation`,
      );
    });

    test('technical documentation and a type page', async ({ page }) => {
      await page.goto(`/${seg}/technical-documentation`);
      await expect(h1(page)).toHaveText('Technical documentation');
      await expectCrumbs(page, ['Home', 'Technical documentation']);
      // Every product has its own safety data sheet, listed beside its technical data sheet.
      await expect(
        page.getByRole('link', {
          name: /^Download Plasterwick Multi-Fill® Powder safety data sheet \(PDF, \d+ KB\)$/,
        }),
      ).toBeVisible();
      const all = await page.getByRole('table').getByRole('row').count();
      const typeLink = page
        .getByRole('navigation', { name: 'Filter by type' })
        .getByRole('link')
        .filter({ hasNotText: 'All' })
        .first();
      const type = (await typeLink.textContent())?.trim() ?? '';
      await typeLink.click();
      await expect(h1(page)).toHaveText(`Technical documentation: ${type}`);
      await expectCrumbs(page, ['Home', 'Technical documentation', type]);
      const typed = await page.getByRole('table').getByRole('row').count();
      expect(typed).toBeGreaterThan(1);
      expect(typed).toBeLessThan(all);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('sitemap page shows the back-office sections with working links', async ({ page }) => {
      const sections = await backoffice<{ items: { title: string }[] }>(
        `/sitemap?saleplan_id=${audience === 'pro' ? 1 : 2}`,
      );
      await page.goto(`/${seg}/sitemap`);
      await expect(h1(page)).toHaveText('Sitemap');
      await expectCrumbs(page, ['Home', 'Sitemap']);
      expect(sections.items.length).toBeGreaterThan(0);
      for (const section of sections.items)
        await expect(page.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible();
      await expectNoSeriousA11yIssues(page, 'main');
      await page
        .getByRole('heading', { level: 2, name: 'How-to guides' })
        .locator('..')
        .getByRole('link')
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/${seg}/folder/[a-z0-9-]+$`));
      await expect(page.getByRole('heading', { name: 'Step by step' })).toBeVisible();
    });

    test('legal CMS page: title, text blocks, canonical and search markers', async ({ page }) => {
      await page.goto(`/${seg}/terms-of-sale`);
      await expect(h1(page)).toHaveText('Terms of sale');
      await expectCrumbs(page, ['Home', 'Terms of sale']);
      expect(await page.locator('main .cms-prose').count()).toBeGreaterThan(0);
      expect(await canonical(page)).toBe(pro('terms-of-sale'));
      await expect(page.locator('main article[data-pagefind-body]')).toHaveAttribute(
        'data-pagefind-filter',
        'type:page',
      );
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('training page lists the upcoming courses with their registration state', async ({ page }) => {
      const { items } = await backoffice<{
        items: { title: string; starts_on: string; registration_open: boolean }[];
      }>('/training-session?perPage=100');
      const upcoming = items.filter((session) => Date.parse(session.starts_on) > Date.now());
      await page.goto(`/${seg}/training`);
      await expect(h1(page)).toHaveText('Training courses');
      const courses = page.getByRole('region', { name: 'Upcoming courses' });
      await expect(courses.getByRole('heading', { level: 3 })).toHaveCount(upcoming.length);
      await expect(
        courses.getByRole('heading', { level: 3, name: firstOf(upcoming).title }).first(),
      ).toBeVisible();
      const open = upcoming.filter((session) => session.registration_open).length;
      await expect(courses.getByText(/^Open until \d{1,2} \w+ \d{4}$/)).toHaveCount(open);
      await expect(courses.getByText('Closed', { exact: true })).toHaveCount(upcoming.length - open);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('contact states the customer-service hours and the phone number', async ({ page }) => {
      const phone = await setting('phone');
      await page.goto(`/${seg}/contact`);
      await expect(h1(page)).toHaveText('Contact us');
      await expectCrumbs(page, ['Home', 'Contact us']);
      await expect(page.locator('main').getByText('9am to 5pm, Monday to Friday').first()).toBeVisible();
      await expect(
        page
          .locator('main')
          .getByRole('link', { name: `Call ${phone}` })
          .first(),
      ).toHaveAttribute('href', `tel:${phone.replace(/\s/g, '')}`);
      await expect(page.locator('main')).not.toContainText(/coming soon/i);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('jobsite support states the 48-hour promise', async ({ page }) => {
      await page.goto(`/${seg}/jobsite-support`);
      await expect(h1(page)).toHaveText('Jobsite support');
      await expectCrumbs(page, ['Home', 'Jobsite support']);
      await expect(
        page
          .locator('main')
          .getByText(/handled within 48 hours/)
          .first(),
      ).toBeVisible();
      await expect(page.locator('main')).not.toContainText(/coming soon/i);
      await expectNoSeriousA11yIssues(page, 'main');
    });

    test('order confirmation explains what happens next and is not indexed', async ({ page }) => {
      await page.goto(`/${seg}/confirmation`);
      await expect(h1(page)).toHaveText('Order confirmation');
      await expectCrumbs(page, ['Home', 'Order confirmation']);
      await expect(page.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.locator('main')).not.toContainText(/coming soon/i);
      await expectNoSeriousA11yIssues(page, 'main');
    });
  });
}

test.describe('audience switch on single-audience content', () => {
  test("a guide of one audience switches to the other audience's guide index, never a missing page", async ({
    page,
  }) => {
    const { items } = await backoffice<{
      items: { entity_type: string; slug: string; exist_in: number[] }[];
    }>('/url');
    const proOnly = items.find((item) => item.entity_type === 'folder' && item.exist_in.join() === '1');
    const partOnly = items.find((item) => item.entity_type === 'folder' && item.exist_in.join() === '2');
    expect(proOnly && partOnly).toBeTruthy();
    const cases = [
      { slug: proOnly?.slug, from: SEGMENT.pro, to: SEGMENT.part, name: 'DIY' },
      { slug: partOnly?.slug, from: SEGMENT.part, to: SEGMENT.pro, name: 'Professional' },
    ];
    for (const { slug, from, to, name } of cases) {
      // The same guide does not exist in the other audience...
      expect((await page.request.get(`/${to}/folder/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
      // ...so the switch leads to that audience's guide index.
      expect((await page.goto(`/${from}/folder/${slug}`))?.status()).toBe(200);
      const switchLink = page
        .getByRole('navigation', { name: 'Choose your profile' })
        .getByRole('link', { name, exact: true });
      await expect(switchLink).toHaveAttribute('href', `/${to}/folder`);
    }
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('@http sitemap.xml lists every indexable canonical URL once, each answering 200 without redirect', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${e2e.baseURL}/`);
    expect(locs).toContain(`${e2e.baseURL}/professional-filler/careers/careers-enquiry`);
    expect(locs).toContain(`${e2e.baseURL}/professional-filler/category/_p__2`);
    expect(locs.some((loc) => loc.includes('/confirmation'))).toBe(false);

    // Entities: pro URL when pro has them, the part URL for part-only ones, never both.
    const { items } = await backoffice<{
      items: { entity_type: string; slug: string; exist_in: number[] }[];
    }>('/url');
    const partOnly = items.find((item) => item.entity_type === 'product' && item.exist_in.join() === '2');
    const both = items.find((item) => item.entity_type === 'product' && item.exist_in.includes(1));
    expect(partOnly && both).toBeTruthy();
    expect(locs).toContain(`${e2e.baseURL}/diy-filler/product/${partOnly?.slug}`);
    expect(locs).not.toContain(`${e2e.baseURL}/professional-filler/product/${partOnly?.slug}`);
    expect(locs).toContain(`${e2e.baseURL}/professional-filler/product/${both?.slug}`);
    expect(locs).not.toContain(`${e2e.baseURL}/diy-filler/product/${both?.slug}`);

    const failures: string[] = [];
    for (const loc of locs) {
      const page = await request.get(loc, { maxRedirects: 0 });
      if (page.status() !== 200) failures.push(`${page.status()} ${loc}`);
    }
    expect(failures).toEqual([]);
  });

  test('@http robots.txt allows all but previews and the API and points at the sitemap', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /preview',
        'Disallow: /api',
        `Sitemap: ${e2e.baseURL}/sitemap.xml`,
      ]),
    );
  });
});
