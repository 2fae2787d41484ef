/**
 * An uploaded picture turned into what the storefront shows: the file is recognised by its bytes (JPEG, PNG or
 * WebP, never the declared type or name), turned upright, stripped of its metadata, fitted within 1200 × 1200 px
 * (never enlarged) and stored as a JPEG (photos) or a PNG (pictures with transparency, PNG uploads) with a WebP twin,
 * the pair every picture of the catalogue has (`url` and `webp` of a media reference).
 */
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';

/** Largest upload: 10 MB. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest side of the stored picture, in pixels: the product page shows it at most 600 px wide, twice for sharp screens. */
export const PICTURE_MAX_SIDE = 1200;
/** A picture larger than this many pixels is refused before it is decoded (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;

export type PictureKind = 'jpeg' | 'png' | 'webp';

/** The picture's type from its first bytes, or undefined when it is none of the three. */
export function detectPictureKind(bytes: Uint8Array): PictureKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Whether the bytes are a PDF (`%PDF-` at the start). */
export const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

export const PICTURE_FILE_MESSAGE = 'Please upload a picture: JPEG, PNG or WebP, 10 MB at most';

export interface PreparedPicture {
  /** `jpg` or `png`. */
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  webp: Buffer;
  width: number;
  height: number;
}

/** The stored picture and its WebP twin; 400 on the file field when the bytes are not a readable picture. */
export async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  const kind = detectPictureKind(bytes);
  const refuse = () =>
    badRequest('Invalid body.file', [{ field: 'body.file', message: PICTURE_FILE_MESSAGE }]);
  if (!kind) throw refuse();
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const { hasAlpha } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const asPng = kind === 'png' || (kind === 'webp' && hasAlpha);
    const main = asPng
      ? await source.clone().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await source
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({
            resolveWithObject: true,
          });
    const webp = await source.clone().webp({ quality: 80 }).toBuffer();
    return {
      extension: asPng ? 'png' : 'jpg',
      contentType: asPng ? 'image/png' : 'image/jpeg',
      bytes: main.data,
      webp,
      width: main.info.width,
      height: main.info.height,
    };
  } catch {
    throw refuse();
  }
}
