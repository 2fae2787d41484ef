/** Reads table definitions and table writes out of TypeScript source (the table-ownership test's scanner). */

export interface TableWrite {
  verb: 'insert' | 'update' | 'delete';
  /** The Drizzle table's identifier (`cartLines`) or the SQL table's name (`cart_line`). */
  table: string;
  line: number;
}

/** The tables a `tables.ts` defines: `export const carts = pgTable('cart', …)`. */
export function tablesDefinedIn(source: string): { identifier: string; sqlName: string }[] {
  return [...source.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([^']+)'/g)].map((match) => ({
    identifier: match[1]!,
    sqlName: match[2]!,
  }));
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

const drizzleWrite = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const sqlWrite = /\b(insert\s+into|update|delete\s+from)\s+(?:"(\w+)"|\$\{\s*(\w+)\s*\}|(\w+))/gi;
const verbOf = (words: string) => words.toLowerCase().split(/\s+/)[0] as TableWrite['verb'];

/** Every write the source makes: Drizzle's `.insert(x)`, `.update(x)`, `.delete(x)`, and raw SQL in templates. */
export function tableWrites(source: string): TableWrite[] {
  const writes: (TableWrite & { index: number })[] = [];
  for (const match of source.matchAll(drizzleWrite)) {
    writes.push({
      verb: verbOf(match[1]!),
      table: match[2]!,
      line: lineOf(source, match.index),
      index: match.index,
    });
  }
  for (const template of source.matchAll(/sql`([^`]*)`/g)) {
    for (const match of template[1]!.matchAll(sqlWrite)) {
      const index = template.index + 4 + match.index;
      const table = match[2] ?? match[3] ?? match[4]!;
      if (/^set$/i.test(table)) continue;
      writes.push({ verb: verbOf(match[1]!), table, line: lineOf(source, index), index });
    }
  }
  return writes.toSorted((a, b) => a.index - b.index).map(({ verb, table, line }) => ({ verb, table, line }));
}
