/**
 * A small document renderer on pdf-lib: title block, headings, paragraphs, lists and tables, with page breaks
 * and a footer on every page. Used for technical data sheets; reusable for brochures.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  | { kind: 'table'; columns: string[]; rows: string[][] };

export interface PdfContent {
  title: string;
  subtitle?: string;
  /** Printed at the bottom of every page with the page number. */
  footer?: string;
  author?: string;
  subject?: string;
  keywords?: string[];
  blocks: PdfBlock[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREEN = rgb(0.106, 0.42, 0.29);
const DARK = rgb(0.15, 0.15, 0.15);
const RULE = rgb(0.8, 0.8, 0.78);

/** Renders `content` to PDF bytes. Characters the standard fonts cannot encode are replaced by '?'. */
export async function renderPdf(content: PdfContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setAuthor(content.author ?? 'Plasterwick');
  pdf.setCreator('Plasterwick back-office');
  pdf.setProducer('pdf-lib');
  if (content.subject) pdf.setSubject(content.subject);
  if (content.keywords) pdf.setKeywords(content.keywords);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const clean = (text: string) =>
    [...text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"')]
      .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
      .join('');

  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height < MARGIN + 20) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  const wrap = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of clean(text).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  };

  const write = (
    text: string,
    options: { font: PDFFont; size: number; x?: number; maxWidth?: number; color?: ReturnType<typeof rgb> },
  ) => {
    const x = options.x ?? MARGIN;
    for (const line of wrap(text, options.font, options.size, options.maxWidth ?? width - (x - MARGIN))) {
      ensure(options.size * 1.4);
      page.drawText(line, {
        x,
        y: y - options.size,
        size: options.size,
        font: options.font,
        color: options.color ?? DARK,
      });
      y -= options.size * 1.4;
    }
  };

  page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: GREEN });
  write(content.title, { font: bold, size: 20, color: GREEN });
  if (content.subtitle) write(content.subtitle, { font: regular, size: 11 });
  y -= 8;

  for (const block of content.blocks) {
    switch (block.kind) {
      case 'heading':
        ensure(40);
        y -= 10;
        write(block.text, { font: bold, size: 13, color: GREEN });
        page.drawLine({ start: { x: MARGIN, y: y + 2 }, end: { x: A4[0] - MARGIN, y: y + 2 }, color: RULE });
        y -= 4;
        break;
      case 'paragraph':
        write(block.text, { font: regular, size: 10 });
        y -= 6;
        break;
      case 'list':
        block.items.forEach((item, i) => {
          const marker = block.ordered ? `${i + 1}.` : '-';
          ensure(14);
          page.drawText(marker, { x: MARGIN + 4, y: y - 10, size: 10, font: bold, color: GREEN });
          write(item, { font: regular, size: 10, x: MARGIN + 22 });
        });
        y -= 6;
        break;
      case 'table': {
        const columnWidth = width / block.columns.length;
        const row = (cells: string[], font: PDFFont) => {
          const wrapped = cells.map((cell) => wrap(cell, font, 9, columnWidth - 8));
          const height = Math.max(...wrapped.map((lines) => lines.length)) * 12 + 6;
          ensure(height);
          wrapped.forEach((lines, column) =>
            lines.forEach((line, i) =>
              page.drawText(line, {
                x: MARGIN + column * columnWidth + 4,
                y: y - 12 - i * 12,
                size: 9,
                font,
                color: DARK,
              }),
            ),
          );
          y -= height;
          page.drawLine({
            start: { x: MARGIN, y },
            end: { x: A4[0] - MARGIN, y },
            color: RULE,
            thickness: 0.5,
          });
        };
        row(block.columns, bold);
        for (const cells of block.rows) row(cells, regular);
        y -= 10;
        break;
      }
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const text = clean(`${content.footer ? `${content.footer} - ` : ''}page ${i + 1} of ${pages.length}`);
    p.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}
