/**
 * Geocoding: where a postcode is (the most precise code the postcode table knows) and where a stockist search
 * starts (a point, a postcode or a town). Both the search and the staff writes of stockists use it.
 */
import { formatPostcode } from '@plasterwick/shop-rules/postcode';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { postcodes, stockists } from '../../db/schema.ts';
import { DomainError, fieldError } from '../../lib/errors.ts';
import { geocodeCandidates } from './postcode.ts';
import type { Origin } from './schemas.ts';

/** Where a search starts: the point lat+lng (both or neither), else the postcode, else the town. */
export async function findOrigin(
  db: Database,
  siteId: number,
  from: { lat?: number; lng?: number; postcode?: string; town?: string },
): Promise<Origin> {
  const { lat, lng, postcode, town } = from;
  if (lat !== undefined || lng !== undefined) {
    if (lat === undefined || lng === undefined) {
      const missing = lat === undefined ? 'lat' : 'lng';
      throw fieldError(
        'invalid_request',
        `query.${missing}`,
        'lat and lng go together',
        'Required with the other',
      );
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
  throw fieldError(
    'invalid_request',
    'query.postcode',
    'Give lat and lng, a postcode or a town',
    'Required without lat/lng or town',
  );
}

/** The point of a postcode: its most precise code the postcode table knows; undefined when it knows none. */
export async function locatePostcode(db: Database, value: string): Promise<Origin | undefined> {
  const candidates = geocodeCandidates(value);
  const rows = candidates.length
    ? await db.select().from(postcodes).where(inArray(postcodes.code, candidates))
    : [];
  const best = candidates.map((code) => rows.find((r) => r.code === code)).find(Boolean);
  if (!best) return undefined;
  return {
    latitude: best.latitude,
    longitude: best.longitude,
    label: formatPostcode(best.code),
    precision: best.precision,
  };
}

async function originFromPostcode(db: Database, value: string): Promise<Origin> {
  const origin = await locatePostcode(db, value);
  if (!origin) {
    throw new DomainError('postcode_not_found', `Postcode ${value.trim().toUpperCase()} was not found`);
  }
  return origin;
}

/** The middle of the site's stockists in a town (by name, any case). */
async function originFromTown(db: Database, siteId: number, town: string): Promise<Origin> {
  const [row] = await db
    .select({
      name: sql<string>`min(${stockists.town})`,
      latitude: sql<number>`avg(${stockists.latitude})::float8`,
      longitude: sql<number>`avg(${stockists.longitude})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(stockists)
    .where(and(eq(stockists.siteId, siteId), sql`lower(${stockists.town}) = lower(${town.trim()})`));
  if (!row || row.count === 0) throw new DomainError('town_not_found', `Town ${town.trim()} was not found`);
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    label: row.name,
    precision: 'town',
  };
}
