/**
 * The job application's multipart body: the form fields as strings and one file, `cv`. Read here rather than
 * by a schema because the file is checked by its bytes: PDF, DOC or DOCX (never the declared type or extension),
 * at most 5 MB, and every problem, in the fields or the file, is reported in one answer under its field.
 */
import { applicationBody, type ApplicationBody } from '@plasterwick/shop-rules/forms';
import { cleanFileName, CV_MAX_BYTES, CV_TYPES, detectCvKind } from '@plasterwick/shop-rules/files';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@plasterwick/shop-rules/text';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, type FieldError } from '../../lib/errors.ts';

/** The limits the multipart parser enforces while reading (registered with the forms module). */
export const MULTIPART_LIMITS = {
  fileSize: CV_MAX_BYTES,
  files: 1,
  fields: 30,
  // A 5,000-character cover letter can take 20,000 bytes of UTF-8.
  fieldSize: 64 * 1024,
  parts: 31,
} as const;

export interface UploadedCv {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface ApplicationUpload {
  body: ApplicationBody;
  cv: UploadedCv;
}

const CV_FIELD = 'body.cv';

const tooLarge = () =>
  new ApiError(413, 'file_too_large', MESSAGES.fileTooLarge, {
    errors: [{ field: CV_FIELD, message: MESSAGES.fileTooLarge }],
  });

/** Multipart reading failures the visitor caused, as typed errors (@fastify/multipart's codes). */
function readingError(error: unknown): ApiError | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Too many fields or files: send the form fields and one CV');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code?.startsWith('FST_')) {
    return badRequest('The application could not be read as multipart/form-data');
  }
  if (error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message)) {
    return badRequest('The application could not be read as multipart/form-data');
  }
  return undefined;
}

/** Reads and checks an application; throws 400 (fields), 413 (file too large) with field errors. */
export async function readApplication(request: FastifyRequest): Promise<ApplicationUpload> {
  if (!request.isMultipart()) {
    throw badRequest('Send the application as multipart/form-data with the CV in the field "cv"', [
      { field: CV_FIELD, message: MESSAGES.uploadFile },
    ]);
  }
  // No prototype: a field called "constructor" or "toString" is just a field.
  const fields: Record<string, string> = Object.create(null);
  let file: { name: string; bytes: Buffer } | undefined;
  const errors: FieldError[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'cv' && !file) file = { name: part.filename, bytes };
        else errors.push({ field: `body.${part.fieldname}`, message: 'Only one file, the CV, can be sent' });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw readingError(error) ?? error;
  }

  const unstorable = unstorableTextPaths(fields, 'body');
  if (unstorable.length > 0) {
    throw badRequest(
      `Invalid ${unstorable.join(', ')}`,
      unstorable.map((field) => ({ field, message: UNSTORABLE_TEXT_MESSAGE })),
    );
  }

  const parsed = applicationBody.safeParse(fields);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = ['body', ...issue.path].join('.');
      if (!seen.has(field)) errors.push({ field, message: issue.message });
      seen.add(field);
    }
  }
  const kind = file && file.bytes.length > 0 ? detectCvKind(file.bytes) : undefined;
  if (!kind) errors.push({ field: CV_FIELD, message: MESSAGES.uploadFile });
  if (errors.length > 0 || !parsed.success || !file || !kind) {
    throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
  }
  return {
    body: parsed.data,
    cv: { fileName: cleanFileName(file.name, kind), contentType: CV_TYPES[kind], bytes: file.bytes },
  };
}
