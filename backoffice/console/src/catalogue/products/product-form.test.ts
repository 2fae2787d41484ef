import { describe, expect, it } from 'vitest';
import {
  changesMeanwhile,
  formKeyOf,
  formOf,
  gtinValid,
  MESSAGES,
  packErrors,
  packPatchOf,
  parseDecimal,
  parsePrice,
  productPatchOf,
  rebase,
  type Definitions,
  type StaffProduct,
} from './product-form.ts';

const definitions: Definitions = {
  characteristics: [
    { code: 'drying_time', label: 'Drying time', kind: 'number', unit: 'h', options: [] },
    {
      code: 'use',
      label: 'Use',
      kind: 'enum',
      unit: null,
      options: [{ value: 'interior', label: 'Interior' }],
    },
  ],
  plans: [
    { id: 1, target: 'pro', label: 'Trade', prices_include_vat: false, vat_rate_bp: 2000 },
    { id: 2, target: 'part', label: 'DIY', prices_include_vat: true, vat_rate_bp: 2000 },
  ],
  categories: [
    { id: 10, name: 'Fillers', parent_id: null },
    { id: 11, name: 'Tools', parent_id: null },
  ],
  pictograms: [
    { key: 'picto/indoor.svg', title: 'Indoor use' },
    { key: 'picto/paintable.svg', title: 'Paintable' },
  ],
};

const product: StaffProduct = {
  id: 1,
  version: 4,
  reference: 'PW-1',
  slug: 'filler',
  name: 'Filler',
  short_description: 'Fills',
  description: '<p>Good</p>',
  instructions: ['Mix', 'Apply'],
  category_ids: [10],
  plans: [
    { plan_id: 1, target: 'pro', promoted: false },
    { plan_id: 2, target: 'part', promoted: true },
  ],
  caracteristics: { drying_time: 2.5, use: ['interior'] },
  related: [],
  packs: [
    {
      reference: 'PW-1-5',
      label: '5 kg tub',
      gtin: '05012345678900',
      quantity: 5,
      unit: 'kg',
      prices: [
        { plan_id: 1, ex_vat: 1000 },
        { plan_id: 2, inc_vat: 1299 },
      ],
    },
  ],
  pictograms: ['Indoor use'],
  pictogram_keys: ['picto/indoor.svg'],
  picture_count: 0,
  document_count: 0,
  updated_at: '2027-01-01T00:00:00Z',
};

describe('the product form', () => {
  it('reads comma decimals and prices', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal('2,5,1')).toBeUndefined();
    expect(parsePrice('12,5')).toBe(1250);
    expect(parsePrice('£12.99')).toBe(1299);
    expect(parsePrice('12,999')).toBe(1_299_900);
    expect(parsePrice('12.5.0')).toBeUndefined();
  });

  it('checks a GTIN’s check digit', () => {
    expect(gtinValid('05012345678900')).toBe(true);
    expect(gtinValid('5012345678900')).toBe(true);
    expect(gtinValid('05012345678901')).toBe(false);
    expect(gtinValid('1234')).toBe(false);
  });

  it('sends only what changed, a number typed with a comma, and the errors beside the fields', () => {
    const base = formOf(product, definitions);
    expect(base.caracteristics.drying_time).toBe('2,5');
    const draft = {
      ...base,
      name: 'Filler Plus',
      caracteristics: { ...base.caracteristics, drying_time: '3,25' },
    };
    expect(productPatchOf(base, draft, definitions)).toEqual({
      body: { name: 'Filler Plus', caracteristics: { drying_time: 3.25 } },
      errors: {},
    });
    const bad = { ...base, name: ' ', caracteristics: { ...base.caracteristics, drying_time: 'soon' } };
    expect(productPatchOf(base, bad, definitions).errors).toEqual({
      name: MESSAGES.required('Name'),
      'caracteristics.drying_time': MESSAGES.number,
    });
  });

  it('sends the pictograms in the order ticked, and names them when someone else changed them', () => {
    const base = formOf(product, definitions);
    expect(base.pictograms).toEqual(['picto/indoor.svg']);
    const draft = { ...base, pictograms: ['picto/indoor.svg', 'picto/paintable.svg'] };
    expect(productPatchOf(base, draft, definitions).body).toEqual({
      pictogram_keys: ['picto/indoor.svg', 'picto/paintable.svg'],
    });
    const theirs = formOf({ ...product, version: 5, pictogram_keys: [] }, definitions);
    expect(changesMeanwhile(base, theirs, draft, definitions)).toEqual([
      { field: 'Pictograms', theirs: '(none)', yours: 'Indoor use, Paintable' },
    ]);
    expect(formKeyOf('body.pictogram_keys')).toBe('pictograms');
  });

  it('patches a pack’s changed price in its plan’s basis, and refuses a wrong GTIN beside the field', () => {
    const base = formOf(product, definitions);
    const pack = { ...base.packs[0]!, prices: { ...base.packs[0]!.prices, '2': '14,50' } };
    expect(packPatchOf(base.packs[0]!, pack, definitions)).toEqual({
      prices: [{ plan_id: 2, inc_vat: 1450 }],
    });
    expect(packErrors({ ...pack, gtin: '05012345678901' }, 0, definitions, false)).toEqual({
      'packs.0.gtin': MESSAGES.gtin,
    });
  });

  it('after a stale save, shows theirs vs yours and re-applies what was typed onto the new version', () => {
    const base = formOf(product, definitions);
    const theirs = formOf(
      {
        ...product,
        version: 5,
        short_description: 'Theirs',
        packs: [
          {
            ...product.packs[0]!,
            prices: [
              { plan_id: 1, ex_vat: 1000 },
              { plan_id: 2, inc_vat: 1399 },
            ],
          },
        ],
      },
      definitions,
    );
    const draft = { ...base, name: 'Mine' };
    expect(changesMeanwhile(base, theirs, draft, definitions)).toEqual([
      { field: 'Short description', theirs: 'Theirs', yours: 'Fills' },
      { field: 'Pack PW-1-5: DIY price inc VAT (£)', theirs: '£13.99', yours: '£12.99' },
    ]);
    const rebased = rebase(base, draft, theirs);
    expect(rebased.name).toBe('Mine');
    expect(rebased.short_description).toBe('Theirs');
    expect(rebased.packs[0]!.prices['2']).toBe('13.99');
    expect(productPatchOf(theirs, rebased, definitions).body).toEqual({ name: 'Mine' });
  });
});
