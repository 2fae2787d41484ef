/**
 * Seed media: SVG artwork rendered to PNG plus a WebP twin, PDFs rendered from document content. Rendering is
 * cached on disk by content hash (os tmpdir), so test files that each seed a fresh database render every image
 * and document only once.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { Database } from '../db/types.ts';
import { media } from '../db/schema.ts';
import { renderPdf, type PdfContent } from '../lib/pdf.ts';

const cacheDir = path.join(tmpdir(), 'plasterwick-seed-media');

// Fonts come from the registry (dejavu-fonts-ttf), so artwork renders the same on a machine without system fonts.
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const fontFiles = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => path.join(fontDir, file));

function cached(hash: string, suffix: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(cacheDir, `${hash}.${suffix}`);
  try {
    return Promise.resolve(readFileSync(file));
  } catch {
    return render().then((bytes) => {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(file, bytes);
      return bytes;
    });
  }
}

const svgHash = (svg: string, width: number) =>
  createHash('sha256').update(svg).update(String(width)).digest('hex').slice(0, 32);

/** `svg` rendered to PNG at `width` px wide (cached). */
function renderSvgPng(svg: string, width: number): Promise<Buffer> {
  return cached(svgHash(svg, width), 'png', async () =>
    Buffer.from(
      new Resvg(svg, {
        fitTo: { mode: 'width', value: width },
        font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .asPng(),
    ),
  );
}

/**
 * Renders `svg` at `width` px wide and stores `{key}.png` and `{key}.webp`; returns the PNG key.
 * `key` has no extension, e.g. `p/pw-101-visuel-1`.
 */
export async function storeSvgImage(
  db: Database,
  key: string,
  svg: string,
  options: { alt: string; width: number },
): Promise<string> {
  const hash = svgHash(svg, options.width);
  const png = await renderSvgPng(svg, options.width);
  const webp = await cached(hash, 'webp', () => sharp(png).webp({ quality: 80 }).toBuffer());
  const { width, height } = await sharp(png).metadata();
  const pngKey = `${key}.png`;
  const webpKey = `${key}.webp`;
  await db
    .insert(media)
    .values([
      { key: pngKey, contentType: 'image/png', bytes: png, webpKey, width, height, alt: options.alt },
      { key: webpKey, contentType: 'image/webp', bytes: webp, width, height, alt: options.alt },
    ])
    .onConflictDoNothing();
  return pngKey;
}

/** Stores a PDF (or any file) under `key` (with extension); returns the key. */
export async function storeFile(
  db: Database,
  key: string,
  bytes: Uint8Array,
  contentType: string,
  alt = '',
): Promise<string> {
  await db
    .insert(media)
    .values({ key, contentType, bytes: Buffer.from(bytes), alt })
    .onConflictDoNothing();
  return key;
}

/** Pixels across a picture in a PDF: sharp at the 150 pt it is printed. */
const PDF_PICTURE_WIDTH = 320;

// A change to the renderer changes every document, so its source is part of each document's hash.
const pdfRendererSource = readFileSync(new URL('../lib/pdf.ts', import.meta.url));

/** Renders `content` to PDF (cached by content and renderer) and stores it under `key`; returns its size. */
export async function storePdf(
  db: Database,
  key: string,
  content: PdfContent,
): Promise<{ key: string; size: number }> {
  const hash = createHash('sha256')
    .update(pdfRendererSource)
    .update(JSON.stringify(content))
    .digest('hex')
    .slice(0, 32);
  const bytes = await cached(hash, 'pdf', async () =>
    Buffer.from(await renderPdf(content, { rasterise: (svg) => renderSvgPng(svg, PDF_PICTURE_WIDTH) })),
  );
  await storeFile(db, key, bytes, 'application/pdf', content.title);
  return { key, size: bytes.byteLength };
}
