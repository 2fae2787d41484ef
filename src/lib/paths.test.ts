import { describe, expect, it } from 'vitest';
import { readGuideAnswers } from './selector-guide.ts';
import { canonicalPath, isInternalUrl, paths, switchAudiencePath, withSwitchNotice } from './paths.ts';
import { parseListingSegments } from './routing.ts';

describe('paths', () => {
  it('puts the pro home at / and every other page under the segment', () => {
    expect(paths.home('pro')).toBe('/');
    expect(paths.home('part')).toBe('/diy-filler');
    expect(paths.product('pro', 'fine-surface-filler')).toBe(
      '/professional-filler/product/fine-surface-filler',
    );
    expect(paths.product('part', 'fine-surface-filler', 'PW-100-1KG')).toBe(
      '/diy-filler/product/fine-surface-filler#PW-100-1KG',
    );
    expect(paths.contact('part')).toBe('/diy-filler/contact');
    expect(paths.faq('pro', 'application')).toBe(
      '/professional-filler/frequently-asked-questions/application',
    );
    expect(paths.cmsPage('pro', 'category/fillers')).toBe('/professional-filler/category/fillers');
  });

  it('links the form pages, with the vacancy or the course to preselect', () => {
    expect(paths.careersEnquiry('pro')).toBe('/professional-filler/careers/careers-enquiry');
    expect(paths.careersEnquiry('part', 'production-operator')).toBe(
      '/diy-filler/careers/careers-enquiry?vacancy=production-operator',
    );
    expect(paths.trainingRegister('pro')).toBe('/professional-filler/training/register');
    expect(paths.trainingRegister('part', 12)).toBe('/diy-filler/training/register?session=12');
  });

  it('links the basket and the first checkout step', () => {
    expect(paths.basket('pro')).toBe('/professional-filler/basket');
    expect(paths.basket('part')).toBe('/diy-filler/basket');
    expect(paths.checkoutDelivery('part')).toBe('/diy-filler/checkout/delivery');
  });

  it('links the payment step, the confirmation of an order and the sales conditions', () => {
    expect(paths.checkoutPayment('pro')).toBe('/professional-filler/checkout/payment');
    expect(paths.confirmation('part')).toBe('/diy-filler/confirmation');
    expect(paths.confirmation('part', 'PW-000123')).toBe('/diy-filler/confirmation?order=PW-000123');
    expect(paths.termsOfSale('pro')).toBe('/professional-filler/terms-of-sale');
  });

  it('puts a sort other than relevance in the query, after the segments', () => {
    expect(paths.category('pro', 'fillers', { filters: [], page: 2, sort: 'price-asc' })).toBe(
      '/professional-filler/category/fillers/_p__2?sort=price-asc',
    );
    expect(paths.results('part', 'filler', { sort: 'relevance' })).toBe('/diy-filler/results/filler');
    expect(paths.catalogue('pro', { sort: 'name' })).toBe('/professional-filler/category?sort=name');
  });

  it('builds listing URLs with filter and page segments', () => {
    const url = paths.category('pro', 'fillers', {
      filters: [{ key: 'surface', values: ['wood'] }],
      page: 2,
    });
    expect(url).toBe('/professional-filler/category/fillers/SURFACE__wood/_p__2');
    expect(paths.results('part', 'crack filler ', { page: 3 })).toBe(
      '/diy-filler/results/crack%20filler/_p__3',
    );
    expect(parseListingSegments(url.split('/').slice(4))).toEqual({
      filters: [{ key: 'surface', values: ['wood'] }],
      page: 2,
    });
  });

  it('builds selector-guide result URLs the results page can decode', () => {
    const url = paths.selectorGuideResults('pro', { surface: 'wood' });
    const segment = url.split('/')[3] ?? '';
    expect(readGuideAnswers(segment)).toEqual({ answers: { surface: 'wood' }, canonical: segment });
  });
});

describe('canonicalPath', () => {
  const build = (audience: 'pro' | 'part') => paths.product(audience, 'x');

  it('points at the pro URL when the entity exists for pro', () => {
    expect(canonicalPath('part', build, ['pro', 'part'])).toBe('/professional-filler/product/x');
    expect(canonicalPath('part', build)).toBe('/professional-filler/product/x');
    expect(canonicalPath('part', paths.home)).toBe('/');
  });

  it('keeps its own audience when the entity is DIY only', () => {
    expect(canonicalPath('part', build, ['part'])).toBe('/diy-filler/product/x');
  });

  it('drops filter segments', () => {
    expect(canonicalPath('part', (audience) => paths.category(audience, 'fillers'), ['pro', 'part'])).toBe(
      '/professional-filler/category/fillers',
    );
  });
});

describe('links', () => {
  it('recognises links inside the site', () => {
    expect(isInternalUrl('/diy-filler/news')).toBe(true);
    expect(isInternalUrl('//evil.example/')).toBe(false);
    expect(isInternalUrl('http://localhost:4321/x')).toBe(true);
    expect(isInternalUrl('https://www.youtube.com/')).toBe(false);
  });

  it('switches audience on the same page', () => {
    expect(switchAudiencePath('/', 'part')).toBe('/diy-filler');
    expect(switchAudiencePath('/diy-filler', 'pro')).toBe('/');
    expect(switchAudiencePath('/professional-filler/news', 'part')).toBe('/diy-filler/news');
  });

  it("adds the switch's reason as a query parameter, before any fragment", () => {
    expect(withSwitchNotice('/diy-filler/category/fillers', 'product')).toBe(
      '/diy-filler/category/fillers?switched=product',
    );
    expect(withSwitchNotice('/diy-filler/results/x?sort=name#top', 'filters')).toBe(
      '/diy-filler/results/x?sort=name&switched=filters#top',
    );
    expect(withSwitchNotice('/diy-filler', undefined)).toBe('/diy-filler');
  });
});
