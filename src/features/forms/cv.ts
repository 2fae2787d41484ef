/**
 * The CV check of the job application in the browser, with the back-office's rules (`@plasterwick/shop-rules/files`):
 * a file is required, at most CV_MAX_BYTES, and must be a PDF, DOC or DOCX by its bytes (the name and declared type
 * are not trusted). The messages are the catalogue's.
 */
import { CV_MAX_BYTES, detectCvKind } from '@plasterwick/shop-rules/files';
import { MESSAGES } from '@plasterwick/shop-rules/validation';

/** Why a chosen file cannot be sent (`undefined`: it can). `bytes` are the file's content, when read. */
export function cvProblem(file: { size: number } | undefined, bytes?: Uint8Array): string | undefined {
  if (!file || file.size === 0) return MESSAGES.uploadFile;
  if (file.size > CV_MAX_BYTES) return MESSAGES.fileTooLarge;
  if (bytes && !detectCvKind(bytes)) return MESSAGES.uploadFile;
  return undefined;
}

/** Checks a chosen file: size first, then its bytes (a DOCX is recognised by its ZIP directory, at the end). */
export async function checkCv(file: Blob | undefined): Promise<string | undefined> {
  const early = cvProblem(file);
  if (early || !file) return early;
  return cvProblem(file, new Uint8Array(await file.arrayBuffer()));
}
