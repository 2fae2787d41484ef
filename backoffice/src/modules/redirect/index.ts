/** The redirect module's public surface: the 301s a slug change leaves (moves.ts). */
export { audiencesOf, entityPath, recordSlugMove, type SlugEntity } from './moves.ts';
