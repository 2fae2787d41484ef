/**
 * One stockist by id, and the staff writes (create, update, delete). Coordinates may be left out: they are then
 * taken from the postcode table (the most precise code known), so staff can add a shop from its address alone.
 */
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { stockists } from '../../db/schema.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { locatePostcode } from './geocode.ts';
import type { Stockist, StockistCreate, StockistUpdate } from './schemas.ts';

type StockistRow = typeof stockists.$inferSelect;

function toStockist(row: StockistRow): Stockist {
  return {
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

export async function findStockist(db: Database, siteId: number, stockistId: number): Promise<Stockist> {
  return toStockist(await findRow(db, siteId, stockistId));
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

export async function createStockist(db: Database, siteId: number, body: StockistCreate): Promise<Stockist> {
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

/** Partial update: fields not sent are kept; a new postcode without coordinates moves the shop to it. */
export async function updateStockist(db: Database, siteId: number, body: StockistUpdate): Promise<Stockist> {
  const existing = await findRow(db, siteId, body.id);
  const postcode =
    body.postcode === undefined ? existing.postcode : formatPostcode(normalisePostcode(body.postcode));
  let point = { latitude: existing.latitude, longitude: existing.longitude };
  if (body.latitude !== undefined && body.longitude !== undefined) {
    point = { latitude: body.latitude, longitude: body.longitude };
  } else if (postcode !== existing.postcode) {
    point = await locate(db, postcode);
  }
  const [row] = await db
    .update(stockists)
    .set({
      name: body.name ?? existing.name,
      type: body.type ?? existing.type,
      address: body.address ?? existing.address,
      town: body.town ?? existing.town,
      postcode,
      ...point,
      phone: body.phone ?? existing.phone,
      openingHours: body.opening_hours ?? existing.openingHours,
      audiences: body.audiences ?? existing.audiences,
    })
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, body.id)))
    .returning();
  if (!row) throw notFound(`Stockist ${body.id}`);
  return toStockist(row);
}

export async function deleteStockist(db: Database, siteId: number, stockistId: number): Promise<void> {
  const deleted = await db
    .delete(stockists)
    .where(and(eq(stockists.siteId, siteId), eq(stockists.id, stockistId)))
    .returning({ id: stockists.id });
  if (deleted.length === 0) throw notFound(`Stockist ${stockistId}`);
}
