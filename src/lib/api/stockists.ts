/** `GET /store-locator`: stockists near a postcode, a town or a point, of the client's plan, nearest first. */
import { z } from 'zod';
import type { ApiClient } from './client.ts';
import { audiencesSchema, dataEnvelope } from './shared.ts';
import type { Audience } from '../config.ts';

export const STOCKIST_TYPES = ['builders_merchant', 'trade_counter', 'diy_store'] as const;
export type StockistType = (typeof STOCKIST_TYPES)[number];

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface Stockist {
  id: number;
  name: string;
  type: StockistType;
  address: string;
  town: string;
  postcode: string;
  latitude: number;
  longitude: number;
  phone: string;
  openingHours: OpeningHours[];
  audiences: Audience[];
  distanceKm: number;
}

export interface StockistOrigin {
  latitude: number;
  longitude: number;
  label: string;
  /** How exact the origin is: a postcode area or district centroid, a full postcode, a town or a point. */
  precision: string;
}

export interface StockistResults {
  items: Stockist[];
  total: number;
  origin: StockistOrigin;
}

export type StockistQuery = (
  { postcode: string } | { town: string } | { latitude: number; longitude: number }
) & { type?: StockistType; radiusKm?: number; perPage?: number };

const stockistSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(STOCKIST_TYPES),
  address: z.string(),
  town: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  opening_hours: z.array(z.object({ days: z.string(), hours: z.string() })),
  audiences: audiencesSchema,
  distance_km: z.number(),
});

const resultsSchema = dataEnvelope(
  z.object({
    items: z.array(stockistSchema),
    total: z.number(),
    origin: z.object({
      latitude: z.number(),
      longitude: z.number(),
      label: z.string(),
      precision: z.string(),
    }),
  }),
);

/**
 * Stockists around the query, filtered by the current plan (the client sends it) and `type`. An unknown postcode
 * or town throws a `BackofficeError` 404 whose body status is `postcode_not_found` / `town_not_found`.
 */
export async function findStockists(
  api: ApiClient,
  query: StockistQuery,
  signal?: AbortSignal,
): Promise<StockistResults> {
  const where =
    'postcode' in query
      ? { postcode: query.postcode }
      : 'town' in query
        ? { town: query.town }
        : { lat: query.latitude, lng: query.longitude };
  const { data } = await api.get('/store-locator', resultsSchema, {
    query: { ...where, type: query.type, radius: query.radiusKm, perPage: query.perPage },
    signal,
  });
  return {
    total: data.total,
    origin: data.origin,
    items: data.items.map((dto) => ({
      id: dto.id,
      name: dto.name,
      type: dto.type,
      address: dto.address,
      town: dto.town,
      postcode: dto.postcode,
      latitude: dto.latitude,
      longitude: dto.longitude,
      phone: dto.phone,
      openingHours: dto.opening_hours,
      audiences: dto.audiences,
      distanceKm: dto.distance_km,
    })),
  };
}
