/** A product as the data sheet generators read it (sheet-product.ts), from the database. */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/types.ts';
import {
  categories,
  characteristics,
  productCategories,
  productCharacteristics,
  productMedia,
  products,
  variants,
} from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { SheetDefinition, SheetFormat, SheetProduct } from './sheet-product.ts';

const FORMATS: readonly SheetFormat[] = ['powder', 'ready_mixed', 'cartridge', 'tool'];

/** The product and the characteristic definitions its sheets are written with; 404 when the site has no such product. */
export async function sheetProductFromDb(
  db: Executor,
  siteId: number,
  productId: number,
): Promise<{ product: SheetProduct; definitions: SheetDefinition[] }> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
  if (!row) throw notFound(`Product ${productId}`);
  const [main] = await db
    .select({ slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(productCategories.productId, productId), eq(productCategories.isMain, true)));
  const values = await db
    .select()
    .from(productCharacteristics)
    .where(eq(productCharacteristics.productId, productId))
    .orderBy(asc(productCharacteristics.code), asc(productCharacteristics.value));
  const packs = await db
    .select({ reference: variants.reference, label: variants.label, gtin: variants.gtin })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  const pictograms = await db
    .select({ key: productMedia.mediaKey })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, 'PICTO')));
  const definitions = await db.select().from(characteristics).orderBy(asc(characteristics.position));

  const enumValues = (code: string) => values.filter((v) => v.code === code).map((v) => v.value);
  const numberOf = (code: string) => values.find((v) => v.code === code)?.numberValue ?? undefined;
  const format = enumValues('format')[0] as SheetFormat | undefined;
  if (!format || !FORMATS.includes(format)) {
    throw badRequest(
      'The product needs its format (powder, ready mixed, cartridge or tool) for its data sheets',
      [{ field: 'characteristics.format', message: 'Choose the product’s format first' }],
    );
  }
  return {
    definitions,
    product: {
      reference: row.reference,
      name: row.name,
      short: row.shortDescription,
      description: row.description,
      instructions: row.instructions,
      category: main?.slug ?? '',
      format,
      surface: enumValues('surface'),
      job: enumValues('job'),
      finish: enumValues('finish'),
      use: enumValues('use')[0],
      colour: enumValues('colour'),
      consumption: numberOf('consumption'),
      maxThickness: numberOf('max_thickness'),
      drying: numberOf('drying_time'),
      overcoat: numberOf('overcoat_time'),
      // The seed marks paint-resistant sealants by leaving out the "paintable" pictogram; a two-part filler is a
      // polyester resin (docs/decisions.md, "Data sheets at run time").
      notPaintable: format === 'cartridge' && !pictograms.some((p) => p.key.startsWith('picto/paintable')),
      chemistry: /two-part/i.test(row.name) ? 'polyester_resin' : undefined,
      packs,
    },
  };
}
