/**
 * A product's pictures and documents from the staff console (issue 25, docs/api-contract.md "Staff: a product's
 * pictures and documents"): uploads recognised by their bytes, pictures fitted and given a WebP twin, alt text
 * required, order and removal, a PDF as a data sheet, sheets regenerated from the product's data as stored (a real
 * PDF naming the product as it is now), versions (409 on a stale one), the audit trail and who may call.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, products } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { ALT_REQUIRED, mediaAnswer } from '../src/modules/catalogue/media-schemas.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let productId: number;
let contentPerson: StaffPerson;

type View = ReturnType<typeof mediaAnswer.parse>['data'];

/** A multipart body as a browser's FormData sends it, the file in the field `file`. */
function multipart(fields: Record<string, string | number>, file?: { type: string; bytes: Uint8Array }) {
  const boundary = `----plasterwick${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...keyHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const url = (path: string) =>
  `/api/v1/staff/products/${productId}${path}${path.includes('?') ? '&' : '?'}${q()}`;
const pictureUrl = (key: string, extra = '') => url(`/pictures/${encodeURIComponent(key)}${extra}`);

async function view(): Promise<View> {
  const response = await t.app.inject({ method: 'GET', url: url('/media'), headers: keyHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return mediaAnswer.parse(response.json()).data;
}

const upload = (
  path: string,
  fields: Record<string, string | number>,
  file?: { type: string; bytes: Uint8Array },
) => t.app.inject({ method: 'POST', url: url(path), ...multipart(fields, file) });

async function bytesOf(mediaPath: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url: mediaPath });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

function picture(width: number, height: number, format: 'png' | 'jpeg') {
  const image = sharp({ create: { width, height, channels: 3, background: '#c86432' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const [row] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.reference, 'PW-1001'));
  productId = row!.id;
  contentPerson = await inviteAndEnrol(t.app, clock, 'content');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('pictures', () => {
  it('refuses a picture without alt text, and a file that is not a picture, beside their fields', async () => {
    const before = await view();
    const png = await picture(40, 40, 'png');
    const noAlt = await upload(
      '/pictures',
      { version: before.version, alt: '  ' },
      { type: 'image/png', bytes: png },
    );
    expect(noAlt.statusCode, noAlt.body).toBe(400);
    expect(noAlt.json().errors).toEqual([{ field: 'body.alt', message: ALT_REQUIRED }]);

    const text = Buffer.from('not a picture at all, just words');
    const fake = await upload(
      '/pictures',
      { version: before.version, alt: 'A tub' },
      { type: 'image/png', bytes: text },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors[0].field).toBe('body.file');
    // A PDF is no picture either, whatever it is called.
    const pdf = Buffer.from('%PDF-1.7\n%…');
    const asPdf = await upload(
      '/pictures',
      { version: before.version, alt: 'A tub' },
      { type: 'image/jpeg', bytes: pdf },
    );
    expect(asPdf.statusCode).toBe(400);
    // Bytes that start like a PNG but are not one.
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]);
    const asBroken = await upload(
      '/pictures',
      { version: before.version, alt: 'A tub' },
      { type: 'image/png', bytes: broken },
    );
    expect(asBroken.statusCode).toBe(400);

    const after = await view();
    expect(after.pictures).toEqual(before.pictures);
    expect(after.version).toBe(before.version);
  });

  it('stores a picture fitted within 1200 px with a WebP twin, after the others, and audits it', async () => {
    const before = await view();
    const response = await upload(
      '/pictures',
      { version: before.version, alt: 'Tub of Multi-Fill on a trestle' },
      { type: 'image/png', bytes: await picture(2400, 1200, 'png') },
    );
    expect(response.statusCode, response.body).toBe(201);
    const after = mediaAnswer.parse(response.json()).data;
    expect(after.version).toBe(before.version + 1);
    expect(after.pictures).toHaveLength(before.pictures.length + 1);
    const added = after.pictures.at(-1)!;
    expect(added).toMatchObject({ alt: 'Tub of Multi-Fill on a trestle', width: 1200, height: 600 });
    expect(added.url).toMatch(/\/api\/v1\/media\/p\/pw-1001-[0-9a-f]{12}\.png$/);
    const main = await sharp(await bytesOf(added.url)).metadata();
    expect([main.format, main.width]).toEqual(['png', 1200]);
    expect((await sharp(await bytesOf(added.webp)).metadata()).format).toBe('webp');

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'product.picture_add'), eq(auditEvents.entityId, String(productId))));
    expect(event?.entity).toBe('product');
    expect(JSON.stringify(event?.changes)).toContain('Tub of Multi-Fill on a trestle');

    // A JPEG stays a JPEG, small ones are not enlarged.
    const jpeg = await upload(
      '/pictures',
      { version: after.version, alt: 'Close-up of the powder' },
      { type: 'image/jpeg', bytes: await picture(300, 200, 'jpeg') },
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(mediaAnswer.parse(jpeg.json()).data.pictures.at(-1)).toMatchObject({ width: 300, height: 200 });
    expect(mediaAnswer.parse(jpeg.json()).data.pictures.at(-1)!.url).toMatch(/\.jpg$/);
  });

  it('refuses a write made from an older version (409) and changes nothing', async () => {
    const current = await view();
    const stale = await upload(
      '/pictures',
      { version: current.version - 1, alt: 'Late' },
      { type: 'image/png', bytes: await picture(20, 20, 'png') },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict', current_version: current.version });
    const move = await t.app.inject({
      method: 'PATCH',
      url: pictureUrl(current.pictures[0]!.key),
      headers: keyHeaders,
      payload: { version: current.version - 1, position: 2 },
    });
    expect(move.statusCode).toBe(409);
    expect(await view()).toEqual(current);
  });

  it('moves a picture, changes its alt text (required) and removes it', async () => {
    const current = await view();
    const last = current.pictures.at(-1)!;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: pictureUrl(last.key),
      headers: keyHeaders,
      payload: { version: current.version, position: 0 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = mediaAnswer.parse(moved.json()).data;
    expect(afterMove.pictures.map((p) => p.key)).toEqual([
      last.key,
      ...current.pictures.slice(0, -1).map((p) => p.key),
    ]);

    const emptyAlt = await t.app.inject({
      method: 'PATCH',
      url: pictureUrl(last.key),
      headers: keyHeaders,
      payload: { version: afterMove.version, alt: '' },
    });
    expect(emptyAlt.statusCode).toBe(400);
    expect(emptyAlt.json().errors).toEqual([{ field: 'body.alt', message: ALT_REQUIRED }]);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: pictureUrl(last.key),
      headers: keyHeaders,
      payload: { version: afterMove.version, alt: 'Powder, close up' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterAlt = mediaAnswer.parse(renamed.json()).data;
    expect(afterAlt.pictures[0]).toMatchObject({ key: last.key, alt: 'Powder, close up' });

    const unknown = await t.app.inject({
      method: 'DELETE',
      url: pictureUrl('p/nothing-here.png', `?version=${afterAlt.version}`),
      headers: keyHeaders,
    });
    expect(unknown.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: pictureUrl(last.key, `?version=${afterAlt.version}`),
      headers: keyHeaders,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const afterRemove = mediaAnswer.parse(removed.json()).data;
    expect(afterRemove.pictures.map((p) => p.key)).not.toContain(last.key);
    expect(afterRemove.pictures.map((p) => p.position)).toEqual(afterRemove.pictures.map((_, i) => i));
  });
});

describe('documents', () => {
  it('takes a PDF as the technical data sheet and refuses anything else', async () => {
    const current = await view();
    const notPdf = await upload(
      '/documents/technical-data-sheet',
      { version: current.version },
      { type: 'application/pdf', bytes: await picture(10, 10, 'png') },
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().errors[0].field).toBe('body.file');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const response = await upload(
      '/documents/technical-data-sheet',
      { version: current.version },
      {
        type: 'application/pdf',
        bytes: pdf,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const sheet = mediaAnswer
      .parse(response.json())
      .data.documents.find((d) => d.type === 'technical-data-sheet')!;
    expect(sheet.url).not.toBe(current.documents.find((d) => d.type === 'technical-data-sheet')!.url);
    expect(sheet.size_bytes).toBe(pdf.byteLength);
    expect(await bytesOf(sheet.url!)).toEqual(pdf);
  });

  it('regenerates both data sheets from the product as stored: real PDFs naming it', async () => {
    const current = await view();
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/product/${productId}?${q()}`,
      headers: keyHeaders,
      payload: { version: current.version, name: 'Plasterwick Multi-Fill Powder Plus' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    let version = rename.json().data.version as number;
    for (const type of ['technical-data-sheet', 'safety-data-sheet'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(`/documents/${type}/regenerate`),
        headers: keyHeaders,
        payload: { version },
      });
      expect(response.statusCode, response.body).toBe(201);
      const answer = mediaAnswer.parse(response.json()).data;
      version = answer.version;
      const sheet = answer.documents.find((d) => d.type === type)!;
      const bytes = await bytesOf(sheet.url!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(bytes)).toContain('Plasterwick Multi-Fill Powder Plus');
    }
    const stale = await t.app.inject({
      method: 'POST',
      url: url('/documents/safety-data-sheet/regenerate'),
      headers: keyHeaders,
      payload: { version: version - 1 },
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('who may call', () => {
  it('refuses a person without catalogue:write (403) and a caller without a credential (401)', async () => {
    const headers = consoleHeaders(contentPerson.session);
    const read = await t.app.inject({ method: 'GET', url: url('/media'), headers });
    expect(read.statusCode).toBe(403);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: url('/documents/technical-data-sheet/regenerate'),
      headers,
      payload: { version: 1 },
    });
    expect(regenerate.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: url('/media') });
    expect(anonymous.statusCode).toBe(401);
  });
});
