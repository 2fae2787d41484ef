/** Media references as the API returns them: same-origin URLs under /api/v1/media, with the WebP twin. */
export const MEDIA_PREFIX = '/api/v1/media/';

export interface MediaRow {
  key: string;
  webpKey: string | null;
  width: number | null;
  height: number | null;
  alt: string;
}

export interface MediaRef {
  url: string;
  webp: string;
  alt: string;
  title: string;
  width: number | null;
  height: number | null;
}

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
