/**
 * Data set `content` (demo): CMS content, stockists, postcodes, training and redirects; runs after the catalogue and
 * the settings.
 */
import type { Database } from '../../db/types.ts';
import { seedDownloads } from './downloads.ts';
import { seedFaq } from './faq.ts';
import { seedFolders } from './folders.ts';
import { seedHome } from './home.ts';
import { seedMenus } from './menus.ts';
import { seedPages } from './pages.ts';
import { seedRedirects } from './redirects.ts';
import { seedStockists } from './stockists.ts';
import { seedTraining } from './training.ts';

export async function seedContent(db: Database): Promise<void> {
  // Tags first: pages, FAQ, folders and documents refer to them by slug.
  await seedPages(db);
  await seedFaq(db);
  await seedFolders(db);
  await seedDownloads(db);
  await seedHome(db);
  await seedMenus(db);
  await seedStockists(db);
  await seedTraining(db);
  await seedRedirects(db);
}
