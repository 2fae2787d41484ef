/**
 * Header, footer and pre-footer menus per audience, using every item type of spec §2: external_url (outside
 * and inside the site), cms_page, no_destination with childs, and the codes guide_de_choix and top_produit.
 */
import { TARGET_SEGMENTS } from '@plasterwick/shop-rules/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { categories, categoryPlans, salesPlans } from '../../db/schema.ts';
import type { MenuItem } from '../../modules/content/index.ts';
import { coverSvg } from './art.ts';
import { artwork, insertContent, UK_SITE_ID, type MediaRef } from './insert.ts';

type Audience = 'pro' | 'part';
const PRIMARY = '#1b6b4a_primary';
const SECONDARY = '#e07a2e_secondary';

const page = (label: string, slug: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  label,
  slug,
  type: 'cms_page',
  childs: [],
  ...extra,
});

/** Category tree of the audience's plan, top levels with their children as menu childs. */
async function categoryItems(db: Database, audience: Audience): Promise<MenuItem[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
    })
    .from(categories)
    .innerJoin(categoryPlans, eq(categoryPlans.categoryId, categories.id))
    .innerJoin(salesPlans, eq(salesPlans.id, categoryPlans.planId))
    .where(and(eq(categories.siteId, UK_SITE_ID), eq(salesPlans.target, audience)))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows
    .filter((row) => row.parentId === null)
    .map((top) =>
      page(top.name, `category/${top.slug}`, {
        childs: rows
          .filter((row) => row.parentId === top.id)
          .map((child) => page(child.name, `category/${child.slug}`)),
      }),
    );
}

function headerMenu(audience: Audience, fillers: MenuItem[], covers: Record<string, MediaRef>): MenuItem[] {
  const segment = TARGET_SEGMENTS[audience];
  const advice: MenuItem[] = [
    page('How-to guides', 'folder/fill-cracks-in-a-plaster-wall'),
    page('Frequently asked questions', 'frequently-asked-questions'),
    page('News', 'news'),
    ...(audience === 'pro'
      ? [page('Training courses', 'training'), page('Technical documentation', 'technical-documentation')]
      : []),
    page('Downloads', 'downloads'),
  ];
  return [
    {
      label: 'Our fillers',
      slug: 'category',
      type: 'no_destination',
      color: PRIMARY,
      cover: covers.fillers,
      extract:
        audience === 'pro'
          ? 'Trade fillers, plasters and jointing for every background.'
          : 'Fillers and tools for every repair at home.',
      pushes: [
        {
          titre: 'Not sure which one?',
          text: 'Our selector guide suggests the right product in four questions.',
          label_link: 'Selector guide',
          url: `/${segment}/choice-guide`,
          cover: covers.guide,
        },
      ],
      childs: fillers,
    },
    {
      label: 'Selector guide',
      slug: '',
      code: 'guide_de_choix',
      type: 'no_destination',
      color: SECONDARY,
      childs: [],
    },
    { label: 'Best sellers', slug: '', code: 'top_produit', type: 'no_destination', childs: [] },
    {
      label: 'Advice',
      slug: '',
      type: 'no_destination',
      cover: covers.advice,
      extract: 'Step-by-step guides, answers and news from our technical team.',
      childs: advice,
    },
    page('Where to buy', 'where-to-find-our-products', { color: PRIMARY }),
  ];
}

