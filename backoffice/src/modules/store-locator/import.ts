/**
 * Postcode importer: reads an outcode CSV (`postcode|outcode,latitude,longitude`) or an ONSPD-style CSV
 * (`pcds`/`pcd`, `lat`, `long`) and upserts the rows into the postcode table with district or full precision.
 * Malformed rows are rejected with their line number; the rest are imported.
 */
import { normalisePostcode, precisionOf, type Precision } from '@plasterwick/shop-rules/postcode';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { postcodes } from '../../db/schema.ts';

export interface ImportResult {
  imported: number;
  byPrecision: Record<Precision, number>;
  rejected: { line: number; reason: string }[];
}

const codeColumns = ['pcds', 'pcd', 'pcd2', 'postcode', 'outcode'];
const latColumns = ['lat', 'latitude'];
const lngColumns = ['long', 'lng', 'longitude'];

/** Splits one CSV line, honouring double quotes (ONSPD quotes every field). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields.map((f) => f.trim());
}

export interface ParsedRow {
  code: string;
  latitude: number;
  longitude: number;
  precision: Precision;
}

/** Parses the CSV text; throws if the header names no postcode or coordinate column. */
export function parsePostcodeCsv(content: string): { rows: ParsedRow[]; rejected: ImportResult['rejected'] } {
  const lines = content.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase().replace(/^\uFEFF/, ''));
  const find = (names: string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0);
  const codeAt = find(codeColumns);
  const latAt = find(latColumns);
  const lngAt = find(lngColumns);
  if (codeAt === undefined || latAt === undefined || lngAt === undefined) {
    throw new Error(
      `Unrecognised header "${lines[0] ?? ''}": expected a postcode column (${codeColumns.join('/')}), ` +
        `${latColumns.join('/')} and ${lngColumns.join('/')}`,
    );
  }
  const rows: ParsedRow[] = [];
  const rejected: ImportResult['rejected'] = [];
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    if (line.trim() === '') return;
    const fields = splitCsvLine(line);
    const code = normalisePostcode(fields[codeAt] ?? '');
    const rawLat = fields[latAt] ?? '';
    const rawLng = fields[lngAt] ?? '';
    const latitude = Number(rawLat);
    const longitude = Number(rawLng);
    const precision = precisionOf(code);
    if (!precision || precision === 'area') {
      rejected.push({ line: lineNumber, reason: `invalid postcode "${fields[codeAt] ?? ''}"` });
    } else if (rawLat === '' || !Number.isFinite(latitude) || latitude < 49 || latitude > 61) {
      // ONSPD marks postcodes without a grid reference with latitude 99.999999: not in the UK box, rejected.
      rejected.push({ line: lineNumber, reason: `latitude "${rawLat}" is not a UK latitude` });
    } else if (rawLng === '' || !Number.isFinite(longitude) || longitude < -9 || longitude > 3) {
      rejected.push({ line: lineNumber, reason: `longitude "${rawLng}" is not a UK longitude` });
    } else {
      rows.push({ code, latitude, longitude, precision });
    }
  });
  return { rows, rejected };
}

/** Imports the CSV text into the postcode table (insert or update by code). */
export async function importPostcodes(db: Database, content: string): Promise<ImportResult> {
  const { rows, rejected } = parsePostcodeCsv(content);
  const byPrecision: Record<Precision, number> = { area: 0, district: 0, full: 0 };
  // Later duplicates win, as they would in sequential upserts; one statement cannot touch a row twice.
  const unique = [...new Map(rows.map((r) => [r.code, r])).values()];
  for (let start = 0; start < unique.length; start += 1000) {
    const batch = unique.slice(start, start + 1000);
    await db
      .insert(postcodes)
      .values(batch)
      .onConflictDoUpdate({
        target: postcodes.code,
        set: {
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          precision: sql`excluded.precision`,
        },
      });
  }
  for (const row of unique) byPrecision[row.precision]++;
  return { imported: unique.length, byPrecision, rejected };
}
