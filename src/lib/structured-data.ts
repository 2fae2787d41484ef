/**
 * Structured data (schema.org JSON-LD) of every page type, built in one place. Each builder returns one object
 * with its `@type`; `components/JsonLd.astro` adds the `@context` and writes it into the page.
 */
import { t } from '../i18n/index.ts';
import type { CmsPage, Crumb, Faq, Folder, Product, ProductSummary } from './api/types.ts';
import { absoluteUrl } from './paths.ts';
import { plainText } from './text.ts';

/** A schema.org object without its `@context`. */
export type JsonLdObject = { '@type': string } & Record<string, unknown>;

const pounds = (pence: number) => (pence / 100).toFixed(2);

const organisation = () => ({ '@type': 'Organization', name: t('site_name') });

/** `Product`: prices inc VAT (what schema.org consumers expect), one offer per pack size. */
export function productJsonLd(product: Product, path: string): JsonLdObject {
  // Every pack's packshot (each shows its size), then the product's other pictures.
  const pictures = [...product.variants.flatMap((variant) => variant.media ?? []), ...product.gallery];
  const images = [...new Set(pictures.map((media) => absoluteUrl(media.url)))];
  return {
    '@type': 'Product',
    name: product.name,
    sku: product.reference,
    description: product.shortDescription || plainText(product.description, 300),
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: 'Plasterwick' },
    category: product.categoryName || undefined,
    url: absoluteUrl(path),
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.reference,
      gtin14: variant.gtin,
      name: variant.label,
      price: pounds(variant.price.incVat),
      priceCurrency: variant.price.currency,
      availability: 'https://schema.org/InStock',
      url: absoluteUrl(`${path}#${encodeURIComponent(variant.reference)}`),
    })),
  };
}

/** `BreadcrumbList`; the current page's item is its own URL. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], currentPath: string): JsonLdObject {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.href ?? currentPath),
    })),
  };
}

/** `FAQPage` of the questions shown. */
export function faqPageJsonLd(faqs: readonly Faq[]): JsonLdObject {
  return {
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answerHtml },
    })),
  };
}

/** ISO 8601 duration of a number of minutes (`PT1H30M`), for `HowTo.totalTime`. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** `HowTo` of a how-to guide: its steps as plain text and the products it uses as supplies. */
export function howToJsonLd(folder: Folder, products: readonly ProductSummary[]): JsonLdObject {
  return {
    '@type': 'HowTo',
    name: folder.title,
    description: folder.extract,
    image: folder.cover ? absoluteUrl(folder.cover.url) : undefined,
    totalTime: folder.durationMinutes > 0 ? isoDuration(folder.durationMinutes) : undefined,
    supply: products.map((product) => ({ '@type': 'HowToSupply', name: product.name })),
    step: folder.steps.map((step, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      name: step.title,
      text: plainText(step.html, Infinity),
    })),
  };
}

/** `NewsArticle` of a news page. */
export function newsArticleJsonLd(page: CmsPage): JsonLdObject {
  return {
    '@type': 'NewsArticle',
    headline: page.title,
    description: page.meta.description,
    datePublished: page.publishedAt ?? undefined,
    image: page.cover ? [absoluteUrl(page.cover.url)] : undefined,
    publisher: organisation(),
  };
}

/** `JobPosting` of a vacancy (a page of type `job` with its details). */
export function jobPostingJsonLd(page: CmsPage & { job: NonNullable<CmsPage['job']> }): JsonLdObject {
  return {
    '@type': 'JobPosting',
    title: page.title,
    description: page.extract || page.meta.description,
    datePosted: page.publishedAt ?? undefined,
    employmentType: page.job.contract === 'permanent' ? 'FULL_TIME' : 'TEMPORARY',
    hiringOrganization: organisation(),
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: page.job.location, addressCountry: 'GB' },
    },
  };
}
