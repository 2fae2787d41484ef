/**
 * The catalogue spreadsheet round trip (issue 25; docs/api-contract.md "Staff: the catalogue spreadsheet"): every
 * pack of every product as one CSV row with its prices per plan, and the import of such a file: a dry run that says
 * what would be created and changed, field by field, and every error with its line and column, then the apply that
 * writes it all in one transaction with set-based statements (a few statements whatever the number of rows).
 *
 * The catalogue's token is a digest of every product's id and version: any product, pack or price write moves a
 * product's version (product-version.ts), so a token that still matches means the dry run's catalogue is the
 * stored one, and the apply refuses with 409 otherwise.
 */
import { createHash } from 'node:crypto';
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { productPlans, products, salesPlans, variantPrices, variants } from '../../db/schema.ts';
import { DomainError } from '../../lib/errors.ts';

const UNITS = ['kg', 'l', 'ml', 'g', 'unit'] as const;
type Unit = (typeof UNITS)[number];

/** A plan's price column: `trade_ex_vat` (trade, stored ex VAT), `diy_inc_vat` (DIY, stored inc VAT). */
interface PlanColumn {
  planId: number;
  column: string;
  incVat: boolean;
}

interface StoredProduct {
  id: number;
  reference: string;
  slug: string;
  name: string;
  version: number;
  planIds: Set<number>;
}

interface StoredPack {
  id: number;
  productId: number;
  reference: string;
  label: string;
  gtin: string;
  quantity: number;
  unit: Unit;
  prices: Map<number, number>;
}

interface Catalogue {
  plans: PlanColumn[];
  products: StoredProduct[];
  packs: StoredPack[];
  token: string;
}

/** The columns every file has, before the price columns (one per plan). */
const PACK_COLUMNS = [
  'product_reference',
  'product_slug',
  'product_name',
  'pack_reference',
  'gtin',
  'net_content',
  'unit',
  'pack_label',
] as const;
/** Columns the export writes for reading only: an import checks them but does not change them. */
const OPTIONAL_COLUMNS = new Set(['product_slug', 'product_name']);

export interface ImportError {
  line: number;
  column: string | null;
  message: string;
}

export interface FieldChange {
  column: string;
  old: string | null;
  new: string;
}

export interface ImportChange {
  line: number;
  action: 'create' | 'update';
  product_reference: string;
  pack_reference: string;
  fields: FieldChange[];
}

export interface ImportReport {
  token: string;
  rows: number;
  packs_created: number;
  packs_changed: number;
  prices_changed: number;
  products_changed: number;
  changes: ImportChange[];
  errors: ImportError[];
}

/** The digest of every product's id and version: it moves with any write to a product, its packs or prices. */
function tokenOf(siteId: number, rows: { id: number; version: number }[]): string {
  const hash = createHash('sha256').update(`site ${siteId};`);
  for (const row of [...rows].sort((a, b) => a.id - b.id)) hash.update(`${row.id}:${row.version};`);
  return hash.digest('hex').slice(0, 32);
}

async function planColumns(db: Executor, siteId: number): Promise<PlanColumn[]> {
  const plans = await db
    .select()
    .from(salesPlans)
    .where(eq(salesPlans.siteId, siteId))
    .orderBy(asc(salesPlans.id));
  return plans.map((plan) => ({
    planId: plan.id,
    incVat: plan.pricesIncludeVat,
    column: `${plan.target === 'pro' ? 'trade' : 'diy'}_${plan.pricesIncludeVat ? 'inc' : 'ex'}_vat`,
  }));
}

