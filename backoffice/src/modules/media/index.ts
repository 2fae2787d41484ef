/** The media module's public surface: storing files and their alt text (its routes stay out). */
export { findMedia, setMediaAlt, storeMediaFiles, type NewMediaFile } from './service.ts';
