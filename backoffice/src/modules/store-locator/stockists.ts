/**
 * One stockist by id, and the staff writes (create, update, delete). Coordinates may be left out: they are then
 * taken from the postcode table (the most precise code known), so staff can add a shop from its address alone.
 */
import { AUDIENCES } from '@plasterwick/shop-rules/constants';
import { fullPostcode, phone, required } from '@plasterwick/shop-rules/forms';
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { stockists } from '../../db/schema.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { originFromPostcode, stockistTypes, type Stockist } from './service.ts';

/**
 * The UK with the Channel Islands and the Isle of Man: a point outside is a typo or swapped coordinates, which
 * would put the shop in the sea and out of every search radius.
 */
export const UK_BOUNDS = { latitude: [49, 61], longitude: [-9, 2] } as const;

const latitude = z
  .number({ error: 'must be a number' })
  .min(UK_BOUNDS.latitude[0], `must be within the UK (${UK_BOUNDS.latitude.join(' to ')})`)
  .max(UK_BOUNDS.latitude[1], `must be within the UK (${UK_BOUNDS.latitude.join(' to ')})`);
const longitude = z
  .number({ error: 'must be a number' })
  .min(UK_BOUNDS.longitude[0], `must be within the UK (${UK_BOUNDS.longitude.join(' to ')})`)
  .max(UK_BOUNDS.longitude[1], `must be within the UK (${UK_BOUNDS.longitude.join(' to ')})`);

const stockistFields = {
  name: required(200),
  type: z.enum(stockistTypes, { error: `must be one of ${stockistTypes.join(', ')}` }),
  address: required(300),
  town: required(100),
  /** A shop has an exact address: a full postcode. */
  postcode: fullPostcode(),
  latitude,
  longitude,
  phone: phone(),
  opening_hours: z.array(z.object({ days: required(50), hours: required(50) })).max(14),
  audiences: z
    .array(z.enum(AUDIENCES, { error: `must be ${AUDIENCES.join(' or ')}` }))
    .min(1, 'Field required')
    .max(AUDIENCES.length)
    .refine((list) => new Set(list).size === list.length, 'must not repeat an audience'),
};

/** Latitude and longitude describe one point: both or neither. */
function coordinatesTogether(body: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) {
  if ((body.latitude === undefined) !== (body.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [body.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'Give latitude and longitude together (or neither, to locate the postcode)',
    });
  }
}

export const stockistCreateBody = z
  .object({
    ...stockistFields,
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    opening_hours: stockistFields.opening_hours.default([]),
  })
  .superRefine(coordinatesTogether);
export type StockistCreate = z.infer<typeof stockistCreateBody>;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const stockistUpdateBody = z
  .object({
    id,
    name: stockistFields.name.optional(),
    type: stockistFields.type.optional(),
    address: stockistFields.address.optional(),
    town: stockistFields.town.optional(),
    postcode: stockistFields.postcode.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    phone: stockistFields.phone.optional(),
    opening_hours: stockistFields.opening_hours.optional(),
    audiences: stockistFields.audiences.optional(),
  })
  .superRefine(coordinatesTogether);
export type StockistUpdate = z.infer<typeof stockistUpdateBody>;

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
  try {
    const { latitude: lat, longitude: lng } = await originFromPostcode(db, postcode);
    return { latitude: lat, longitude: lng };
  } catch (error) {
    if (error instanceof ApiError && error.status === 'postcode_not_found') {
      throw badRequest('The postcode could not be located: give latitude and longitude', [
        { field: 'body.latitude', message: 'Required: the postcode could not be located' },
        { field: 'body.longitude', message: 'Required: the postcode could not be located' },
      ]);
    }
    throw error;
  }
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