/** The site's catalogue as the spreadsheet sees it: three reads, whatever its size. */
async function loadCatalogue(db: Executor, siteId: number): Promise<Catalogue> {
  const plans = await planColumns(db, siteId);
  const productRows = await db
    .select({
      id: products.id,
      reference: products.reference,
      slug: products.slug,
      name: products.name,
      version: products.version,
      planIds: sql<
        number[] | null
      >`(select array_agg(${productPlans.planId}) from ${productPlans} where ${productPlans.productId} = ${products.id})`,
    })
    .from(products)
    .where(eq(products.siteId, siteId))
    .orderBy(asc(products.reference));
  const packRows = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      reference: variants.reference,
      label: variants.label,
      gtin: variants.gtin,
      quantity: variants.quantity,
      unit: variants.unit,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.siteId, siteId))
    .orderBy(asc(products.reference), asc(variants.position), asc(variants.id));
  const priceRows = await db
    .select({
      variantId: variantPrices.variantId,
      planId: variantPrices.planId,
      ex: variantPrices.priceExVatPence,
      inc: variantPrices.priceIncVatPence,
    })
    .from(variantPrices)
    .innerJoin(variants, eq(variants.id, variantPrices.variantId))
    .innerJoin(products, and(eq(products.id, variants.productId), eq(products.siteId, siteId)));
  const packs: StoredPack[] = packRows.map((row) => ({ ...row, prices: new Map() }));
  const byId = new Map(packs.map((pack) => [pack.id, pack]));
  for (const price of priceRows)
    byId.get(price.variantId)?.prices.set(price.planId, (price.ex ?? price.inc)!);
  return {
    plans,
    products: productRows.map((row) => ({ ...row, planIds: new Set(row.planIds ?? []) })),
    packs,
    token: tokenOf(siteId, productRows),
  };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** A cell a spreadsheet would run as a formula (a name typed "=HYPERLINK(…)") is written as text with a `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
/** The `'` an export put before such a cell is not part of the value. */
const unsafeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The export: a header, then one row per pack, products by reference and packs in their order. */
export async function exportCatalogue(db: Database, siteId: number): Promise<string> {
  const catalogue = await loadCatalogue(db, siteId);
  const productOf = new Map(catalogue.products.map((product) => [product.id, product]));
  return stringify(
    catalogue.packs.map((pack) => {
      const product = productOf.get(pack.productId)!;
      return [
        product.reference,
        product.slug,
        product.name,
        pack.reference,
        pack.gtin,
        String(pack.quantity),
        pack.unit,
        pack.label,
        ...catalogue.plans.map((plan) => {
          const price = pack.prices.get(plan.planId);
          return price === undefined ? '' : pounds(price);
        }),
      ];
    }),
    {
      header: true,
      columns: [...PACK_COLUMNS, ...catalogue.plans.map((plan) => plan.column)],
      cast: { string: safeCell },
    },
  );
}

/** A price in pounds as a person types it: `12.5`, `12.50`, `£12.50`; at most £1,000,000. */
function parsePounds(text: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return pence <= 100_000_000 ? pence : null;
}

