/** The storefront's own types for content (CMS pages, news, jobs, folders, FAQ, documents, sitemap). */
import type { Audience } from '../../config.ts';

export interface Media {
  url: string;
  webp?: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface Tag {
  slug: string;
  label: string;
}

export type Block =
  | { kind: 'text'; title?: string; html: string }
  | { kind: 'push'; title?: string; text?: string; cover?: Media; link?: { label: string; url: string } }
  | { kind: 'image'; title?: string; cover: Media }
  | { kind: 'video'; title?: string; youtubeId: string };

export interface Job {
  contract: string;
  location: string;
  department: string;
  experience: string;
  salary?: string;
}

/** `news` is the back-office's `actualite`. */
export type PageKind = 'cms' | 'news' | 'job';

export interface CmsPage {
  id: number;
  slug: string;
  title: string;
  kind: PageKind;
  audiences: Audience[];
  publishedAt?: string;
  extract: string;
  cover?: Media;
  blocks: Block[];
  tags: Tag[];
  metaTitle: string;
  metaDescription: string;
  job?: Job;
}

export interface FolderStep {
  title: string;
  text: string;
  cover?: Media;
}

export interface Folder {
  id: number;
  slug: string;
  title: string;
  type: Tag;
  audiences: Audience[];
  extract: string;
  cover?: Media;
  difficulty?: string;
  durationMinutes?: number;
  steps: FolderStep[];
  productIds: number[];
}

export interface Faq {
  id: number;
  question: string;
  /** Trusted HTML from the back-office editors. */
  answerHtml: string;
  tags: Tag[];
  audiences: Audience[];
  position: number;
}

export interface Notice {
  id: number;
  title: string;
  type: Tag;
  section: 'download' | 'technical';
  url: string;
  sizeBytes: number;
  /** Lower-case file extension read from the URL (`pdf`, `zip`…). */
  format: string;
  audiences: Audience[];
}

export interface SitemapSection {
  title: string;
  links: { title: string; slug: string }[];
}

/** A breadcrumb parent of an entity, as `GET /url/entity` lists it (root first). */
export interface EntityParent {
  entityType: string;
  slug: string;
  name: string;
}

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  reference: string;
  shortDescription: string;
  categoryName: string;
  cover?: Media;
}

export interface UrlEntry {
  entityType: 'product' | 'category' | 'page' | 'folder';
  slug: string;
  pageKind?: PageKind;
  planIds: number[];
  updatedAt?: string;
}
