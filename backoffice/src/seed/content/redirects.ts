/** Old-site URLs (spec §2) and where they live now; served by the storefront as 301s. */
import type { Database } from '../../db/types.ts';
import { redirects } from '../../db/schema.ts';

const PRO = '/professional-filler';
const PART = '/diy-filler';
const JOINT_PRODUCT = `${PRO}/product/plasterboard-finishing-solutions`;

/** Old section paths, identical under both old customer trees. */
const sections: [old: string, now: string][] = [
  ['', ''],
  ['/contact-us', '/contact'],
  ['/where-to-buy', '/where-to-find-our-products'],
  ['/faq', '/frequently-asked-questions'],
  ['/news', '/news'],
  ['/downloads', '/downloads'],
  ['/advice', '/folder/fill-cracks-in-a-plaster-wall'],
  ['/calculator', '/quantity-calculator'],
  ['/products/fillers', '/category/fillers'],
  ['/products/powder-fillers', '/category/powder-fillers'],
  ['/products/ready-mixed-fillers', '/category/ready-mixed-fillers'],
  ['/products/wood-fillers', '/category/wood-fillers'],
  ['/products/sealants', '/category/caulks-and-sealants'],
  ['/products/tools', '/category/tools'],
];

const businessOnly: [string, string][] = [
  ['/technical-documents', '/technical-documentation'],
  ['/jobsite-assistance', '/jobsite-support'],
  ['/products/plasters', '/category/plasters-and-skims'],
  ['/products/jointing', '/category/jointing'],
  ['/training', '/training'],
];

const oldPdfs: [string, string][] = [
  ['/media/pdf/catalogue-2019.pdf', '/api/v1/media/docs/product-catalogue.pdf'],
  ['/media/pdf/trade-brochure.pdf', '/api/v1/media/docs/brochure-fillers.pdf'],
  ['/media/pdf/diy-brochure.pdf', '/api/v1/media/docs/brochure-fillers.pdf'],
  ['/media/pdf/colour-chart-wood-filler.pdf', '/api/v1/media/docs/colour-card.pdf'],
  ['/media/pdf/msds-powder-filler.pdf', '/api/v1/media/docs/sds-pw-1001.pdf'],
  ['/media/pdf/data-sheet-fine-filler.pdf', `${PRO}/technical-documentation`],
  ['/media/pdf/data-sheet-deep-filler.pdf', `${PRO}/technical-documentation`],
  ['/media/pdf/data-sheet-multi-finish.pdf', `${PRO}/technical-documentation`],
  ['/media/pdf/price-list-2018.pdf', '/'],
  ['/media/pdf/promotion-spring-2017.pdf', '/'],
];

const jointSkimFill = [
  '/business-customer/products/joint-skim-fill',
  '/business-customer/products/joint-skim-fill-5kg',
  '/business-customer/products/joint-skim-fill-25kg',
  '/individual-customer/products/joint-skim-fill',
  '/products/joint-skim-fill',
];

export const redirectRows = [
  ...[...sections, ...businessOnly].map(([old, now]) => ({
    fromPath: `/business-customer${old}`,
    toPath: `${PRO}${now}`,
  })),
  ...sections.map(([old, now]) => ({
    fromPath: `/individual-customer${old}`,
    toPath: now === '' ? PART : `${PART}${now}`,
  })),
  ...oldPdfs.map(([fromPath, toPath]) => ({ fromPath, toPath })),
  ...jointSkimFill.map((fromPath) => ({ fromPath, toPath: JOINT_PRODUCT })),
].map((row) => ({ ...row, toPath: row.toPath === '' ? '/' : row.toPath, status: 301 }));

export async function seedRedirects(db: Database): Promise<void> {
  await db.insert(redirects).values(redirectRows);
}
