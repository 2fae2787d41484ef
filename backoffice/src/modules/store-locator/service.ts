/** Stockist search by distance (earthdistance) from a point, a postcode (most precise known) or a town. */
import { formatPostcode } from '@plasterwick/shop-rules/postcode';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { postcodes, stockists } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { geocodeCandidates } from './postcode.ts';
import type { Origin, stockistTypes } from './schemas.ts';

/** Where a search starts: the point lat+lng (both or neither), else the postcode, else the town. */
export async function findOrigin(
  db: Database,
  siteId: number,
  from: { lat?: number; lng?: number; postcode?: string; town?: string },
): Promise<Origin> {
  const { lat, lng, postcode, town } = from;
  if (lat !== undefined || lng !== undefined) {
    if (lat === undefined || lng === undefined) {
      throw badRequest('lat and lng go together', [
        { field: `querystring.${lat === undefined ? 'lat' : 'lng'}`, message: 'Required with the other' },
      ]);
    }
    return {
      latitude: lat,
      longitude: lng,
      label: `${lat.toFixed(4)}, ${lng.toFixed(4)}`,
      precision: 'point',
    };
  }
  if (postcode) return originFromPostcode(db, postcode);
  if (town) return originFromTown(db, siteId, town);
  throw badRequest('Give lat and lng, a postcode or a town', [
    { field: 'querystring.postcode', message: 'Required without lat/lng or town' },
  ]);
}

export async function originFromPostcode(db: Database, value: string): Promise<Origin> {
  const candidates = geocodeCandidates(value);
  const rows = candidates.length
    ? await db.select().from(postcodes).where(inArray(postcodes.code, candidates))
    : [];
  const best = candidates.map((code) => rows.find((r) => r.code === code)).find(Boolean);
  if (!best) {
    throw new ApiError(404, 'postcode_not_found', `Postcode ${value.trim().toUpperCase()} was not found`);
  }
  return {
    latitude: best.latitude,
    longitude: best.longitude,
    label: formatPostcode(best.code),
    precision: best.precision,
  };
}

export async function originFromTown(db: Database, siteId: number, town: string): Promise<Origin> {
  const [row] = await db
    .select({
      name: sql<string>`min(${stockists.town})`,
      latitude: sql<number>`avg(${stockists.latitude})::float8`,
      longitude: sql<number>`avg(${stockists.longitude})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(stockists)
    .where(and(eq(stockists.siteId, siteId), sql`lower(${stockists.town}) = lower(${town.trim()})`));
  if (!row || row.count === 0) throw new ApiError(404, 'town_not_found', `Town ${town.trim()} was not found`);
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    label: row.name,
    precision: 'town',
  };
}

export interface SearchOptions {
  siteId: number;
  origin: Origin;
  radiusKm: number;
  type: (typeof stockistTypes)[number] | undefined;
  audience: string | undefined;
  perPage: number;
  page: number;
}

export async function searchStockists(db: Database, options: SearchOptions) {
  const { origin } = options;
  const distanceMetres = sql<number>`earth_distance(ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8), ll_to_earth(${stockists.latitude}, ${stockists.longitude}))`;
  const conditions: SQL[] = [
    eq(stockists.siteId, options.siteId),
    sql`${distanceMetres} <= ${options.radiusKm * 1000}`,
  ];
  if (options.type) conditions.push(eq(stockists.type, options.type));
  if (options.audience) conditions.push(sql`${options.audience} = any(${stockists.audiences})`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ stockist: stockists, distance: distanceMetres })
      .from(stockists)
      .where(where)
      .orderBy(asc(distanceMetres), asc(stockists.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(stockists)
      .where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map(({ stockist: s, distance }) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      address: s.address,
      town: s.town,
      postcode: s.postcode,
      latitude: s.latitude,
      longitude: s.longitude,
      phone: s.phone,
      opening_hours: s.openingHours,
      audiences: s.audiences,
      distance_km: Math.round(Number(distance) / 100) / 10,
    })),
  };
}

export { findStockist } from './stockists.ts';
