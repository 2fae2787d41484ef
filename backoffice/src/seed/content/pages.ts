/** Tags, news articles, job offers and the CMS pages (legal, about, training), one of them a draft. */
import { DAY_MS } from '@plasterwick/shop-rules/time';
import type { Database } from '../../db/types.ts';
import { coverSvg } from './art.ts';
import { artwork, insertContent } from './insert.ts';
import { legalPages } from './legal.ts';

export const tagList = [
  { kind: 'news', slug: 'company-news', label: 'Company news' },
  { kind: 'news', slug: 'product-launches', label: 'Product launches' },
  { kind: 'news', slug: 'sustainability', label: 'Sustainability' },
  { kind: 'news', slug: 'events', label: 'Events' },
  { kind: 'faq', slug: 'products', label: 'Products' },
  { kind: 'faq', slug: 'application', label: 'Application' },
  { kind: 'faq', slug: 'drying-and-finishing', label: 'Drying and finishing' },
  { kind: 'faq', slug: 'orders-and-delivery', label: 'Orders and delivery' },
  { kind: 'faq', slug: 'trade-accounts', label: 'Trade accounts' },
  { kind: 'faq', slug: 'health-and-safety', label: 'Health and safety' },
  { kind: 'folder', slug: 'repairs', label: 'Repairs' },
  { kind: 'folder', slug: 'preparation', label: 'Preparation' },
  { kind: 'folder', slug: 'finishing', label: 'Finishing' },
  { kind: 'folder', slug: 'exterior', label: 'Exterior' },
  { kind: 'document', slug: 'technical-data-sheet', label: 'Technical data sheets' },
  { kind: 'document', slug: 'safety-data-sheet', label: 'Safety data sheets' },
  { kind: 'document', slug: 'brochure', label: 'Brochures' },
  { kind: 'document', slug: 'catalogue', label: 'Catalogues' },
  { kind: 'document', slug: 'colour-card', label: 'Colour cards' },
  { kind: 'document', slug: 'certificate', label: 'Certificates' },
  { kind: 'document', slug: 'guide', label: 'Application guides' },
] as const;

