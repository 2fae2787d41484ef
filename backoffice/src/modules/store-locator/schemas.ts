/** The store locator's queries, bodies and answers. */
import { AUDIENCES } from '@plasterwick/shop-rules/constants';
import { fullPostcode, phone, required } from '@plasterwick/shop-rules/forms';
import { POSTCODE_PATTERN } from '@plasterwick/shop-rules/postcode';
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { audienceSchema } from '../content/index.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const stockistTypes = ['builders_merchant', 'trade_counter', 'diy_store'] as const;

/** A stockist as the API returns it (search results add `distance_km`). */
export const stockistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(stockistTypes),
  address: z.string(),
  town: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  opening_hours: z.array(z.object({ days: z.string(), hours: z.string() })),
  audiences: z.array(z.string()),
});
export type Stockist = z.infer<typeof stockistSchema>;

export const stockistItem = stockistSchema.extend({ distance_km: z.number() });

/**
 * One stockist as staff read and write it (`GET /store-locator/{id}` and each write's answer): with its `version`,
 * which rises with each staff write to it (docs/api-contract.md, "Writes that never lose data").
 */
export const stockistRecord = stockistSchema.extend({ version: z.number().int() });
export type StockistRecord = z.infer<typeof stockistRecord>;

export const originSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
  precision: z.enum(['point', 'full', 'district', 'area', 'town']),
});
export type Origin = z.infer<typeof originSchema>;

export const stockistSearchResponse = z.object({
  data: z.object({ items: z.array(stockistItem), total: z.number().int(), origin: originSchema }),
});
export const stockistParams = z.object({ id });
export const stockistResponse = z.object({ data: stockistRecord });

/** Stockists near a point (lat+lng), a postcode (full, district or area) or a town. */
export const stockistSearchQuery = commonQuery.extend({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  postcode: z
    .string()
    .trim()
    .max(10)
    .regex(POSTCODE_PATTERN, 'must be a UK postcode, district (M1) or area (M)')
    .optional(),
  town: z.string().trim().min(1).max(100).optional(),
  type: z.enum(stockistTypes).optional(),
  radius: z.coerce.number().positive().max(500).default(50),
  perPage: boundedInt(1, 100, 20),
  page: boundedInt(1, 10000, 1),
  audience: audienceSchema.optional(),
});

// ---- staff writes ------------------------------------------------------------------------------------------

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

/**
 * `PUT /store-locator`: a full replace, so every field is required, the point included (a missing one is a 400
 * naming it, never a default); `version`, when given, must still be the stored one.
 */
export const stockistReplacement = z.object({ id, version: writeVersion.optional(), ...stockistFields });
export type StockistReplacement = z.infer<typeof stockistReplacement>;

/**
 * `PATCH /store-locator/{id}`: only the fields named change, from the stockist's `version`; a new postcode without
 * coordinates moves the shop to it. Unknown fields are refused rather than ignored.
 */
export const stockistPatch = z
  .object({ version: writeVersion, ...z.object(stockistFields).partial().shape })
  .strict()
  .superRefine(coordinatesTogether);
export type StockistPatch = z.infer<typeof stockistPatch>;
