/**
 * Carriers and where they deliver: each plan's carriers with their weight bands (read once, then cached), and the
 * destination a postcode names. Home delivery is UK only: the Channel Islands and the Isle of Man are not served;
 * the Scottish Highlands and islands and Northern Ireland cost a surcharge.
 */
import { normalisePostcode, postcodeArea, precisionOf } from '@plasterwick/shop-rules/postcode';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { carrierRates, carriers } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CarrierInput, Destination } from './pricing.ts';

/** Postcode areas outside the UK: no home delivery there. */
const NOT_SERVED = new Set(['GY', 'JE', 'IM']);
/** Highlands and islands, and Northern Ireland: delivered with the carrier's surcharge. */
const REMOTE = new Set(['HS', 'ZE', 'KW', 'IV', 'PH', 'PA', 'BT']);

/** Where a postcode (area, district or full) is; unknown (no postcode) counts as the mainland for an estimate. */
export function destinationOf(postcode: string | undefined): Destination {
  if (postcode === undefined) return 'mainland';
  const area = postcodeArea(normalisePostcode(postcode));
  if (NOT_SERVED.has(area)) return 'not_served';
  return REMOTE.has(area) ? 'remote' : 'mainland';
}

/** A postcode from the query, checked (400 naming it otherwise). */
export function checkedPostcode(
  value: string | undefined,
  field = 'querystring.postcode',
): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const normalised = normalisePostcode(value);
  if (!precisionOf(normalised)) {
    throw badRequest('Please enter a valid postcode', [{ field, message: 'Please enter a valid postcode' }]);
  }
  return normalised;
}

export interface CarrierOfPlan extends CarrierInput {
  id: number;
}

/** The plan's active carriers, in display order, with their bands (cached: carriers change with a release). */
export function loadCarriers(db: Database, cache: ReadCache, planId: number): Promise<CarrierOfPlan[]> {
  return cache.get(`carriers:plan:${planId}`, async () => {
    const rows = await db
      .select()
      .from(carriers)
      .where(eq(carriers.planId, planId))
      .orderBy(asc(carriers.position), asc(carriers.id));
    const active = rows.filter((row) => row.active);
    if (active.length === 0) return [];
    const bands = await db
      .select()
      .from(carrierRates)
      .where(
        inArray(
          carrierRates.carrierId,
          active.map((row) => row.id),
        ),
      )
      .orderBy(asc(carrierRates.upToGrams));
    return active.map((row) => ({
      id: row.id,
      code: row.code,
      label: row.label,
      description: row.description,
      nextDay: row.nextDay,
      freeOver: row.freeOverPence,
      remoteSurcharge: row.remoteSurchargePence,
      bands: bands
        .filter((band) => band.carrierId === row.id)
        .map((band) => ({ upToGrams: band.upToGrams, price: band.pricePence })),
    }));
  });
}
