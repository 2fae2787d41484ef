/** Media references as the API returns them: same-origin URLs under /api/v1/media, with the WebP twin. */
import { z } from 'zod';

export const MEDIA_PREFIX = '/api/v1/media/';

export interface MediaRow {
  key: string;
  webpKey: string | null;
  width: number | null;
  height: number | null;
  alt: string;
}

/** A media reference in an answer (a cover, a visual, a pack shot), as `toMediaRef` builds it. */
export const mediaSchema = z.object({
  url: z.string(),
  webp: z.string(),
  alt: z.string(),
  title: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaRef = z.infer<typeof mediaSchema>;

export const mediaUrl = (key: string) => MEDIA_PREFIX + key;

export function toMediaRef(row: MediaRow, title = row.alt): MediaRef {
  return {
    url: mediaUrl(row.key),
    webp: mediaUrl(row.webpKey ?? row.key),
    alt: row.alt,
    title,
    width: row.width,
    height: row.height,
  };
}
