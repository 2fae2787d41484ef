/** Pack art: every pack's picture is drawn from its own data (format and net content) and the API gives it per pack. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packOf, packshotSvg } from '../src/seed/catalogue/artwork.ts';
import { productSlug } from '../src/seed/catalogue/index.ts';
import { productsData } from '../src/seed/catalogue/products-data.ts';
import { productResponse } from '../src/modules/catalogue/schemas.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';

describe('packOf', () => {
  it('reads the format and net content a variant label names', () => {
    expect(packOf('1 kg box')).toEqual({ kind: 'box', content: '1 kg' });
    expect(packOf('10 kg bag')).toEqual({ kind: 'bag', content: '10 kg' });
    expect(packOf('20 kg sack')).toEqual({ kind: 'sack', content: '20 kg' });
    expect(packOf('12.5 kg bag')).toEqual({ kind: 'bag', content: '12.5 kg' });
    expect(packOf('330 g tube')).toEqual({ kind: 'tube', content: '330 g' });
    expect(packOf('310 ml cartridge')).toEqual({ kind: 'cartridge', content: '310 ml' });
    expect(packOf('1 L tin')).toEqual({ kind: 'tin', content: '1 L' });
    expect(packOf('250 g pack')).toEqual({ kind: 'pouch', content: '250 g' });
    expect(packOf('Box of 12 × 310 ml cartridges')).toEqual({ kind: 'case', content: '12 × 310 ml' });
    expect(packOf('Pallet case of 48 × 15 kg tubs')).toEqual({ kind: 'case', content: '48 × 15 kg' });
    expect(packOf('Set of 3 knives')).toEqual({ kind: 'tool', content: 'Set of 3 knives' });
  });

  it('draws every pack of the catalogue with its own shape and its net content on the label', () => {
    for (const product of productsData) {
      for (const [, label] of product.variants) {
        const pack = packOf(label);
        const svg = packshotSvg(pack, product.name);
        const word = /\b(bag|sack|box|tub|tin|drum|bottle|tube|cartridge)s?$/i
          .exec(label)?.[1]
          ?.toLowerCase();
        const expected = /^(box|pallet case) of/i.test(label) ? 'case' : (word ?? pack.kind);
        expect(svg, `${product.name}, ${label}`).toContain(`id="pack-${expected}"`);
        expect(svg.match(/id="pack-/g), label).toHaveLength(1);
        // A tool's label is its description, wrapped over lines; a pack's net content is printed whole.
        if (pack.kind !== 'tool') expect(svg, label).toContain(`>${pack.content}</text>`);
      }
    }
  });
});

describe('pack images in the product API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives each variant its own image, a PNG with a WebP twin named after the pack', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/product/${productSlug(productsData[0]!)}?${q({ saleplan_id: PRO_PLAN })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const product = productResponse.parse(response.json()).data.items[0]!;
    expect(product.variants.length).toBeGreaterThan(1);
    const urls = new Set<string>();
    for (const variant of product.variants) {
      expect(variant.media, variant.label).not.toBeNull();
      expect(variant.media!.url).toBe(`/api/v1/media/p/${variant.reference.toLowerCase()}-pack.png`);
      expect(variant.media!.alt).toBe(`${product.name}, ${variant.label}`);
      urls.add(variant.media!.url);
      const png = await t.app.inject({ method: 'GET', url: variant.media!.url });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect((await sharp(png.rawPayload).metadata()).width).toBe(800);
      const webp = await t.app.inject({ method: 'GET', url: variant.media!.webp });
      expect(webp.headers['content-type']).toBe('image/webp');
    }
    expect(urls.size).toBe(product.variants.length);
  });
});
