/**
 * The one-off data migrations, in order: the entry points (server, seed, postcode import, tests, bench) hand this
 * list to openDatabase, whose runner (db/data-migrations.ts) runs each once per database. Append new ones with a
 * new name; never rename or reorder.
 */
import type { DataMigration } from '../db/data-migrations.ts';
import { seedCommerce } from '../seed/commerce.ts';
import { sanitizeStoredHtml } from './sanitize-stored-html.ts';

export const dataMigrationList: readonly DataMigration[] = [
  { name: 'sanitize-stored-html', run: sanitizeStoredHtml },
  // Carriers and demo discount codes for databases seeded before the basket existed (a fresh one gets them from
  // the seed, which runs after: the site does not exist yet here, so this adds nothing then).
  { name: 'seed-commerce', run: seedCommerce },
];