function footerMenu(audience: Audience): MenuItem[] {
  const other: Audience = audience === 'pro' ? 'part' : 'pro';
  return [
    {
      label: 'Plasterwick',
      slug: '',
      type: 'no_destination',
      childs: [
        page('About us', 'about-us'),
        page('Careers', 'careers'),
        page('News', 'news'),
        page('Contact us', 'contact'),
        ...(audience === 'pro' ? [page('Training courses', 'training')] : []),
      ],
    },
    {
      label: 'Help',
      slug: '',
      type: 'no_destination',
      childs: [
        page('Frequently asked questions', 'frequently-asked-questions'),
        page('Where to buy', 'where-to-find-our-products'),
        page('Quantity calculator', 'quantity-calculator'),
        {
          // An external_url that points inside the site: opens in the same tab.
          label: audience === 'pro' ? 'DIY customers' : 'Trade customers',
          slug: '',
          // The pro home is `/` (its segment URL only redirects there).
          url: other === 'pro' ? '/' : `/${TARGET_SEGMENTS[other]}`,
          type: 'external_url',
          childs: [],
        },
      ],
    },
    {
      label: 'Legal',
      slug: '',
      type: 'no_destination',
      childs: [
        page('Terms of sale', 'terms-of-sale'),
        page('Privacy policy', 'privacy-policy'),
        page('Cookie policy', 'cookie-policy'),
        page('Accessibility', 'accessibility'),
        page('Legal notice', 'legal-notice'),
        page('Sitemap', 'sitemap'),
      ],
    },
    {
      label: 'Elsewhere',
      slug: '',
      type: 'no_destination',
      childs: [
        {
          label: 'Plasterwick France',
          slug: '',
          url: 'https://www.plasterwick.fr',
          type: 'external_url',
          childs: [],
        },
        {
          label: 'Plasterwick on YouTube',
          slug: '',
          url: 'https://www.youtube.com/@plasterwick.example',
          type: 'external_url',
          childs: [],
        },
      ],
    },
  ];
}

function prefooterMenu(audience: Audience, covers: Record<string, MediaRef>): MenuItem[] {
  const items: MenuItem[] =
    audience === 'pro'
      ? [
          page('Jobsite support', 'jobsite-support', {
            cover: covers.jobsite,
            extract: 'A reply within 48 hours for your project.',
            color: PRIMARY,
          }),
          page('Training', 'training', {
            cover: covers.training,
            extract: 'One-day courses for teams of three to five.',
          }),
          page('Technical documentation', 'technical-documentation', {
            cover: covers.docs,
            extract: 'Data sheets and safety sheets.',
          }),
        ]
      : [
          page('How-to guides', 'folder/fill-cracks-in-a-plaster-wall', {
            cover: covers.advice,
            extract: 'Repairs step by step.',
            color: PRIMARY,
          }),
          page('Quantity calculator', 'quantity-calculator', {
            cover: covers.calculator,
            extract: 'Buy the right amount.',
          }),
          page('Downloads', 'downloads', { cover: covers.docs, extract: 'Brochures and colour cards.' }),
        ];
  return [
    ...items,
    page('Where to buy', 'where-to-find-our-products', {
      cover: covers.stockists,
      extract: 'Over 150 stockists across the UK.',
    }),
  ];
}

export async function seedMenus(db: Database): Promise<void> {
  const art: Record<string, [string, string]> = {
    fillers: ['Our fillers', 'Powder, ready-mixed, flexible and exterior'],
    guide: ['Selector guide', 'The right product in four questions'],
    advice: ['Advice', 'Guides, answers and news'],
    jobsite: ['Jobsite support', 'We reply within 48 hours'],
    training: ['Training', 'Hands-on courses'],
    docs: ['Documents', 'Data sheets and brochures'],
    calculator: ['Quantity calculator', 'Buy the right amount'],
    stockists: ['Where to buy', 'Find a stockist near you'],
  };
  const covers: Record<string, MediaRef> = {};
  for (const [index, [name, [title, subtitle]]] of Object.entries(art).entries()) {
    covers[name] = await artwork(db, `cms/menu-${name}`, coverSvg(title, subtitle, index), {
      alt: title,
      width: 600,
    });
  }
  const inputs = [];
  for (const audience of ['pro', 'part'] as const) {
    inputs.push(
      { code: `menu_${audience}`, items: headerMenu(audience, await categoryItems(db, audience), covers) },
      { code: `menu_footer_${audience}`, items: footerMenu(audience) },
      { code: `menu_prefooter_${audience}`, items: prefooterMenu(audience, covers) },
    );
  }
  await insertContent(db, 'menu', inputs);
}
