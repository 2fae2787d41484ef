/**
 * One stockist by id, and the staff writes (create, full replace, patch, delete), each from the stockist's version
 * (docs/api-contract.md, "Writes that never lose data"). Coordinates may be left out: they are then
 * taken from the postcode table (the most precise code known), so staff can add a shop from its address alone.
 */
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { stockists } from '../../db/schema.ts';
import { DomainError, notFound, versionConflict } from '../../lib/errors.ts';
import type { Snapshot } from '../audit/index.ts';
import { locatePostcode } from './geocode.ts';
import type { StockistCreate, StockistPatch, StockistRecord, StockistReplacement } from './schemas.ts';

type StockistRow = typeof stockists.$inferSelect;

function toStockist(row: StockistRow): StockistRecord {
  return {
    version: row.version,
    id: row.id,
    name: row.name,
    type: row.type,
    address: row.address,
    town: row.town,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    opening_hours: row.openingHours,
    audiences: row.audiences,
  };
}

async function findRow(db: Database, siteId: number, stockistId: number): Promise<StockistRow> {
  const [row] = await db
    .select()
    .from(stockists)
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, stockistId)));
  if (!row) throw notFound(`Stockist ${stockistId}`);
  return row;
}

export async function findStockist(
  db: Database,
  siteId: number,
  stockistId: number,
): Promise<StockistRecord> {
  return toStockist(await findRow(db, siteId, stockistId));
}

/**
 * The opening hours of the site's stockist `stockistId` as they stand now (an order keeps the stockist it was
 * placed with, not its hours); empty when the stockist is no longer listed.
 */
export async function stockistOpeningHours(
  db: Executor,
  siteId: number,
  stockistId: number,
): Promise<{ days: string; hours: string }[]> {
  const [row] = await db
    .select({ openingHours: stockists.openingHours })
    .from(stockists)
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, stockistId)));
  return row?.openingHours ?? [];
}

/** The point of a postcode from the postcode table; a postcode we cannot place needs explicit coordinates. */
async function locate(db: Database, postcode: string): Promise<{ latitude: number; longitude: number }> {
  const origin = await locatePostcode(db, postcode);
  if (!origin) {
    throw new DomainError(
      'invalid_request',
      'The postcode could not be located: give latitude and longitude',
      {
        fields: [
          { field: 'latitude', message: 'Required: the postcode could not be located' },
          { field: 'longitude', message: 'Required: the postcode could not be located' },
        ],
      },
    );
  }
  return { latitude: origin.latitude, longitude: origin.longitude };
}

export async function createStockist(
  db: Database,
  siteId: number,
  body: StockistCreate,
): Promise<StockistRecord> {
  const point =
    body.latitude !== undefined && body.longitude !== undefined
      ? { latitude: body.latitude, longitude: body.longitude }
      : await locate(db, body.postcode);
  const [row] = await db
    .insert(stockists)
    .values({
      siteId,
      name: body.name,
      type: body.type,
      address: body.address,
      town: body.town,
      postcode: formatPostcode(normalisePostcode(body.postcode)),
      ...point,
      phone: body.phone,
      openingHours: body.opening_hours,
      audiences: body.audiences,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toStockist(row);
}

/**
 * Moves the stockist to its next version if it is still at `expected` (whatever it is when undefined): one
 * conditional update, first in the write's transaction, so of two writes from the same version exactly one wins.
 * Otherwise the 409 naming the stored version (or the 404), which rolls the write back.
 */
async function bumpStockistVersion(tx: Executor, siteId: number, id: number, expected: number | undefined) {
  const [row] = await tx
    .update(stockists)
    .set({ version: sql`${stockists.version} + 1` })
    .where(
      and(
        eq(stockists.siteId, siteId),
        eq(stockists.id, id),
        expected === undefined ? undefined : eq(stockists.version, expected),
      ),
    )
    .returning({ version: stockists.version });
  if (row) return;
  const [stored] = await tx
    .select({ version: stockists.version })
    .from(stockists)
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, id)));
  if (!stored) throw notFound(`Stockist ${id}`);
  throw versionConflict(`Stockist ${id}`, expected, stored.version);
}

/** Writes the columns given, from `version` when given, and answers the stockist as stored. */
async function writeStockist(
  db: Database,
  siteId: number,
  id: number,
  version: number | undefined,
  columns: Partial<typeof stockists.$inferInsert>,
): Promise<StockistRecord> {
  return db.transaction(async (tx) => {
    await bumpStockistVersion(tx, siteId, id, version);
    const [row] = await tx
      .update(stockists)
      .set(columns)
      .where(and(eq(stockists.siteId, siteId), eq(stockists.id, id)))
      .returning();
    return toStockist(row!);
  });
}

/** `PUT /store-locator`: replaces every field of the stockist, its point included, from `version` when given. */
export async function replaceStockist(db: Database, siteId: number, body: StockistReplacement) {
  const { id, version, ...fields } = body;
  await findRow(db, siteId, id);
  return writeStockist(db, siteId, id, version, {
    name: fields.name,
    type: fields.type,
    address: fields.address,
    town: fields.town,
    postcode: formatPostcode(normalisePostcode(fields.postcode)),
    latitude: fields.latitude,
    longitude: fields.longitude,
    phone: fields.phone,
    openingHours: fields.opening_hours,
    audiences: fields.audiences,
  });
}

/** `PATCH /store-locator/{id}`: the fields named change; a new postcode without coordinates moves the shop to it. */
export async function patchStockist(db: Database, siteId: number, id: number, patch: StockistPatch) {
  const existing = await findRow(db, siteId, id);
  const postcode =
    patch.postcode === undefined ? undefined : formatPostcode(normalisePostcode(patch.postcode));
  let point = {};
  if (patch.latitude !== undefined && patch.longitude !== undefined) {
    point = { latitude: patch.latitude, longitude: patch.longitude };
  } else if (postcode !== undefined && postcode !== existing.postcode) {
    point = await locate(db, postcode);
  }
  return writeStockist(db, siteId, id, patch.version, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.type !== undefined ? { type: patch.type } : {}),
    ...(patch.address !== undefined ? { address: patch.address } : {}),
    ...(patch.town !== undefined ? { town: patch.town } : {}),
    ...(postcode !== undefined ? { postcode } : {}),
    ...point,
    ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
    ...(patch.opening_hours !== undefined ? { openingHours: patch.opening_hours } : {}),
    ...(patch.audiences !== undefined ? { audiences: patch.audiences } : {}),
  });
}

export async function deleteStockist(db: Database, siteId: number, stockistId: number): Promise<void> {
  const deleted = await db
    .delete(stockists)
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, stockistId)))
    .returning({ id: stockists.id });
  if (deleted.length === 0) throw notFound(`Stockist ${stockistId}`);
}

/**
 * What the audit trail compares before and after a stockist write: a shop's public listing, nothing personal.
 * The row is locked first, so a replace without a version records the state it really replaced.
 */
export async function stockistState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(stockists)
    .where(eq(stockists.id, Number(id)))
    .for('update');
  if (!row) return null;
  const { name, type, address, town, postcode, latitude, longitude, phone, openingHours, audiences } = row;
  return {
    name,
    type,
    address,
    town,
    postcode,
    latitude,
    longitude,
    phone,
    opening_hours: openingHours,
    audiences,
  };
}
