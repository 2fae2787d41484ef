/**
 * The staff's calls on a product's pictures and documents (`/api/v1/staff/products/{id}/…`, issue 25; docs/api-
 * contract.md "Staff: a product's pictures and documents"). Uploads are multipart (this plugin alone reads them);
 * every write names the product's `version`, moves it on, is audited (entity `product`) and makes the storefront
 * rebuild. Each answers the product's pictures and documents as they are after it.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/types.ts';
import {
  productMediaState,
  productMediaView,
  regenerateProductSheet,
  setProductSheetFile,
  uploadProductPicture,
  type SheetType,
} from '../../flows/product-media.ts';
import { ApiError, badRequest, type FieldError } from '../../lib/errors.ts';
import { errorResponses, versionConflictBody, writeVersion } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { isPdf, PICTURE_MAX_BYTES } from './picture-files.ts';
import { movePicture, removePicture, setPictureAlt } from './product-pictures.ts';
import { bumpProductVersion } from './product-version.ts';
import {
  ALT_REQUIRED,
  altText,
  mediaAnswer,
  pictureParams,
  picturePatch,
  productParams,
  sheetParams,
  versionQuery,
  versionBody,
} from './media-schemas.ts';

const tags = ['staff'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errorResponses(400, 401, 403, 404, 413), 409: versionConflictBody };
const access = staffRoute('catalogue:write');
const PDF_MESSAGE = 'Please upload a PDF, 10 MB at most';

/** One upload: the file (10 MB at most) and a few text fields. */
const MULTIPART_LIMITS = {
  fileSize: PICTURE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 4096,
  parts: 6,
} as const;

interface Upload {
  fields: Record<string, string>;
  file?: Buffer;
}

/** Reads a multipart upload; 413 beyond the size limit, 400 when it is not multipart. */
async function readUpload(request: FastifyRequest, fileMessage: string): Promise<Upload> {
  const refuse = () =>
    badRequest('Send the file as multipart/form-data in the field "file"', [
      { field: 'body.file', message: fileMessage },
    ]);
  if (!request.isMultipart()) throw refuse();
  const fields: Record<string, string> = Object.create(null);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'file_too_large', fileMessage, {
        errors: [{ field: 'body.file', message: fileMessage }],
      });
    }
    if (
      code?.startsWith('FST_') ||
      (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message))
    ) {
      throw refuse();
    }
    throw error;
  }
  return { fields, file };
}

/** The `version` field of an upload, as a positive whole number, with the other field problems. */
function versionOf(fields: Record<string, string>, errors: FieldError[]): number {
  const parsed = writeVersion.safeParse(Number(fields.version));
  if (!fields.version || !parsed.success) {
    errors.push({
      field: 'body.version',
      message: 'The version of the product the change is made from is needed',
    });
    return 0;
  }
  return parsed.data;
}

function refuseIfAny(errors: FieldError[]) {
  if (errors.length) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
}

export const productMediaRoutes: FastifyPluginAsync = async (plugin) => {
  await plugin.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  readRoute(plugin);
  pictureUploadRoute(plugin);
  pictureChangeRoutes(plugin);
  documentRoutes(plugin);
};

/** Runs a write: the version moved on first, audited as `product.<action>`, then the storefront rebuilds. */
async function write(
  request: FastifyRequest,
  id: number,
  version: number,
  action: string,
  change: (tx: Transaction, siteId: number) => Promise<void>,
) {
  const { site } = await request.shop.context;
  const app = request.server;
  await staffCaller(request).audit.change(
    app.db,
    {
      action: `product.${action}`,
      entity: 'product',
      id,
      state: (tx, productId) => productMediaState(tx, site.id, Number(productId)),
    },
    async (tx) => {
      await bumpProductVersion(tx, site.id, id, version, app.clock.now());
      await change(tx, site.id);
    },
  );
  await app.contentChanged();
  return { data: await productMediaView(app.db, site.id, id) };
}

function readRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/staff/products/:id/media',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: "A product's pictures (in order, with alt text) and its technical and safety data sheets",
        params: productParams,
        querystring: commonQuery,
        response: { 200: mediaAnswer, ...readErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await productMediaView(app.db, site.id, request.params.id) };
    },
  );
}

function pictureUploadRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/products/:id/pictures',
    {
      ...access,
      bodyLimit: PICTURE_MAX_BYTES + 64 * 1024,
      schema: {
        ...access.schema,
        tags,
        summary: 'Upload a picture (multipart: `file`, `alt`, `version`), added after the others',
        description:
          'The file is a JPEG, PNG or WebP recognised by its bytes, 10 MB at most (413 `file_too_large` beyond); ' +
          'it is stored fitted within 1200 × 1200 px as JPEG or PNG with a WebP twin. `alt` (the alt text, 1 to ' +
          '250 characters) is required. Field errors name `body.file`, `body.alt` and `body.version`.',
        consumes: ['multipart/form-data'],
        params: productParams,
        querystring: commonQuery,
        response: { 201: mediaAnswer, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readUpload(
        request,
        'Please upload a picture: JPEG, PNG or WebP, 10 MB at most',
      );
      const errors: FieldError[] = [];
      const alt = altText.safeParse(fields.alt ?? '');
      if (!alt.success)
        errors.push({ field: 'body.alt', message: alt.error.issues[0]?.message ?? ALT_REQUIRED });
      if (!file?.length) {
        errors.push({
          field: 'body.file',
          message: 'Please upload a picture: JPEG, PNG or WebP, 10 MB at most',
        });
      }
      const version = versionOf(fields, errors);
      refuseIfAny(errors);
      const answer = await write(request, request.params.id, version, 'picture_add', (tx, siteId) =>
        uploadProductPicture(tx, siteId, request.params.id, { bytes: file!, alt: alt.data! }),
      );
      return reply.status(201).send(answer);
    },
  );
}

function pictureChangeRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/staff/products/:id/pictures/:key',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          "Change a picture's alt text and/or move it to `position` (0 is first), from the product's `version`",
        description: "The key is the picture's media key, URL-encoded (`p%2Fpw-1001-visuel-1.png`).",
        params: pictureParams,
        querystring: commonQuery,
        body: picturePatch,
        response: { 200: mediaAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { id, key } = request.params;
      const { version, alt, position } = request.body;
      const action = alt !== undefined && position === undefined ? 'picture_alt' : 'picture_update';
      return write(request, id, version, action, async (tx) => {
        if (alt !== undefined) await setPictureAlt(tx, id, key, alt);
        if (position !== undefined) await movePicture(tx, id, key, position);
      });
    },
  );

  app.delete(
    '/staff/products/:id/pictures/:key',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: "Take a picture off the product, from the product's `version` (in the query)",
        params: pictureParams,
        querystring: commonQuery.extend(versionQuery.shape),
        response: { 200: mediaAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { id, key } = request.params;
      return write(request, id, request.query.version, 'picture_remove', (tx) => removePicture(tx, id, key));
    },
  );
}

function documentRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/products/:id/documents/:type',
    {
      ...access,
      bodyLimit: PICTURE_MAX_BYTES + 64 * 1024,
      schema: {
        ...access.schema,
        tags,
        summary: 'Upload a PDF as the technical or safety data sheet (multipart: `file`, `version`)',
        description:
          "The file is a PDF recognised by its bytes (`%PDF-`), 10 MB at most (413 beyond). The product's notice " +
          'of that type points at it (one is published when it has none).',
        consumes: ['multipart/form-data'],
        params: sheetParams,
        querystring: commonQuery,
        response: { 201: mediaAnswer, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const { fields, file } = await readUpload(request, PDF_MESSAGE);
      const errors: FieldError[] = [];
      if (!file || !isPdf(file)) errors.push({ field: 'body.file', message: PDF_MESSAGE });
      const version = versionOf(fields, errors);
      refuseIfAny(errors);
      const answer = await write(request, id, version, 'document_upload', (tx, siteId) =>
        setProductSheetFile(tx, siteId, id, type as SheetType, file!, app.clock.now()),
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/staff/products/:id/documents/:type/regenerate',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: "Write the technical or safety data sheet again from the product's data, from its `version`",
        params: sheetParams,
        querystring: commonQuery,
        body: versionBody,
        response: { 201: mediaAnswer, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const answer = await write(request, id, request.body.version, 'document_regenerate', (tx, siteId) =>
        regenerateProductSheet(tx, siteId, id, type, app.clock.now()),
      );
      return reply.status(201).send(answer);
    },
  );
}
