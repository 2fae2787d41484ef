import { describe, expect, it } from 'vitest';
import type { CmsPage, Faq, Folder, Product, ProductSummary, Variant } from './api/types.ts';
import { buildBreadcrumb } from './breadcrumb.ts';
import {
  breadcrumbJsonLd,
  faqPageJsonLd,
  howToJsonLd,
  isoDuration,
  jobPostingJsonLd,
  newsArticleJsonLd,
  productJsonLd,
} from './structured-data.ts';

const page: CmsPage = {
  id: 1,
  slug: 'new-trade-range',
  title: 'New trade range',
  type: 'actualite',
  status: 'published',
  audiences: ['pro'],
  publishedAt: '2025-03-01T09:00:00.000Z',
  extract: 'Three new fillers.',
  cover: { url: '/api/v1/media/news.png', alt: '' },
  blocks: [],
  tags: [],
  meta: { title: 'New trade range', description: 'Three new fillers for the trade.' },
};

describe('structured data', () => {
  it("Product: one offer per pack with its #reference, every pack's packshot among the images", () => {
    const price = { exVat: 1000, incVat: 1200, vatRate: 20, currency: 'GBP' };
    const pack = (reference: string, label: string, picture?: string): Variant => ({
      id: 1,
      reference,
      label,
      gtin: '05060591001012',
      quantity: 1,
      unit: 'kg',
      price,
      media: picture ? { url: picture, alt: label } : undefined,
    });
    const cover = { url: '/api/v1/media/p/a-01.png', alt: 'Fine filler, 1 kg box' };
    const product = {
      name: 'Fine filler',
      reference: 'A',
      shortDescription: 'Fine.',
      description: '',
      categoryName: 'Fillers',
      gallery: [cover, { url: '/api/v1/media/p/a-in-use.png', alt: '' }],
      variants: [pack('A-01', '1 kg box', cover.url), pack('A-05', '5 kg bag', '/api/v1/media/p/a-05.png')],
    } as unknown as Product;
    const jsonLd = productJsonLd(product, '/professional-filler/product/fine-filler');
    expect(jsonLd.image).toEqual([
      'http://localhost:4321/api/v1/media/p/a-01.png',
      'http://localhost:4321/api/v1/media/p/a-05.png',
      'http://localhost:4321/api/v1/media/p/a-in-use.png',
    ]);
    expect(jsonLd.offers).toMatchObject([
      { sku: 'A-01', url: 'http://localhost:4321/professional-filler/product/fine-filler#A-01' },
      { sku: 'A-05', name: '5 kg bag' },
    ]);
  });

  it('BreadcrumbList with absolute URLs; the current page is its own URL', () => {
    const crumbs = buildBreadcrumb({ audience: 'pro', current: 'Contact' });
    expect(breadcrumbJsonLd(crumbs, '/professional-filler/contact')).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:4321/' },
        { position: 2, name: 'Contact', item: 'http://localhost:4321/professional-filler/contact' },
      ],
    });
  });

  it('FAQPage of the questions with their HTML answers', () => {
    const faq: Faq = {
      id: 3,
      question: 'How long?',
      answerHtml: '<p>A day.</p>',
      tags: [],
      audiences: [],
      position: 0,
    };
    expect(faqPageJsonLd([faq])).toEqual({
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How long?',
          acceptedAnswer: { '@type': 'Answer', text: '<p>A day.</p>' },
        },
      ],
    });
  });

  it('HowTo: steps as plain text, products as supplies, ISO duration', () => {
    const folder: Folder = {
      id: 1,
      slug: 'fill-a-crack',
      title: 'Fill a crack',
      type: { slug: 'repair', label: 'Repair' },
      audiences: ['part'],
      extract: 'Step by step.',
      difficulty: 'easy',
      durationMinutes: 90,
      steps: [{ title: 'Rake out', html: '<p>Rake  out the <strong>loose</strong>\nmaterial.</p>' }],
      productIds: [],
    };
    const howTo = howToJsonLd(folder, [{ name: 'Fine filler' } as ProductSummary]);
    expect(howTo).toMatchObject({
      '@type': 'HowTo',
      totalTime: 'PT1H30M',
      supply: [{ '@type': 'HowToSupply', name: 'Fine filler' }],
      step: [{ '@type': 'HowToStep', position: 1, name: 'Rake out', text: 'Rake out the loose material.' }],
    });
    expect(howToJsonLd({ ...folder, durationMinutes: 0 }, []).totalTime).toBeUndefined();
  });

  it('writes ISO 8601 durations', () => {
    expect(isoDuration(45)).toBe('PT45M');
    expect(isoDuration(60)).toBe('PT1H');
    expect(isoDuration(90)).toBe('PT1H30M');
    expect(isoDuration(0)).toBe('PT0M');
  });

  it('NewsArticle and JobPosting name the organisation', () => {
    expect(newsArticleJsonLd(page)).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'New trade range',
      image: ['http://localhost:4321/api/v1/media/news.png'],
      publisher: { '@type': 'Organization', name: 'Plasterwick' },
    });
    const job = { contract: 'permanent', location: 'Leeds', department: '', experience: '', salary: '' };
    expect(jobPostingJsonLd({ ...page, type: 'job', job })).toMatchObject({
      '@type': 'JobPosting',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Plasterwick' },
      jobLocation: { address: { addressLocality: 'Leeds', addressCountry: 'GB' } },
    });
  });
});