function gtinProblem(code: string): string | null {
  if (!/^\d{8,14}$/.test(code)) return 'A GTIN is 8 to 14 digits';
  let sum = 0;
  for (let i = 1; i < code.length; i++) sum += Number(code[code.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(code.at(-1)) ? null : `GTIN ${code} has a wrong check digit`;
}

/** What the import of a row does, once the whole file is valid. */
interface PlannedPack {
  line: number;
  productId: number;
  existing: StoredPack | undefined;
  reference: string;
  label: string;
  gtin: string;
  quantity: number;
  unit: Unit;
  prices: Map<number, number>;
}

interface ImportPlan {
  report: ImportReport;
  packs: PlannedPack[];
  /** Products whose name changes, and every product whose packs or prices change (name undefined). */
  products: Map<number, string | undefined>;
  plans: PlanColumn[];
}

type Row = Record<string, string>;

function readRows(
  csv: string,
  errors: ImportError[],
): { rows: { line: number; cells: Row }[]; header: string[] } {
  try {
    const records = parse(csv.replace(/^\uFEFF/, ''), {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    const [head, ...body] = records;
    if (!head) return { rows: [], header: [] };
    const header = head.record.map((name) => name.trim().toLowerCase());
    return {
      header,
      rows: body.map(({ record, info }) => ({
        line: info.lines,
        cells: Object.fromEntries(header.map((name, i) => [name, unsafeCell((record[i] ?? '').trim())])),
      })),
    };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    errors.push({
      line,
      column: null,
      message: `The file is not readable as CSV: ${(error as Error).message}`,
    });
    return { rows: [], header: [] };
  }
}

/** Line 1: every column the catalogue needs, none it does not know, none twice. */
function checkHeader(header: string[], catalogue: Catalogue, errors: ImportError[]) {
  if (!header.length) {
    errors.push({
      line: 1,
      column: null,
      message: 'The file is empty: export the catalogue to get its columns',
    });
    return;
  }
  const known = new Set<string>([...PACK_COLUMNS, ...catalogue.plans.map((plan) => plan.column)]);
  for (const name of header) {
    if (!known.has(name)) errors.push({ line: 1, column: name, message: `Unknown column "${name}"` });
  }
  for (const name of known) {
    if (!OPTIONAL_COLUMNS.has(name) && !header.includes(name)) {
      errors.push({ line: 1, column: name, message: `The column "${name}" is missing` });
    }
  }
  if (new Set(header).size !== header.length) {
    errors.push({ line: 1, column: null, message: 'A column is named twice' });
  }
}

/** What the rows seen so far hold, for the checks across rows. */
interface RowContext {
  catalogue: Catalogue;
  productByReference: Map<string, StoredProduct>;
  productById: Map<number, StoredProduct>;
  packByReference: Map<string, StoredPack>;
  lineOfPack: Map<string, number>;
  newName: Map<number, { name: string; line: number }>;
}

/** The product's name on the row: a change, the same, or an error (two rows of a product naming it apart). */
function checkName(cells: Row, product: StoredProduct, line: number, context: RowContext, fail: Fail) {
  const name = cells.product_name;
  if (name === undefined || name === product.name) return;
  const earlier = context.newName.get(product.id);
  if (!name || name.length > 200) fail('product_name', 'The product name is 1 to 200 characters');
  else if (earlier && earlier.name !== name) {
    fail('product_name', `Product ${product.reference} has another name on line ${earlier.line}`);
  } else context.newName.set(product.id, { name, line });
}

/** The row's prices by plan; an empty cell is an error where the pack has a price or, new, needs one. */
function checkPrices(
  cells: Row,
  product: StoredProduct | undefined,
  existing: StoredPack | undefined,
  catalogue: Catalogue,
  fail: Fail,
) {
  const prices = new Map<number, number>();
  for (const column of catalogue.plans) {
    const text = cells[column.column]!;
    if (text === '') {
      const stored = existing?.prices.get(column.planId);
      if (stored !== undefined || (!existing && product?.planIds.has(column.planId))) {
        fail(column.column, `A price is needed in ${column.column}`);
      }
      continue;
    }
    const pence = parsePounds(text);
    if (pence === null) fail(column.column, `"${text}" is not a price in pounds, such as 12.50`);
    else prices.set(column.planId, pence);
  }
  return prices;
}

type Fail = (column: string | null, message: string) => void;

/** One row checked: the pack it plans, or undefined after recording its errors. */
function checkRow(
  line: number,
  cells: Row,
  context: RowContext,
  errors: ImportError[],
): PlannedPack | undefined {
  const fail: Fail = (column, message) => errors.push({ line, column, message });
  const before = errors.length;
  const product = context.productByReference.get(cells.product_reference!);
  if (!product) fail('product_reference', `Unknown product "${cells.product_reference}"`);
  const reference = cells.pack_reference!;
  const existing = context.packByReference.get(reference);
  const earlierLine = context.lineOfPack.get(reference);
  if (!/^[A-Z0-9][A-Z0-9-]{1,39}$/.test(reference)) {
    fail('pack_reference', 'A pack reference is 2 to 40 upper-case letters, digits and hyphens');
  } else if (earlierLine !== undefined) {
    fail('pack_reference', `Pack ${reference} is already on line ${earlierLine}`);
  } else if (existing && product && existing.productId !== product.id) {
    const owner = context.productById.get(existing.productId)!.reference;
    fail('pack_reference', `Pack ${reference} belongs to product ${owner}`);
  }
  if (earlierLine === undefined) context.lineOfPack.set(reference, line);
  const gtinError = gtinProblem(cells.gtin!);
  if (gtinError) fail('gtin', gtinError);
  const quantity = Number(cells.net_content!.replace(',', '.'));
  if (!cells.net_content || !Number.isFinite(quantity) || quantity <= 0 || quantity > 100_000) {
    fail('net_content', 'The net content is a number above 0, such as 2.5');
  }
  const unit = cells.unit!.toLowerCase() as Unit;
  if (!UNITS.includes(unit)) fail('unit', `The unit is one of ${UNITS.join(', ')}`);
  const label = cells.pack_label!;
  if (!label || label.length > 100) fail('pack_label', 'The pack label is 1 to 100 characters');
  if (product && cells.product_slug !== undefined && cells.product_slug !== product.slug) {
    fail('product_slug', "The slug is changed on the product's page (it adds a redirect), not here");
  }
  if (product) checkName(cells, product, line, context, fail);
  const prices = checkPrices(cells, product, existing, context.catalogue, fail);
  if (errors.length > before || !product) return undefined;
  return {
    line,
    productId: product.id,
    existing,
    reference,
    label,
    gtin: gtin14(cells.gtin!),
    quantity,
    unit,
    prices,
  };
}

/** Every GTIN stays unique: those of the file's packs, and those of the packs the file leaves alone. */
function checkGtins(packs: PlannedPack[], catalogue: Catalogue, errors: ImportError[]) {
  const owner = new Map<string, string>();
  const inFile = new Set(packs.map((pack) => pack.reference));
  for (const pack of catalogue.packs) if (!inFile.has(pack.reference)) owner.set(pack.gtin, pack.reference);
  for (const pack of packs) {
    const other = owner.get(pack.gtin);
    if (other && other !== pack.reference) {
      errors.push({
        line: pack.line,
        column: 'gtin',
        message: `GTIN ${pack.gtin} is already pack ${other}'s`,
      });
    } else owner.set(pack.gtin, pack.reference);
  }
  errors.sort((a, b) => a.line - b.line);
}

/** The changes of a valid file, field by field, into the report; the plan keeps only the packs that change. */
function describeChanges(plan: ImportPlan, context: RowContext) {
  const { report } = plan;
  for (const [productId, { name }] of context.newName) plan.products.set(productId, name);
  for (const pack of plan.packs) {
    const product = context.productById.get(pack.productId)!;
    const fields: FieldChange[] = [];
    const field = (column: string, old: string | null, now: string) => {
      if (old !== now) fields.push({ column, old, new: now });
    };
    const named = context.newName.get(pack.productId);
    if (named?.line === pack.line) field('product_name', product.name, named.name);
    const stored = pack.existing;
    field('gtin', stored?.gtin ?? null, pack.gtin);
    field('net_content', stored ? String(stored.quantity) : null, String(pack.quantity));
    field('unit', stored?.unit ?? null, pack.unit);
    field('pack_label', stored?.label ?? null, pack.label);
    for (const column of plan.plans) {
      const now = pack.prices.get(column.planId);
      if (now === undefined) continue;
      const old = stored?.prices.get(column.planId);
      if (old !== now) report.prices_changed++;
      field(column.column, old === undefined ? null : pounds(old), pounds(now));
    }
    if (!fields.length) continue;
    const action = stored ? 'update' : 'create';
    report.changes.push({
      line: pack.line,
      action,
      product_reference: product.reference,
      pack_reference: pack.reference,
      fields,
    });
    if (stored) report.packs_changed++;
    else report.packs_created++;
    if (!plan.products.has(pack.productId)) plan.products.set(pack.productId, undefined);
  }
  const changed = new Set(report.changes.map((change) => change.line));
  plan.packs = plan.packs.filter((pack) => changed.has(pack.line));
  report.products_changed = plan.products.size;
}

/** Reads and checks the file against the catalogue; nothing is written. */
function planImport(csv: string, catalogue: Catalogue): ImportPlan {
  const errors: ImportError[] = [];
  const { rows, header } = readRows(csv, errors);
  const report: ImportReport = {
    token: catalogue.token,
    rows: rows.length,
    packs_created: 0,
    packs_changed: 0,
    prices_changed: 0,
    products_changed: 0,
    changes: [],
    errors,
  };
  const plan: ImportPlan = { report, packs: [], products: new Map(), plans: catalogue.plans };
  if (!errors.length) checkHeader(header, catalogue, errors);
  if (errors.length) return plan;
  const context: RowContext = {
    catalogue,
    productByReference: new Map(catalogue.products.map((p) => [p.reference, p])),
    productById: new Map(catalogue.products.map((p) => [p.id, p])),
    packByReference: new Map(catalogue.packs.map((p) => [p.reference, p])),
    lineOfPack: new Map(),
    newName: new Map(),
  };
  for (const { line, cells } of rows) {
    const pack = checkRow(line, cells, context, errors);
    if (pack) plan.packs.push(pack);
  }
  checkGtins(plan.packs, catalogue, errors);
  if (!errors.length) describeChanges(plan, context);
  return plan;
}

/** The dry run: what the file would create and change, and its errors. Nothing is written. */
export async function dryRunImport(db: Database, siteId: number, csv: string): Promise<ImportReport> {
  return planImport(csv, await loadCatalogue(db, siteId)).report;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The products' versions (and new names), then the packs changed and created: set-based, a statement each. */
async function writeProductsAndPacks(tx: Executor, plan: ImportPlan, now: Date) {
  await tx.execute(sql`
    update product set version = product.version + 1, updated_at = ${now.toISOString()}::timestamptz,
      name = coalesce(x.name, product.name)
    from jsonb_to_recordset(${json([...plan.products].map(([id, name]) => ({ id, name: name ?? null })))})
      as x(id int, name text)
    where product.id = x.id`);

  // The packs whose own fields change (most imports change prices only).
  const updates = plan.packs.filter(({ existing: old, ...now }) =>
    old
      ? old.label !== now.label ||
        old.gtin !== now.gtin ||
        old.quantity !== now.quantity ||
        old.unit !== now.unit
      : false,
  );
  const creates = plan.packs.filter((pack) => !pack.existing);
  // Two packs may swap GTINs: free the changing ones first, so the unique index never sees one twice.
  const moving = updates.filter((pack) => pack.existing!.gtin !== pack.gtin).map((pack) => pack.existing!.id);
  if (moving.length) {
    await tx.execute(sql`
      update variant set gtin = 'moving-' || id
      where id in (select value::int from jsonb_array_elements_text(${json(moving)}))`);
  }
  if (updates.length) {
    await tx.execute(sql`
      update variant set label = x.label, gtin = x.gtin, quantity = x.quantity, unit = x.unit
      from jsonb_to_recordset(${json(
        updates.map((p) => ({
          id: p.existing!.id,
          label: p.label,
          gtin: p.gtin,
          quantity: p.quantity,
          unit: p.unit,
        })),
      )}) as x(id int, label text, gtin text, quantity float8, unit text)
      where variant.id = x.id`);
  }
  if (creates.length) {
    // After the product's packs, in the file's order.
    await tx.execute(sql`
      insert into variant (product_id, reference, label, gtin, quantity, unit, position)
      select x.product_id, x.reference, x.label, x.gtin, x.quantity, x.unit,
        coalesce((select max(position) from variant v where v.product_id = x.product_id), -1)
          + row_number() over (partition by x.product_id order by x.n)
      from jsonb_to_recordset(${json(
        creates.map((p, n) => ({
          n,
          product_id: p.productId,
          reference: p.reference,
          label: p.label,
          gtin: p.gtin,
          quantity: p.quantity,
          unit: p.unit,
        })),
      )}) as x(n int, product_id int, reference text, label text, gtin text, quantity float8, unit text)`);
  }
}

/** The prices that change, in their plan's basis: one upsert. */
async function writePrices(tx: Executor, plan: ImportPlan) {
  const incVat = new Set(plan.plans.filter((p) => p.incVat).map((p) => p.planId));
  const prices = plan.packs.flatMap((pack) =>
    [...pack.prices]
      .filter(([planId, pence]) => pack.existing?.prices.get(planId) !== pence)
      .map(([planId, pence]) => ({
        reference: pack.reference,
        plan_id: planId,
        ex: incVat.has(planId) ? null : pence,
        inc: incVat.has(planId) ? pence : null,
      })),
  );
  if (prices.length) {
    await tx.execute(sql`
      insert into variant_price (variant_id, plan_id, price_ex_vat_pence, price_inc_vat_pence)
      select v.id, x.plan_id, x.ex, x.inc
      from jsonb_to_recordset(${json(prices)}) as x(reference text, plan_id int, ex int, inc int)
      join variant v on v.reference = x.reference
      on conflict (variant_id, plan_id) do update
        set price_ex_vat_pence = excluded.price_ex_vat_pence, price_inc_vat_pence = excluded.price_inc_vat_pence`);
  }
}

async function writePlan(tx: Executor, plan: ImportPlan, now: Date) {
  await writeProductsAndPacks(tx, plan, now);
  await writePrices(tx, plan);
}

/**
 * The apply: the file checked again, then written in the transaction `tx` (the caller's, which records the audit
 * event) if the catalogue's token is still `token`. Products are locked first; their versions move on.
 */
export async function applyImport(
  tx: Executor,
  siteId: number,
  csv: string,
  token: string,
  now: Date,
): Promise<ImportReport> {
  // Every product of the site locked, so no other write slips in between the check and the writes.
  const locked = await tx
    .select({ id: products.id, version: products.version })
    .from(products)
    .where(eq(products.siteId, siteId))
    .for('update');
  if (tokenOf(siteId, locked) !== token) {
    throw new DomainError(
      'version_conflict',
      'The catalogue changed since the dry run: run the dry run again and check its changes',
    );
  }
  const catalogue = await loadCatalogue(tx, siteId);
  const plan = planImport(csv, catalogue);
  const { report } = plan;
  if (report.errors.length) {
    throw new DomainError(
      'invalid_request',
      `The file has ${report.errors.length} errors: nothing was written`,
      {
        fields: report.errors.slice(0, 50).map((e) => ({
          field: `line ${e.line}${e.column ? `, ${e.column}` : ''}`,
          message: e.message,
        })),
        fieldsOf: 'state',
      },
    );
  }
  if (!plan.products.size) return report;
  await writePlan(tx, plan, now);
  const after = await tx
    .select({ id: products.id, version: products.version })
    .from(products)
    .where(eq(products.siteId, siteId));
  report.token = tokenOf(siteId, after);
  return report;
}
