/** Test fixtures of the CV rules: files built byte by byte, so tests need no sample documents on disk. */

const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * A minimal stored ZIP with the given entry names (contents empty): what the CV check reads is the directory. A
 * DOCX is such a ZIP listing `word/document.xml`.
 */
export function zipOf(names: string[], comment = ''): Uint8Array {
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
