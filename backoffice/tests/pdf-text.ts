/**
 * Reads the text of a PDF written by our renderer, without external tools: each page's content stream is
 * decoded (pdf-lib writes FlateDecode streams) and the strings of its Tj operators are decoded from the
 * standard fonts' WinAnsi encoding. Enough for documents drawn with pdf-lib's `drawText`, not a general parser.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

const winAnsi = new TextDecoder('windows-1252');

function streamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) {
    return contents.asArray().flatMap((ref) => {
      const stream = page.doc.context.lookup(ref);
      return stream instanceof PDFRawStream ? [stream] : [];
    });
  }
  return [];
}

/** The text lines of each page, in drawing order. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) =>
    streamsOf(page).flatMap((stream) => {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
        winAnsi.decode(Buffer.from(match[1]!, 'hex')),
      );
    }),
  );
}

/** All the text of a PDF as one string, lines joined by spaces (so wrapped phrases read whole). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPagesText(bytes)).map((lines) => lines.join(' ')).join(' ');
}
