/**
 * A small document renderer on pdf-lib: an optional cover page, a title block, sections that start a new page
 * and run their name in the page header, headings, paragraphs, lists and tables (optionally weighted columns),
 * blocks kept together on one page, and a footer with the page number on every page. Used by the seed for technical
 * and safety data sheets, the product catalogue and the range brochures, and by the documents module for VAT
 * invoices, credit notes and packing slips.
 */
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  /** `widths` are relative column weights (equal columns without them); `align` puts a column's text (amounts) right. */
  | { kind: 'table'; columns: string[]; rows: string[][]; widths?: number[]; align?: ('left' | 'right')[] }
  /** Starts a new page; `title` is printed large and runs in the page header until the next section. */
  | { kind: 'section'; title: string; intro?: string }
  /** Moved to the next page whole when it does not fit on the current one (and fits on an empty page). */
  | { kind: 'keep'; blocks: PdfBlock[] }
  /** A square picture (SVG, rasterised by the caller's `rasterise`) on the left, `blocks` in the column beside it. */
  | { kind: 'figure'; svg: string; alt: string; blocks: PdfBlock[] };

export interface PdfRenderOptions {
  /** PNG bytes of an SVG picture, for `figure` blocks. */
  rasterise?: (svg: string) => Promise<Uint8Array>;
}

export interface PdfCover {
  /** Small line above the title, e.g. the brand. */
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** Short lines printed at the bottom of the cover (contents, edition, address). */
  lines?: string[];
}