const p = (text: string) => `<p>${text}</p>`;
/** Publication dates relative to the seeding day, so the news list always looks current. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const news = [
  {
    slug: 'new-lancashire-mixing-line',
    title: 'A new mixing line at our Lancashire works',
    tags: ['company-news', 'sustainability'],
    days: 6,
    extract:
      'Our second mixing line doubles ready-mixed capacity and cuts the energy used per tub by a fifth.',
    body: [
      'The new line at our Preston works started production this month. It mixes, fills and lids ready-mixed fillers in one enclosed run, so less material is lost to cleaning between batches.',
      'Heat recovered from the compressors now warms the packing hall, and the line runs on electricity from our own roof panels for most of the summer.',
      'For merchants it means shorter lead times on the 5 kg and 10 kg tubs that sell fastest in spring.',
    ],
  },
  {
    slug: 'introducing-flexible-crack-filler',
    title: 'Introducing our flexible crack filler',
    tags: ['product-launches'],
    days: 19,
    extract: 'A fibre-reinforced filler for cracks that open and close with the seasons.',
    body: [
      'Hairline cracks over door heads and along ceiling joints come back because the building moves. Our new flexible crack filler stays elastic after it sets, so it moves with them.',
      'It sands like a standard filler and can be painted after two hours with water-based emulsion.',
    ],
  },
  {
    slug: 'recycled-packaging-milestone',
    title: 'Every tub now made from recycled plastic',
    tags: ['sustainability'],
    days: 33,
    extract:
      'All our ready-mixed tubs are now moulded from at least 70 % post-consumer recycled polypropylene.',
    body: [
      'Since January every tub leaving our works is moulded from recycled polypropylene, collected and reprocessed in the UK.',
      'The tubs are still fully recyclable where kerbside collections accept rigid plastics. Rinse out any filler first: dried filler can go in general waste.',
    ],
  },
  {
    slug: 'meet-us-at-the-trade-show',
    title: 'Meet our technical team at the spring trade show',
    tags: ['events'],
    days: 47,
    extract: 'Live skimming demonstrations, product samples and advice on our stand.',
    body: [
      'Our technical advisers will be skimming boards live on the stand all three days, with the new finishing plaster and the fast-set joint filler.',
      'Bring your toughest site question: the team has seen most substrates and most mistakes.',
    ],
  },
  {
    slug: 'apprentices-join-the-works',
    title: 'Six apprentices join the works',
    tags: ['company-news'],
    days: 64,
    extract:
      'Our apprenticeship scheme welcomes its largest group yet, in production, maintenance and the lab.',
    body: [
      'Six apprentices started with us this autumn: three in production, two in engineering maintenance and one in our quality laboratory.',
      'Each is paired with a mentor and spends one day a week at college. Two of last year’s apprentices now run shifts on the packing line.',
    ],
  },
  {
    slug: 'lightweight-finishing-plaster-launch',
    title: 'A lighter finishing plaster for ceilings',
    tags: ['product-launches'],
    days: 81,
    extract: 'Less weight on the hawk and on the ceiling: our lightweight skim covers 20 % more per bag.',
    body: [
      'Ceilings are the hardest place to skim. Our lightweight finishing plaster is a third lighter than standard multi-finish and covers around 20 % more area per 25 kg bag.',
      'It is compatible with the same primers and bonding agents, so there is nothing new to learn.',
    ],
  },
  {
    slug: 'training-centre-opens',
    title: 'Our training centre opens its doors',
    tags: ['events', 'company-news'],
    days: 102,
    extract: 'One-day courses in filling, skimming and jointing for trade teams of three to five.',
    body: [
      'The new training centre beside the works has six practice bays with board, brick and block walls.',
      'Courses run every month and cover preparation, filling, skimming and tape-and-joint finishing. Book as a team of three to five.',
    ],
  },
  {
    slug: 'dust-reduction-in-sanding',
    title: 'Less dust when sanding filler',
    tags: ['sustainability', 'product-launches'],
    days: 128,
    extract: 'Our reformulated fine filler produces heavier dust that falls instead of floating.',
    body: [
      'Sanding dust is the complaint we hear most from decorators working in occupied homes. Our fine surface filler now uses a coarser mineral that falls to the floor instead of hanging in the air.',
      'Always use extraction or a suitable mask when sanding; the change reduces airborne dust but does not remove it.',
    ],
  },
  {
    slug: 'merchant-partner-awards',
    title: 'Our merchant partner awards',
    tags: ['company-news', 'events'],
    days: 150,
    extract: 'Thank you to the merchants who kept sites supplied through a record year.',
    body: [
      'This year’s awards went to merchants in Leeds, Bristol and Glasgow for stock availability and trade counter service.',
      'Every branch that stocks the full range is now listed in our stockist search.',
    ],
  },
];

type Job = {
  contract: 'permanent' | 'fixed-term' | 'apprenticeship';
  location: string;
  department: string;
  experience: string;
  salary: string;
};
const jobs: { slug: string; title: string; extract: string; job: Job; body: string[] }[] = [
  {
    slug: 'technical-sales-representative-north-west',
    title: 'Technical sales representative, North West',
    extract: 'Look after merchants and contractors across Greater Manchester and Lancashire.',
    job: {
      contract: 'permanent',
      location: 'Manchester',
      department: 'Sales',
      experience: '3 to 5 years',
      salary: '£34,000 to £38,000 plus car',
    },
    body: [
      'You will visit merchant branches and plastering contractors, run product demonstrations and help specify systems on larger jobs.',
      'A background in plastering, drylining or builders’ merchants is ideal. A full UK driving licence is required.',
    ],
  },
  {
    slug: 'production-operator',
    title: 'Production operator',
    extract: 'Run the mixing and filling lines at our Preston works on a four-on, four-off pattern.',
    job: {
      contract: 'permanent',
      location: 'Preston',
      department: 'Production',
      experience: 'No experience needed',
      salary: '£26,500 plus shift allowance',
    },
    body: [
      'You will weigh raw materials, run the mixers and filling heads, and carry out quality checks on every batch.',
      'Full training is given. Forklift experience is welcome but not required.',
    ],
  },
  {
    slug: 'quality-laboratory-technician',
    title: 'Quality laboratory technician (12-month contract)',
    extract: 'Test raw materials and finished products in our works laboratory.',
    job: {
      contract: 'fixed-term',
      location: 'Preston',
      department: 'Quality',
      experience: '1 to 2 years',
      salary: '£27,000 to £29,000',
    },
    body: [
      'You will measure setting times, shrinkage, adhesion and viscosity, and keep our batch records up to date.',
      'A science qualification at A level or above and some laboratory experience are expected.',
    ],
  },
  {
    slug: 'engineering-apprentice',
    title: 'Engineering maintenance apprentice',
    extract: 'A four-year apprenticeship in mechanical and electrical maintenance.',
    job: {
      contract: 'apprenticeship',
      location: 'Preston',
      department: 'Engineering',
      experience: 'No experience needed',
      salary: 'Apprentice rate rising each year',
    },
    body: [
      'You will learn to maintain mixers, conveyors and filling machines alongside our engineers, with one day a week at college.',
      'GCSEs in maths and English at grade 4 or above are required.',
    ],
  },
  {
    slug: 'customer-service-adviser',
    title: 'Customer service adviser',
    extract: 'Answer trade and DIY customers by phone and email from our Manchester office.',
    job: {
      contract: 'permanent',
      location: 'Manchester',
      department: 'Customer service',
      experience: '1 to 2 years',
      salary: '£24,500',
    },
    body: [
      'You will take orders, track deliveries and pass technical questions to the right specialist. Hours are 9am to 5pm, Monday to Friday.',
    ],
  },
  {
    slug: 'area-sales-manager-london',
    title: 'Area sales manager, London and the South East',
    extract: 'Lead a team of three representatives and grow our merchant business in the South East.',
    job: {
      contract: 'permanent',
      location: 'London',
      department: 'Sales',
      experience: 'More than 5 years',
      salary: '£48,000 to £55,000 plus car and bonus',
    },
    body: [
      'You will own the regional plan, manage key merchant groups and coach your team.',
      'Experience of selling building products through the merchant channel is essential.',
    ],
  },
];

/** Sections of plain paragraphs: [heading, text]. */
const textSections = (body: string[][]): [string, string][] =>
  body.map(([titre, text]) => [titre ?? '', p(text ?? '')]);

