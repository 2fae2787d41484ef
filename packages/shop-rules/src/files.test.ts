import { describe, expect, it } from 'vitest';
import { cleanFileName, detectCvKind, zipHasWordDocument } from './files.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A minimal stored ZIP with the given entry names (contents empty): what matters here is the directory. */
function zip(names: string[], comment = ''): Uint8Array {
  const locals: number[] = [];
  const central: number[] = [];
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  for (const name of names) {
    const offset = locals.length;
    const encoded = [...bytes(name)];
    locals.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    locals.push(...u32(0), ...u32(0), ...u16(encoded.length), ...u16(0), ...encoded);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    central.push(...u32(0), ...u32(0), ...u16(encoded.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0));
    central.push(...u32(0), ...u32(offset), ...encoded);
  }
  const encodedComment = [...bytes(comment)];
  const end = [
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(names.length),
    ...u16(names.length),
    ...u32(central.length),
    ...u32(locals.length),
    ...u16(encodedComment.length),
    ...encodedComment,
  ];
  return Uint8Array.from([...locals, ...central, ...end]);
}

describe('CV type by magic bytes', () => {
  it('recognises PDF, Word 97–2003 and DOCX', () => {
    expect(detectCvKind(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(detectCvKind(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(detectCvKind(zip(['[Content_Types].xml', 'word/document.xml'], 'made by Word'))).toBe('docx');
  });

  it('refuses a ZIP without word/document.xml, a PNG, text and nothing', () => {
    expect(zipHasWordDocument(zip(['xl/workbook.xml']))).toBe(false);
    expect(detectCvKind(zip(['word/document.xml.bak']))).toBeUndefined();
    expect(detectCvKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(detectCvKind(bytes('PDF-1.7 but not at the start'))).toBeUndefined();
    expect(detectCvKind(new Uint8Array())).toBeUndefined();
  });

  it('survives a truncated or lying ZIP directory', () => {
    const whole = zip(['word/document.xml']);
    expect(detectCvKind(whole.slice(0, whole.length - 30))).toBeUndefined();
    const lying = whole.slice();
    lying[lying.length - 6] = 0xff; // central directory offset far beyond the file
    expect(detectCvKind(lying)).toBeUndefined();
  });

  it('cleans the visitor file name and gives it the detected extension', () => {
    expect(cleanFileName('C:\\Users\\sam\\My CV "final".png', 'pdf')).toBe('My CV final.pdf');
    expect(cleanFileName('../../etc/passwd', 'doc')).toBe('passwd.doc');
    expect(cleanFileName('\r\n.pdf', 'docx')).toBe('cv.docx');
  });
});
