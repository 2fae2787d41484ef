import { describe, expect, it } from 'vitest';
import { zipOf } from './files.fixtures.ts';
import { cleanFileName, detectCvKind, zipHasWordDocument } from './files.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('CV type by magic bytes', () => {
  it('recognises PDF, Word 97–2003 and DOCX', () => {
    expect(detectCvKind(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(detectCvKind(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(detectCvKind(zipOf(['[Content_Types].xml', 'word/document.xml'], 'made by Word'))).toBe('docx');
  });

  it('refuses a ZIP without word/document.xml, a PNG, text and nothing', () => {
    expect(zipHasWordDocument(zipOf(['xl/workbook.xml']))).toBe(false);
    expect(detectCvKind(zipOf(['word/document.xml.bak']))).toBeUndefined();
    expect(detectCvKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(detectCvKind(bytes('PDF-1.7 but not at the start'))).toBeUndefined();
    expect(detectCvKind(new Uint8Array())).toBeUndefined();
  });

  it('survives a truncated or lying ZIP directory', () => {
    const whole = zipOf(['word/document.xml']);
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
