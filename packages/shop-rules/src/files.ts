/**
 * The CV rules of the job application (api-contract.md "Forms and e-mail"): PDF, DOC or DOCX recognised by their
 * first bytes, at most 5 MB. The declared type and the file name's extension are never trusted. Browser-safe: the
 * form checks a chosen file with the same function before sending it, the back-office checks what arrives.
 */

export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const CV_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type CvKind = keyof typeof CV_TYPES;

/** What the file input accepts (a hint to the picker only; the bytes decide). */
export const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,' + CV_TYPES.docx;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File (Word 97–2003)
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Whether a ZIP's central directory lists `word/document.xml` (what makes a ZIP a Word document). Reads the
 * end-of-central-directory record from the end, then walks the directory entries; any inconsistency → false.
 */
export function zipHasWordDocument(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_LOCAL)) return false;
  const data = view(bytes);
  // The end record is 22 bytes plus a comment of up to 65,535 bytes.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (data.getUint32(at, true) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const entries = data.getUint16(end + 10, true);
  let at = data.getUint32(end + 16, true);
  const wanted = 'word/document.xml';
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || data.getUint32(at, true) !== ZIP_CENTRAL) return false;
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return false;
    if (nameLength === wanted.length) {
      let name = '';
      for (let j = 0; j < nameLength; j++) name += String.fromCharCode(bytes[at + 46 + j] ?? 0);
      if (name === wanted) return true;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/** The kind of CV the bytes are, or undefined when they are none of PDF, DOC, DOCX. */
export function detectCvKind(bytes: Uint8Array): CvKind | undefined {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE)) return 'doc';
  if (zipHasWordDocument(bytes)) return 'docx';
  return undefined;
}

/** A file name safe to put in a Content-Disposition header and a mail: no path, no control or quote characters. */
export function cleanFileName(name: string, kind: CvKind): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 100);
  return `${base || 'cv'}.${kind}`;
}
