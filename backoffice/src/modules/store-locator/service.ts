/** Stockist search by distance (earthdistance) from where the search starts (geocode.ts). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { stockists } from '../../db/schema.ts';
import type { Origin, stockistTypes } from './schemas.ts';

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
