/** Inserts seed entries through the same registry (zod input schema → row) the API writes with. */
import { SITE_ID } from '@plasterwick/shop-rules/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { contentEntries, media } from '../../db/schema.ts';
import { toMediaRef, type MediaRef } from '../../lib/media.ts';
import { resources, type ResourceName } from '../../modules/content/index.ts';
import { storeSvgImage } from '../media.ts';

export const UK_SITE_ID = SITE_ID;

/** Validates each input with the resource's schema and inserts them; returns the new ids in order. */
export async function insertContent(db: Database, name: ResourceName, inputs: unknown[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const definition = resources[name];
  // The seed runs before any app, so before its clock: entries published without a date are dated now.
  const now = new Date();
  const values = inputs.map((input) => {
    const parsed = definition.input.parse(input) as never;
    return {
      ...(definition.toRow as (i: never, now: Date) => ReturnType<typeof definition.toRow>)(parsed, now),
      searchText: (definition.searchText as (i: never) => string)(parsed),
      siteId: UK_SITE_ID,
      resource: name,
    };
  });
  const rows = await db.insert(contentEntries).values(values).returning({ id: contentEntries.id });
  return rows.map((r) => r.id);
}

export type { MediaRef };

/** Renders SVG artwork and returns the media reference the API serves for it. */
export async function artwork(
  db: Database,
  key: string,
  svg: string,
  options: { alt: string; width: number },
): Promise<MediaRef> {
  const pngKey = await storeSvgImage(db, key, svg, options);
  const [row] = await db.select().from(media).where(eq(media.key, pngKey));
  if (!row) throw new Error(`media ${pngKey} was not stored`);
  return toMediaRef(row, options.alt);
}
