/**
 * The one-off data migrations, in order: the entry points (server, seed, postcode import, tests, bench) hand this
 * list to openDatabase, whose runner (db/data-migrations.ts) runs each once per database. Append new ones with a
 * new name; never rename or reorder. None inserts demo rows (issue 20): `seed-commerce`, which added the carriers
 * and the demo discount codes, was removed (README "In production" says how to delete those codes).
 */
import type { DataMigration } from '../db/data-migrations.ts';
import { clearUnsafeLinks } from './clear-unsafe-links.ts';
import { sanitizeStoredHtml } from './sanitize-stored-html.ts';

export const dataMigrationList: readonly DataMigration[] = [
  { name: 'sanitize-stored-html', run: sanitizeStoredHtml },
  { name: 'clear-unsafe-links', run: clearUnsafeLinks },
];
