/**
 * Discount codes as staff manage them (issue 24): the list with each code's uses and state, one code, and the
 * writes (create, partial change from a version, deactivate, activate). The rules the database cannot say in a
 * CHECK (a free product's pack exists, the code is free on the site, a limit not below the uses made) are checked
 * here and answered as field errors; the CHECKs and the unique key guard the rest (tables.ts).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { products, variants } from '../../db/schema.ts';
import { DomainError, notFound, versionConflict, type FieldError } from '../../lib/errors.ts';
import type { Snapshot } from '../audit/index.ts';
import { discounts, type DiscountRow } from './tables.ts';
import type {
  DiscountCreateBody,
  DiscountKind,
  DiscountListQuery,
  DiscountPatchBody,
  DiscountState,
  StaffDiscount,
} from './staff-schemas.ts';

/** The state of a code at `now`, as the list shows it (the first that holds, in this order). */
export function discountState(row: DiscountRow, now: Date): DiscountState {
  if (!row.active) return 'deactivated';
  if (row.endsAt && row.endsAt <= now) return 'expired';
  if (row.usageLimit !== null && row.used >= row.usageLimit) return 'used_up';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  return 'active';
}

/** The same state in SQL, for the list's filter. */
function stateSql(now: Date): SQL<DiscountState> {
  const at = now.toISOString();
  return sql<DiscountState>`case
    when not ${discounts.active} then 'deactivated'
    when ${discounts.endsAt} is not null and ${discounts.endsAt} <= ${at}::timestamptz then 'expired'
    when ${discounts.usageLimit} is not null and ${discounts.used} >= ${discounts.usageLimit} then 'used_up'
    when ${discounts.startsAt} is not null and ${discounts.startsAt} > ${at}::timestamptz then 'scheduled'
    else 'active' end`;
}

const kindOf = (row: DiscountRow): DiscountKind =>
  row.type === 'free_product' ? 'free_product' : row.unit === 'pence' ? 'fixed_amount' : 'percentage';

export function toStaffDiscount(row: DiscountRow, now: Date): StaffDiscount {
  const kind = kindOf(row);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind,
    percent: kind === 'percentage' ? row.value : null,
    amount_pence: kind === 'fixed_amount' ? row.value : null,
    free_variant_reference: row.freeVariantReference,
    audience: row.audience ?? 'both',
    min_subtotal_pence: row.minSubtotalPence,
    usage_limit: row.usageLimit,
    used: row.used,
    once_per_customer: row.oncePerCustomer,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    active: row.active,
    state: discountState(row, now),
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const sortColumns = {
  id: discounts.id,
  code: discounts.code,
  created_at: discounts.createdAt,
  starts_at: discounts.startsAt,
  ends_at: discounts.endsAt,
  used: discounts.used,
} as const;

const KIND_WHERE: Record<DiscountKind, SQL> = {
  percentage: sql`${discounts.type} = 'cart_discount' and ${discounts.unit} = 'percent'`,
  fixed_amount: sql`${discounts.type} = 'cart_discount' and ${discounts.unit} = 'pence'`,
  free_product: sql`${discounts.type} = 'free_product'`,
};

/** `GET /staff/discounts`: a page of the site's codes, filtered and sorted in the database. */
export async function listStaffDiscounts(db: Executor, siteId: number, query: DiscountListQuery, now: Date) {
  const where = and(
    eq(discounts.siteId, siteId),
    query.q === undefined ? undefined : sql`${discounts.code} like ${likePattern(query.q.toUpperCase())}`,
    query.state === undefined ? undefined : sql`${stateSql(now)} = ${query.state}`,
    query.kind === undefined ? undefined : KIND_WHERE[query.kind],
  );
  const direction = query.order === 'ASC' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(discounts).where(where);
  const rows = await db
    .select()
    .from(discounts)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(discounts.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items: rows.map((row) => toStaffDiscount(row, now)), total: total?.n ?? 0 };
}

async function discountRow(db: Executor, siteId: number, id: number): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.siteId, siteId), eq(discounts.id, id)));
  if (!row) throw notFound(`Discount ${id}`);
  return row;
}

export async function staffDiscount(db: Executor, siteId: number, id: number, now: Date) {
  return toStaffDiscount(await discountRow(db, siteId, id), now);
}

/** The audit trail's view of a code: its stored fields (no personal data in a discount). */
export async function discountSnapshot(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(eq(discounts.id, Number(id)));
  if (!row) return null;
  const { createdAt: _created, ...rest } = row;
  return rest;
}

type Fields = Omit<DiscountCreateBody, 'version'>;

const invalid = (errors: FieldError[]) =>
  new DomainError('invalid_discount', errors.map((e) => e.message).join('. '), { fields: errors });

/**
 * The columns of a discount from its fields, or the field errors: each kind needs its own value (the others are
 * cleared), a free product a pack of the site, the end after the start, a limit not below the uses made.
 */
