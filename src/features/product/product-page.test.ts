import { describe, expect, it } from 'vitest';
import type { Characteristic, ProductDocument, Variant } from '../../lib/api/types.ts';
import {
  descriptionHtml,
  documentLinks,
  gallerySlides,
  keyFacts,
  packContent,
  packWeights,
} from './product-page.ts';

const characteristic = (code: string, label: string, value: string, unit?: string): Characteristic => ({
  code,
  label,
  value,
  values: [value],
  unit,
});

describe('keyFacts', () => {
  it('lists the decision characteristics the product has, in a fixed order, with their units', () => {
    const facts = keyFacts([
      characteristic('drying_time', 'Drying time', '3', 'h'),
      characteristic('pack_weight', 'Pack weight', '10', 'kg'),
      characteristic('surface', 'Surface', 'Plaster, Plasterboard'),
      characteristic('consumption', 'Consumption', '0.9', 'kg/m²/mm'),
      characteristic('max_thickness', 'Maximum thickness', '', 'mm'),
    ]);
    expect(facts).toEqual([
      { code: 'surface', label: 'Surface', value: 'Plaster, Plasterboard' },
      { code: 'consumption', label: 'Consumption', value: '0,9 kg/m²/mm' },
      { code: 'drying_time', label: 'Drying time', value: '3 h' },
    ]);
  });
});

describe('packContent', () => {
  it('names weights and volumes, not counted units', () => {
    expect(packContent({ quantity: 10, unit: 'kg' })).toMatchObject({ label: 'Net weight', value: '10 kg' });
    expect(packContent({ quantity: 0.31, unit: 'l' })).toMatchObject({ label: 'Volume', value: '0,31 l' });
    expect(packContent({ quantity: 1, unit: 'unit' })).toBeUndefined();
  });
});

describe('descriptionHtml', () => {
  it('wraps plain paragraphs split on blank lines and keeps block markup as written', () => {
    expect(descriptionHtml('One.\n\nTwo <strong>bold</strong>.\n \nThree.\n')).toBe(
      '<p>One.</p>\n<p>Two <strong>bold</strong>.</p>\n<p>Three.</p>',
    );
    expect(descriptionHtml('<p>One.</p>\n\n<p>Two.</p>')).toBe('<p>One.</p>\n\n<p>Two.</p>');
    expect(descriptionHtml('')).toBe('');
  });
});

describe('packWeights', () => {
  const variant = (reference: string, quantity: number, unit: string) =>
    ({ reference, quantity, unit }) as Variant;

  it("gives each pack's weight when every pack is sold by weight", () => {
    expect(packWeights([variant('A-01', 1, 'kg'), variant('A-10', 10, 'kg')])).toEqual([
      { reference: 'A-01', value: '1 kg' },
      { reference: 'A-10', value: '10 kg' },
    ]);
    expect(packWeights([variant('B-01', 1, 'kg'), variant('B-02', 0.31, 'l')])).toBeUndefined();
    expect(packWeights([])).toBeUndefined();
  });
});

describe('documentLinks', () => {
  const doc = (id: number, type: string, title: string, sizeBytes?: number): ProductDocument => ({
    id,
    type,
    title,
    url: `/api/v1/media/docs/${type}-${id}.pdf`,
    sizeBytes,
  });

  it('names the data sheets by kind with format and real size, data sheet first, then safety, then others', () => {
    const links = documentLinks([
      doc(1, 'brochure', 'Range brochure', 3_400_000),
      doc(2, 'safety-data-sheet', 'Safety data sheet: powder fillers', 48_000),
      doc(3, 'technical-data-sheet', 'Fine filler technical data sheet', 250_880),
    ]);
    expect(links.map((link) => link.text)).toEqual([
      'Technical data sheet (PDF, 245 KB)',
      'Safety data sheet (PDF, 47 KB)',
      'Range brochure (PDF, 3.2 MB)',
    ]);
    expect(links[0]?.href).toBe('/api/v1/media/docs/technical-data-sheet-3.pdf');
  });

  it('leaves the size out when the back-office does not know it', () => {
    expect(documentLinks([doc(4, 'technical-data-sheet', 'Sheet')])[0]?.text).toBe(
      'Technical data sheet (PDF)',
    );
  });
});

describe('gallerySlides', () => {
  const picture = (url: string) => ({ url, alt: url });
  const pack = (reference: string, media?: string) =>
    ({ reference, media: media && picture(media) }) as Variant;

  it("puts every pack's packshot in the first slide, then the other pictures", () => {
    const slides = gallerySlides(
      [pack('A-01', '/a-01.png'), pack('A-05', '/a-05.png')],
      [picture('/a-01.png'), picture('/a-in-use.png')],
    );
    expect(slides).toEqual([
      [
        { media: picture('/a-01.png'), pack: 'A-01' },
        { media: picture('/a-05.png'), pack: 'A-05' },
      ],
      [{ media: picture('/a-in-use.png') }],
    ]);
  });

  it("keeps the product's pictures when a pack has no packshot of its own", () => {
    const gallery = [picture('/a-01.png')];
    expect(gallerySlides([pack('A-01', '/a-01.png'), pack('A-05')], gallery)).toEqual([
      [{ media: picture('/a-01.png') }],
    ]);
  });
});
