/** Stored files by key, with the entity tag their bytes give them. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
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