export interface PdfContent {
  title: string;
  subtitle?: string;
  /** A full first page; the title block is then left out. */
  cover?: PdfCover;
  /** Printed at the top of every page but the cover, with the current section's title on the right. */
  header?: string;
  /** Printed at the bottom of every page with the page number. */
  footer?: string;
  author?: string;
  subject?: string;
  keywords?: string[];
  blocks: PdfBlock[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const TOP = A4[1] - MARGIN;
const BOTTOM = MARGIN + 20;
const GREEN = rgb(0.106, 0.42, 0.29);
const PALE_GREEN = rgb(0.91, 0.95, 0.92);
const DARK = rgb(0.15, 0.15, 0.15);
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.78);
const WHITE = rgb(1, 1, 1);
/** Side of a figure's square picture, in points. */
const FIGURE_SIZE = 150;

/** Embeds the picture of every figure once (the same pack may appear in several places). */
async function embedPictures(pdf: PDFDocument, blocks: PdfBlock[], options: PdfRenderOptions) {
  const svgs = new Set<string>();
  const collect = (list: PdfBlock[]) => {
    for (const block of list) {
      if (block.kind === 'figure') svgs.add(block.svg);
      if (block.kind === 'figure' || block.kind === 'keep') collect(block.blocks);
    }
  };
  collect(blocks);
  const pictures = new Map<string, PDFImage>();
  if (svgs.size && !options.rasterise) throw new Error('renderPdf: figures need a `rasterise` option');
  for (const svg of svgs) pictures.set(svg, await pdf.embedPng(await options.rasterise!(svg)));
  return pictures;
}

/** Renders `content` to PDF bytes. Characters the standard fonts cannot encode are replaced by '?'. */
export async function renderPdf(content: PdfContent, options: PdfRenderOptions = {}): Promise<Uint8Array> {
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
    [...text].map((char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');

  // The column being written: the page's text width, or the part beside a figure's picture.
  let left = MARGIN;
  let width = A4[0] - 2 * MARGIN;
  const pictures = await embedPictures(pdf, content.blocks, options);
  /** The section title of each page (by index), for the running header. */
  const sectionOfPage: (string | undefined)[] = [];
  let section: string | undefined;
  let page!: PDFPage;
  let y = TOP;
  // While measuring (`keep` blocks), nothing is drawn and no page is added: `y` only counts the height.
  let measuring = false;

  const contentTop = () => (content.header ? TOP - 22 : TOP);
  const newPage = () => {
    page = pdf.addPage(A4);
    sectionOfPage.push(section);
    y = contentTop();
  };
  const ensure = (height: number) => {
    if (!measuring && y - height < BOTTOM) newPage();
  };

  const wrap = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
    const lines = splitToWidth(clean(text), font, size, maxWidth);
    return lines.length ? lines : [''];
  };

  const write = (
    text: string,
    options: { font: PDFFont; size: number; x?: number; maxWidth?: number; color?: ReturnType<typeof rgb> },
  ) => {
    const x = options.x ?? left;
    for (const line of wrap(text, options.font, options.size, options.maxWidth ?? width - (x - left))) {
      ensure(options.size * 1.4);
      if (!measuring) {
        page.drawText(line, {
          x,
          y: y - options.size,
          size: options.size,
          font: options.font,
          color: options.color ?? DARK,
        });
      }
      y -= options.size * 1.4;
    }
  };
  const rule = (at: number, color = RULE, thickness = 1) => {
    if (!measuring)
      page.drawLine({ start: { x: left, y: at }, end: { x: left + width, y: at }, color, thickness });
  };

  const table = (block: Extract<PdfBlock, { kind: 'table' }>) => {
    const weights = block.widths ?? block.columns.map(() => 1);
    const total = weights.reduce((sum, w) => sum + w, 0);
    const widths = weights.map((w) => (w / total) * width);
    const lefts = widths.map((_, i) => left + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const row = (cells: string[], font: PDFFont, header: boolean) => {
      const wrapped = cells.map((cell, i) => wrap(cell, font, 9, widths[i]! - 8));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * 12 + 6;
      const pages = pdf.getPageCount();
      ensure(header ? height + 18 : height);
      // A table going on over a page break repeats its header row.
      if (!header && pdf.getPageCount() > pages) row(block.columns, bold, true);
      if (!measuring) {
        if (header) page.drawRectangle({ x: left, y: y - height, width, height, color: PALE_GREEN });
        wrapped.forEach((lines, column) =>
          lines.forEach((line, i) => {
            const x =
              block.align?.[column] === 'right'
                ? lefts[column]! + widths[column]! - 4 - font.widthOfTextAtSize(line, 9)
                : lefts[column]! + 4;
            page.drawText(line, { x, y: y - 12 - i * 12, size: 9, font, color: DARK });
          }),
        );
      }
      y -= height;
      rule(y, RULE, 0.5);
    };
    row(block.columns, bold, true);
    for (const cells of block.rows) row(cells, regular, false);
    y -= 10;
  };

  const render = (block: PdfBlock) => {
    switch (block.kind) {
      case 'section':
        section = block.title;
        // A section opening the document starts on the page already there (the first one after the cover).
        if (y < contentTop()) newPage();
        else sectionOfPage[sectionOfPage.length - 1] = section;
        write(block.title, { font: bold, size: 22, color: GREEN });
        if (block.intro) write(block.intro, { font: regular, size: 11 });
        y -= 4;
        rule(y, GREEN, 2);
        y -= 10;
        break;
      case 'heading':
        ensure(40);
        y -= 10;
        write(block.text, { font: bold, size: 13, color: GREEN });
        rule(y + 2);
        y -= 4;
        break;
      case 'subheading':
        ensure(30);
        y -= 4;
        write(block.text, { font: bold, size: 11 });
        y -= 2;
        break;
      case 'paragraph':
        write(block.text, { font: regular, size: 10 });
        y -= 6;
        break;
      case 'list':
        block.items.forEach((item, i) => {
          const marker = block.ordered ? `${i + 1}.` : '-';
          ensure(14);
          if (!measuring)
            page.drawText(marker, { x: left + 4, y: y - 10, size: 10, font: bold, color: GREEN });
          write(item, { font: regular, size: 10, x: left + 22 });
        });
        y -= 6;
        break;
      case 'table':
        table(block);
        break;
      case 'keep': {
        const start = y;
        measuring = true;
        block.blocks.forEach(render);
        measuring = false;
        const height = start - y;
        y = start;
        if (y - height < BOTTOM && height < TOP - BOTTOM - 22) newPage();
        block.blocks.forEach(render);
        break;
      }
      case 'figure': {
        ensure(FIGURE_SIZE);
        const top = y;
        if (!measuring) {
          page.drawImage(pictures.get(block.svg)!, {
            x: MARGIN,
            y: top - FIGURE_SIZE,
            width: FIGURE_SIZE,
            height: FIGURE_SIZE,
          });
        }
        [left, width] = [MARGIN + FIGURE_SIZE + 16, A4[0] - 2 * MARGIN - FIGURE_SIZE - 16];
        block.blocks.forEach(render);
        [left, width] = [MARGIN, A4[0] - 2 * MARGIN];
        y = Math.min(y, top - FIGURE_SIZE - 10);
        break;
      }
    }
  };

  if (content.cover) {
    drawCover(pdf.addPage(A4), content.cover, { regular, bold, clean });
    sectionOfPage.push(undefined);
  }
  newPage();
  if (!content.cover) {
    page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: GREEN });
    write(content.title, { font: bold, size: 20, color: GREEN });
    if (content.subtitle) write(content.subtitle, { font: regular, size: 11 });
    y -= 8;
  }
  content.blocks.forEach(render);

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    if (content.cover && i === 0) return;
    if (content.header) {
      p.drawText(clean(content.header), { x: MARGIN, y: TOP - 8, size: 8, font: bold, color: GREEN });
      const current = sectionOfPage[i];
      if (current) {
        const text = clean(current);
        p.drawText(text, {
          x: A4[0] - MARGIN - regular.widthOfTextAtSize(text, 8),
          y: TOP - 8,
          size: 8,
          font: regular,
          color: GREY,
        });
      }
      p.drawLine({ start: { x: MARGIN, y: TOP - 13 }, end: { x: A4[0] - MARGIN, y: TOP - 13 }, color: RULE });
    }
    const text = clean(`${content.footer ? `${content.footer} - ` : ''}page ${i + 1} of ${pages.length}`);
    p.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GREY });
  });
  return pdf.save();
}

