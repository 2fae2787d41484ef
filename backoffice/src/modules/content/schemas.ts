/**
 * Queries, bodies and answers of the content calls. The generic resources' item and input schemas live in their
 * registry (resources.ts), beside each resource's row mapping.
 */
import { z } from 'zod';
import { errorResponses, versionConflictBody, writeVersion } from '../../lib/http.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import {
  audienceSchema,
  indexFilterSchema,
  menuItemFieldsSchema,
  menuItemSchema,
  type ResourceDefinition,
} from './resources.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Common parameters plus an explicit audience (else the plan's). */
export const audienceQuery = commonQuery.extend({ audience: audienceSchema.optional() });

export const indexQuery = audienceQuery.extend({
  perPage: boundedInt(1, 100, 50),
  page: boundedInt(1, 100000, 1),
  ...indexFilterSchema.shape,
});
export const idOrSlugParams = z.object({ id: z.string().min(1).max(200) });

/** The fields of a create body with their defaults taken off: each one a write must name. */
function requiredShape(input: ResourceDefinition['input']): z.ZodRawShape {
  return Object.fromEntries(
    Object.entries(input.shape).map(([key, field]) => [
      key,
      field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field,
    ]),
  );
}

/**
 * `PUT /{resource}`: a full replace, so every field is required (a missing one is a 400 naming it, never a silent
 * default; an optional one left out is removed); `version`, when given, must still be the stored one.
 */
export const replaceBody = (definition: ResourceDefinition) =>
  z.object({ id, version: writeVersion.optional(), ...requiredShape(definition.input) });

/** `PATCH /{resource}/{id}`: the fields named change, from the entry's `version`; an unknown field is refused. */
export const patchBody = (definition: ResourceDefinition) =>
  z.object({ version: writeVersion, ...z.object(requiredShape(definition.input)).partial().shape }).strict();

/** A 409 of an entry write; a `version_conflict` names the stored version, to read again from. */
/** The refusals of an entry write: 409 is a stale version (`version_conflict`, naming `current_version`). */
export const entryWriteErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

export const entryParams = z.object({ id });
export const menuItemParams = z.object({ id, item_id: id });

/** One menu item's own fields (its children have their own calls). */
const menuItemFields = menuItemFieldsSchema.omit({ id: true });

/** `POST /menu/{id}/items`: a new item (with children if given) under `parent_item_id` (else the top), at `position` (else last). */
export const menuItemCreate = menuItemFields
  .extend({
    version: writeVersion,
    childs: z.array(menuItemSchema).max(60).default([]),
    parent_item_id: id.nullable().optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
/**
 * `PATCH /menu/{id}/items/{item_id}`: the item's named fields change; its children and the other items stay. Naming
 * `parent_item_id` (null: the top) or `position` moves it (with its children) there; `url`, `code`, `color` or
 * `extract` given as null is removed.
 */
export const menuItemPatch = menuItemFields
  .partial()
  .extend({
    // An optional field given as null is removed (an item that stops being the selector guide loses its code).
    url: menuItemFields.shape.url.nullable(),
    code: menuItemFields.shape.code.nullable(),
    color: menuItemFields.shape.color.nullable(),
    extract: menuItemFields.shape.extract.nullable(),
    version: writeVersion,
    parent_item_id: id.nullable().optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
/** `DELETE /menu/{id}/items/{item_id}`: the menu's version, in the body or the query. */
export const menuItemDeleteQuery = commonQuery.extend({
  version: z.coerce.number().pipe(writeVersion).optional(),
});
export const menuItemDeleteBody = z.object({ version: writeVersion }).strict().nullish();

export const previewParams = z.object({ id });
export const previewQuery = commonQuery.extend({ token: z.string().max(200).optional() });

export const settingsResponse = z.object({
  data: z.array(z.object({ code: z.string(), value: z.string() })),
});

const linkSchema = z.object({ title: z.string(), slug: z.string() });
export type SitemapLink = z.infer<typeof linkSchema>;
export const sitemapSchema = z.object({
  data: z.object({ items: z.array(z.object({ title: z.string(), items: z.array(linkSchema) })) }),
});
export type SitemapSection = z.infer<typeof sitemapSchema>['data']['items'][number];

export const cityQuery = commonQuery.extend({
  q: z.string().trim().min(1).max(100).optional(),
  postcode: z.string().trim().min(1).max(10).optional(),
  perPage: boundedInt(1, 100, 20),
});
export const cityResponse = z.object({
  data: z.object({ items: z.array(z.object({ name: z.string(), postcode: z.string() })) }),
});

export const contentVersionSchema = z.object({
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;
