/**
 * A product's pictures and documents, which three modules hold: the catalogue (the product, its version, its
 * pictures), the media store (the files) and the content module (the data sheets are `notice` entries naming the
 * product). Every write runs in one transaction that first moves the product's version on, so a page open on an
 * older version gets 409 `version_conflict`; the caller audits it (`productMediaState` is the audited state).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/types.ts';
import { productPlans, products, salesPlans } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { mediaUrl } from '../lib/media.ts';
import { renderPdf } from '../lib/pdf.ts';
import {
  addPicture,
  preparePicture,
  productPictures,
  safetyDataSheet,
  sheetProductFromDb,
  technicalDataSheet,
  type ProductPicture,
} from '../modules/catalogue/index.ts';
import { noticesOfProduct, setProductSheet } from '../modules/content/index.ts';
import { storeMediaFiles } from '../modules/media/index.ts';

export const SHEET_TYPES = {
  'technical-data-sheet': { prefix: 'tds', label: 'Technical data sheets', title: 'technical data sheet' },
  'safety-data-sheet': { prefix: 'sds', label: 'Safety data sheets', title: 'safety data sheet' },
} as const;
export type SheetType = keyof typeof SHEET_TYPES;

export interface ProductDocument {
  type: SheetType;
  label: string;
  title: string | null;
  url: string | null;
  size_bytes: number | null;
}

export interface ProductMediaView {
  id: number;
  version: number;
  name: string;
  reference: string;
  pictures: ProductPicture[];
  documents: ProductDocument[];
}

async function productRow(db: Executor, siteId: number, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      version: products.version,
      name: products.name,
      reference: products.reference,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
  if (!row) throw notFound(`Product ${productId}`);
  return row;
}

/** The product's pictures in order and its two data sheets (url null when it has none). */
export async function productMediaView(
  db: Executor,
  siteId: number,
  productId: number,
): Promise<ProductMediaView> {
  const row = await productRow(db, siteId, productId);
  const notices = await noticesOfProduct(db, siteId, productId);
  return {
    ...row,
    pictures: await productPictures(db, productId),
    documents: (Object.keys(SHEET_TYPES) as SheetType[]).map((type) => {
      const notice = notices.find((n) => n.type === type);
      return {
        type,
        label: SHEET_TYPES[type].label.replace(/s$/, ''),
        title: notice?.title ?? null,
        url: notice?.url || null,
        size_bytes: notice ? notice.sizeBytes : null,
      };
    }),
  };
}

/** What the audit trail compares before and after a pictures or documents write. */
export async function productMediaState(db: Executor, siteId: number, productId: number) {
  const pictures = await productPictures(db, productId);
  const notices = await noticesOfProduct(db, siteId, productId);
  return {
    pictures: Object.fromEntries(pictures.map((p) => [p.key, { alt: p.alt, position: p.position }])),
    documents: Object.fromEntries(notices.map((n) => [n.type, n.url])),
  };
}

/** A fresh key under `prefix` (keys are never reused: a key's bytes are cached for a year). */
const freshKey = (prefix: string, reference: string) =>
  `${prefix}${reference.toLowerCase()}-${randomBytes(6).toString('hex')}`;

/** Stores an uploaded picture (sizes and formats made here) and adds it after the product's others. */
export async function uploadProductPicture(
  tx: Executor,
  siteId: number,
  productId: number,
  upload: { bytes: Buffer; alt: string },
): Promise<void> {
  const { reference } = await productRow(tx, siteId, productId);
  const picture = await preparePicture(upload.bytes);
  const key = freshKey('p/', reference);
  const mainKey = `${key}.${picture.extension}`;
  const webpKey = `${key}.webp`;
  const size = { width: picture.width, height: picture.height, alt: upload.alt };
  await storeMediaFiles(tx, [
    { key: mainKey, contentType: picture.contentType, bytes: picture.bytes, webpKey, ...size },
    { key: webpKey, contentType: 'image/webp', bytes: picture.webp, ...size },
  ]);
  await addPicture(tx, productId, mainKey, upload.alt);
}

/** Stores a PDF as the product's data sheet of `type` (its notice is created when the product has none). */
export async function setProductSheetFile(
  tx: Executor,
  siteId: number,
  productId: number,
  type: SheetType,
  bytes: Buffer,
  now: Date,
): Promise<void> {
  const row = await productRow(tx, siteId, productId);
  const key = `docs/${freshKey(`${SHEET_TYPES[type].prefix}-`, row.reference)}.pdf`;
  await storeMediaFiles(tx, [
    { key, contentType: 'application/pdf', bytes, alt: `${row.name} ${SHEET_TYPES[type].title}` },
  ]);
  const plans = await tx
    .select({ target: salesPlans.target })
    .from(productPlans)
    .innerJoin(salesPlans, eq(salesPlans.id, productPlans.planId))
    .where(inArray(productPlans.productId, [productId]));
  await setProductSheet(tx, {
    siteId,
    productId,
    reference: row.reference,
    type,
    label: SHEET_TYPES[type].label,
    title: `${row.name} ${SHEET_TYPES[type].title}`,
    url: mediaUrl(key),
    sizeBytes: bytes.byteLength,
    audiences: plans.length ? [...new Set(plans.map((p) => p.target))] : ['pro', 'part'],
    searchText: `${row.name} ${row.reference}`,
    now,
  });
}

/** Writes the data sheet of `type` again from the product's data as stored now, and makes it the product's. */
export async function regenerateProductSheet(
  tx: Executor,
  siteId: number,
  productId: number,
  type: SheetType,
  now: Date,
): Promise<void> {
  const { product, definitions } = await sheetProductFromDb(tx, siteId, productId);
  const content =
    type === 'technical-data-sheet'
      ? technicalDataSheet(product, definitions)
      : safetyDataSheet(product, definitions);
  const bytes = Buffer.from(await renderPdf(content));
  await setProductSheetFile(tx, siteId, productId, type, bytes, now);
}