/** A green cover: brand line, large title, subtitle and the closing lines at the bottom. */
function drawCover(
  page: PDFPage,
  cover: PdfCover,
  fonts: { regular: PDFFont; bold: PDFFont; clean: (text: string) => string },
) {
  const { regular, bold, clean } = fonts;
  page.drawRectangle({ x: 0, y: 0, width: A4[0], height: A4[1], color: GREEN });
  page.drawRectangle({ x: 0, y: A4[1] * 0.42, width: A4[0], height: 6, color: WHITE });
  page.drawText(clean(cover.eyebrow).toUpperCase(), {
    x: MARGIN,
    y: A4[1] - 110,
    size: 14,
    font: bold,
    color: WHITE,
  });
  let y = A4[1] - 190;
  for (const line of splitToWidth(clean(cover.title), bold, 38, A4[0] - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 38, font: bold, color: WHITE });
    y -= 46;
  }
  if (cover.subtitle) {
    for (const line of splitToWidth(clean(cover.subtitle), regular, 16, A4[0] - 2 * MARGIN)) {
      y -= 6;
      page.drawText(line, { x: MARGIN, y, size: 16, font: regular, color: WHITE });
      y -= 16;
    }
  }
  let bottom = A4[1] * 0.42 - 40;
  for (const line of cover.lines ?? []) {
    for (const part of splitToWidth(clean(line), regular, 11, A4[0] - 2 * MARGIN)) {
      page.drawText(part, { x: MARGIN, y: bottom, size: 11, font: regular, color: WHITE });
      bottom -= 17;
    }
  }
}

function splitToWidth(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
