/**
 * Paths of the how-to guide listings, built on `paths.folder`. Decision (docs/content-pages.md): a guide is
 * `/{target}/folder/{slug}`, the listing of every guide `/{target}/folder`, and the spec's optional types segment
 * is a static page per type at `/{target}/folder/type/{type}`, one level deeper, so no guide slug can collide
 * with a type.
 */
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

export const FOLDER_TYPE_SEGMENT = 'type';

export const folderPaths = {
  index: (audience: Audience) => paths.folder(audience, ''),
  type: (audience: Audience, type: string) => paths.folder(audience, FOLDER_TYPE_SEGMENT, type),
};