/** A legal page, written in ./legal.ts. */
function legal(slug: string) {
  const page = legalPages.find((candidate) => candidate.slug === slug)!;
  return { slug, title: page.title, extract: page.extract, sections: page.sections };
}

const cmsPages: {
  slug: string;
  title: string;
  extract: string;
  sections: [string, string][];
  status?: 'draft';
}[] = [
  {
    slug: 'about-us',
    title: 'About Plasterwick',
    extract: 'A family firm mixing fillers and plasters in Lancashire since 1962.',
    sections: textSections([
      [
        'Who we are',
        'Plasterwick started in a single workshop in Preston, mixing gypsum filler for local decorators. Three generations later we make more than sixty fillers, plasters and finishing products for trade and DIY.',
      ],
      [
        'How we work',
        'Every product is developed in our own laboratory and tested on real walls in our training centre before it reaches a merchant’s shelf.',
      ],
      ['Where to find us', 'Our works and head office are in Preston, with a sales office in Manchester.'],
    ]),
  },
  {
    slug: 'training',
    title: 'Training courses',
    extract: 'Hands-on one-day courses for trade teams of three to five.',
    sections: textSections([
      [
        'Our courses',
        'Courses cover surface preparation, filling, skimming and taped-joint finishing. Each day mixes demonstration with practice in our six working bays.',
      ],
      [
        'Booking',
        'Register a team of three to five participants. Registration closes 15 days before each course so we can prepare materials for your team.',
      ],
    ]),
  },
  legal('terms-of-sale'),
  legal('privacy-policy'),
  legal('cookie-policy'),
  {
    slug: 'accessibility',
    title: 'Accessibility statement',
    extract: 'Our commitment to making this website usable by everyone.',
    sections: textSections([
      ['Our aim', 'We aim to meet the Web Content Accessibility Guidelines 2.2 at level AA across the site.'],
      [
        'Feedback',
        'If something does not work for you, call 0161 496 0000 or use the contact form and we will help.',
      ],
    ]),
  },
  legal('legal-notice'),
  {
    slug: 'spring-promotion',
    title: 'Spring trade promotion',
    extract: 'Extra points on every bag of finishing plaster through April and May.',
    status: 'draft',
    sections: textSections([
      ['The offer', 'Earn double loyalty points on finishing plasters bought at participating merchants.'],
    ]),
  },
];

const textBlocks = (paragraphs: string[]) => [{ kind: 'text' as const, text: paragraphs.map(p).join('') }];

/** Seeds tags first (pages refer to them by slug) and returns nothing; pages are found by slug later. */
export async function seedPages(db: Database): Promise<void> {
  await insertContent(
    db,
    'tags',
    tagList.map((t, position) => ({ ...t, position })),
  );

  const newsInputs = [];
  for (const [index, article] of news.entries()) {
    const cover = await artwork(
      db,
      `cms/news-${article.slug}`,
      coverSvg(article.title, article.extract, index),
      {
        alt: article.title,
        width: 1200,
      },
    );
    newsInputs.push({
      slug: article.slug,
      title: article.title,
      type: 'actualite',
      extract: article.extract,
      cover,
      tags: article.tags,
      published_at: daysAgo(article.days),
      blocks: [
        ...textBlocks(article.body),
        {
          kind: 'push',
          titre: 'Find a stockist',
          text: 'Our products are on the shelves of over 150 merchants and stores across the UK.',
          label_link: 'Where to buy',
          url: 'where-to-find-our-products',
        },
      ],
      meta: { title: `${article.title} | Plasterwick`, description: article.extract },
    });
  }
  await insertContent(db, 'page', newsInputs);

  await insertContent(
    db,
    'page',
    jobs.map((job, index) => ({
      slug: job.slug,
      title: job.title,
      type: 'job',
      extract: job.extract,
      job: job.job,
      published_at: daysAgo(3 + index * 5),
      blocks: textBlocks(job.body),
      meta: { title: `${job.title} | Careers at Plasterwick`, description: job.extract },
    })),
  );

  await insertContent(
    db,
    'page',
    cmsPages.map((page, position) => ({
      slug: page.slug,
      title: page.title,
      type: 'cms',
      status: page.status ?? 'published',
      extract: page.extract,
      position,
      published_at: page.status === 'draft' ? null : daysAgo(200),
      blocks: page.sections.map(([titre, text]) => ({ kind: 'text', titre, text })),
      meta: { title: `${page.title} | Plasterwick`, description: page.extract },
    })),
  );
}
