/** The media module's table, re-exported by db/schema.ts (the one list drizzle-kit and the rest of the code read). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.ts';

/** Files served under /api/v1/media/{key}: images (with a WebP twin) and PDFs, stored in the database. */
export const media = pgTable('media', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Key of the WebP twin, for raster images. */
  webpKey: text('webp_key'),
  width: integer('width'),
  height: integer('height'),
  alt: text('alt').notNull().default(''),
});