async function columnsOf(tx: Executor, siteId: number, fields: Fields, used: number) {
  const errors: FieldError[] = [];
  let type: DiscountRow['type'] = 'cart_discount';
  let unit: DiscountRow['unit'] = null;
  let value: number | null = null;
  let freeVariantReference: string | null = null;
  if (fields.kind === 'percentage') {
    unit = 'percent';
    value = fields.percent ?? null;
    if (value === null) errors.push({ field: 'percent', message: 'Enter the percentage off, from 1 to 100' });
  } else if (fields.kind === 'fixed_amount') {
    unit = 'pence';
    value = fields.amount_pence ?? null;
    if (value === null) errors.push({ field: 'amount_pence', message: 'Enter the amount off' });
  } else {
    type = 'free_product';
    freeVariantReference = fields.free_variant_reference ?? null;
    if (freeVariantReference === null) {
      errors.push({ field: 'free_variant_reference', message: 'Enter the reference of the pack given' });
    } else {
      const [pack] = await tx
        .select({ reference: variants.reference })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(products.siteId, siteId), eq(variants.reference, freeVariantReference)));
      if (!pack) {
        errors.push({
          field: 'free_variant_reference',
          message: `No pack of the catalogue has the reference ${freeVariantReference}`,
        });
      }
    }
  }
  const startsAt = fields.starts_at ? new Date(fields.starts_at) : null;
  const endsAt = fields.ends_at ? new Date(fields.ends_at) : null;
  if (startsAt && endsAt && endsAt <= startsAt) {
    errors.push({ field: 'ends_at', message: 'The end must be after the start' });
  }
  const usageLimit = fields.usage_limit ?? null;
  if (usageLimit !== null && usageLimit < used) {
    errors.push({
      field: 'usage_limit',
      message: `The code has already been used ${used} times: the limit cannot be lower`,
    });
  }
  if (errors.length > 0) throw invalid(errors);
  return {
    code: fields.code,
    description: fields.description,
    type,
    unit,
    value,
    freeVariantReference,
    audience: fields.audience === 'both' ? null : fields.audience,
    minSubtotalPence: fields.min_subtotal_pence ?? null,
    usageLimit,
    oncePerCustomer: fields.once_per_customer,
    startsAt,
    endsAt,
  };
}

/** 409 when another code of the site already has `code` (the unique key answers a race the same way). */
async function checkCodeFree(tx: Executor, siteId: number, code: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: discounts.id })
    .from(discounts)
    .where(and(eq(discounts.siteId, siteId), eq(discounts.code, code)));
  if (taken && taken.id !== exceptId) {
    throw new DomainError('discount_code_taken', `Another discount already has the code ${code}`, {
      fields: [{ field: 'code', message: `Another discount already has the code ${code}` }],
      conflict: true,
    });
  }
}

/** `POST /staff/discounts`. */
export async function createDiscount(tx: Executor, siteId: number, body: DiscountCreateBody, now: Date) {
  await checkCodeFree(tx, siteId, body.code, null);
  const columns = await columnsOf(tx, siteId, body, 0);
  const [row] = await tx
    .insert(discounts)
    .values({ siteId, ...columns, createdAt: now })
    .returning();
  return toStaffDiscount(row!, now);
}

/** The stored discount's fields, as a PATCH body names them. */
function fieldsOf(row: DiscountRow): Fields {
  const current = toStaffDiscount(row, new Date(0));
  return {
    code: current.code,
    description: current.description,
    kind: current.kind,
    percent: current.percent,
    amount_pence: current.amount_pence,
    free_variant_reference: current.free_variant_reference,
    audience: current.audience,
    min_subtotal_pence: current.min_subtotal_pence,
    usage_limit: current.usage_limit,
    once_per_customer: current.once_per_customer,
    starts_at: current.starts_at,
    ends_at: current.ends_at,
  };
}

/**
 * Moves the code to its next version if it is still at `expected`: one conditional update, first in the write's
 * transaction, so of two writes from one version exactly one wins; else the 409 naming the stored version.
 */
async function bumpVersion(tx: Executor, siteId: number, id: number, expected: number): Promise<DiscountRow> {
  const [row] = await tx
    .update(discounts)
    .set({ version: sql`${discounts.version} + 1` })
    .where(and(eq(discounts.siteId, siteId), eq(discounts.id, id), eq(discounts.version, expected)))
    .returning();
  if (row) return row;
  const stored = await discountRow(tx, siteId, id);
  throw versionConflict(`Discount ${stored.code}`, expected, stored.version);
}

/** `PATCH /staff/discounts/{id}`: the named fields over the stored ones, checked whole, from `version`. */
export async function patchDiscount(
  tx: Executor,
  siteId: number,
  id: number,
  body: DiscountPatchBody,
  now: Date,
) {
  const { version, ...named } = body;
  const row = await bumpVersion(tx, siteId, id, version);
  const defined = Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
  const fields: Fields = { ...fieldsOf(row), ...defined };
  if (fields.code !== row.code) await checkCodeFree(tx, siteId, fields.code, id);
  const columns = await columnsOf(tx, siteId, fields, row.used);
  const [updated] = await tx
    .update(discounts)
    .set(columns)
    .where(and(eq(discounts.siteId, siteId), eq(discounts.id, id)))
    .returning();
  return toStaffDiscount(updated!, now);
}

/**
 * Deactivate or activate: a conditional move (`where active = <from>`); asking again for the state it is in
 * changes nothing and answers the code as it is (a second click is harmless).
 */
export async function setDiscountActive(
  tx: Executor,
  siteId: number,
  id: number,
  active: boolean,
  now: Date,
) {
  const [moved] = await tx
    .update(discounts)
    .set({ active, version: sql`${discounts.version} + 1` })
    .where(and(eq(discounts.siteId, siteId), eq(discounts.id, id), eq(discounts.active, !active)))
    .returning();
  return toStaffDiscount(moved ?? (await discountRow(tx, siteId, id)), now);
}
