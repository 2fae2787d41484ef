/** Stored files by key, with the entity tag their bytes give them. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { media } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  /** A strong ETag: the SHA-1 of the bytes. */
  etag: string;
}

export async function findMedia(db: Database, key: string): Promise<StoredFile> {
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType })
    .from(media)
    .where(eq(media.key, key));
  if (!row) throw notFound(`Media ${key}`);
  const etag = `"${createHash('sha1').update(row.bytes).digest('base64url')}"`;
  return { bytes: row.bytes, contentType: row.contentType, etag };
}

export interface NewMediaFile {
  key: string;
  contentType: string;
  bytes: Buffer;
  webpKey?: string | null;
  width?: number | null;
  height?: number | null;
  alt?: string;
}

/** Stores new files (keys are new every time: a stored file's bytes never change, so it is cached forever). */
export async function storeMediaFiles(db: Executor, files: NewMediaFile[]): Promise<void> {
  await db.insert(media).values(files);
}

/** Changes a stored picture's alt text (and its WebP twin's): the bytes, and so the key, stay. */
export async function setMediaAlt(db: Executor, key: string, alt: string): Promise<void> {
  const [row] = await db
    .update(media)
    .set({ alt })
    .where(eq(media.key, key))
    .returning({ webpKey: media.webpKey });
  if (row?.webpKey) await db.update(media).set({ alt }).where(eq(media.key, row.webpKey));
}
