/**
 * The storefront's own data types. Back-office shapes (snake_case, plan ids) are mapped to these in the
 * `src/lib/api` modules and nowhere else; pages, components and islands only see these.
 */
import type { Audience } from '../config.ts';

export interface Media {
  /** Same-origin `/api/v1/media/…` URL of the original (PNG/JPEG). */
  url: string;
  /** WebP twin, when the back-office has one. */
  webp?: string;
  alt: string;
  title?: string;
  width?: number;
  height?: number;
}

/** Money in integer pence. */
export interface Price {
  exVat: number;
  incVat: number;
  vatRate: number;
  currency: string;
}

export interface Pictogram {
  title: string;
  url: string;
  webp?: string;
}

export interface Characteristic {
  /** Technical name, e.g. `surface`, `drying_time`. */
  code: string;
  label: string;
  /** Labels joined by ', ', for display. */
  value: string;
  /** Raw values, for filters and the selector guide. */
  values: string[];
  unit?: string;
  number?: number;
}

export interface Variant {
  id: number;
  reference: string;
  label: string;
  gtin: string;
  quantity: number;
  unit: string;
  price: Price;
  /** Packshot of this pack (its size printed on it), when the back-office has one. */
  media?: Media;
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  reference: string;
  shortDescription: string;
  categoryName: string;
  categorySlug: string;
  categories: CategoryRef[];
  promoted: boolean;
  /** Price of the cheapest variant. */
  price: Price;
  cover: Media;
  gallery: Media[];
  pictograms: Pictogram[];
  ambiance: Media[];
  characteristics: Characteristic[];
  variants: Variant[];
  /** Audiences whose plan holds the product. */
  audiences: Audience[];
}

export interface ProductDocument {
  id: number;
  title: string;
  type: string;
  url: string;
  /** Size of the file, when the back-office knows it. */
  sizeBytes?: number;
}

export interface Product extends ProductSummary {
  description: string;
  instructions: string[];
  documents: ProductDocument[];
  related: ProductSummary[];
}

export interface Category {
  id: number;
  slug: string;
  name: string;
  description: string;
  parentId: number | null;
  position: number;
  cover?: Media;
  productCount: number;
  audiences: Audience[];
  children: Category[];
}

export interface ProductPage {
  items: ProductSummary[];
  total: number;
  page: number;
  perPage: number;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export type Facet =
  | { kind: 'list'; technicalName: string; label: string; options: FacetOption[] }
  | { kind: 'range'; technicalName: string; label: string; min: number; max: number };

export interface GuideQuestion {
  technicalName: string;
  label: string;
  position: number;
  options: FacetOption[];
}

export interface ScanResult {
  product: ProductSummary | null;
  variant: Variant | null;
  error: string | null;
}

export interface SuggestGroup<T> {
  total: number;
  items: T[];
}

export interface Suggestions {
  products: SuggestGroup<{
    id: number;
    slug: string;
    name: string;
    reference: string;
    categoryName: string;
    cover?: Media;
  }>;
  categories: SuggestGroup<{ id: number; slug: string; name: string; categoryName: string; cover?: Media }>;
  pages: SuggestGroup<{
    id: number;
    slug: string;
    title: string;
    content: string;
    type: string;
    categoryName: string;
  }>;
}

export type EntityType = 'product' | 'category' | 'page' | 'folder';
export type PageType = 'cms' | 'actualite' | 'job';

/** One entry of the URL list: every entity with the audiences it exists in. */
export interface UrlEntry {
  entityType: EntityType;
  id: number;
  slug: string;
  type?: PageType;
  audiences: Audience[];
  updatedAt: string;
}

/** A parent of an entity for the breadcrumb, root first. `route` parents are listing pages (news, careers…). */
export interface EntityParent {
  entityType: EntityType | 'route';
  id: number;
  slug: string;
  name: string;
  type?: string;
}

/** A crumb: label plus the path it links to (the last crumb, the current page, has no link). */
export interface Crumb {
  label: string;
  href?: string;
}

export interface SalesPlan {
  id: number;
  audience: Audience;
  label: string;
  currencyCode: string;
  currencySymbol: string;
  vatRate: number;
}

export interface Site {
  id: number;
  code: string;
  label: string;
  url: string;
  languages: { code: string; label: string }[];
  plans: SalesPlan[];
}

export interface Subsidiary {
  code: string;
  label: string;
  url: string;
}

export interface TrustLabel {
  title: string;
  text: string;
}

export interface SocialLink {
  code: string;
  url: string;
}

export interface Settings {
  /** Every setting, code → value. */
  values: Record<string, string>;
  phone?: string;
  customerServiceHours?: string;
  jobsiteSupportDelayHours?: number;
  trustLabels: Record<Audience, TrustLabel[]>;
  /** Only the social settings that exist, in display order. */
  socialLinks: SocialLink[];
}

export interface Push {
  title: string;
  text: string;
  cover?: Media;
  linkLabel?: string;
  href?: string;
  external: boolean;
}

export type MenuItemKind = 'external_url' | 'cms_page' | 'no_destination';

export interface MenuItem {
  label: string;
  kind: MenuItemKind;
  code?: 'guide_de_choix' | 'top_produit';
  /** Where the item leads, already resolved for the audience; absent for no_destination. */
  href?: string;
  /** External links outside the site open in a new tab. */
  newTab: boolean;
  /** Hex colour, read up to the first underscore. */
  color?: string;
  cover?: Media;
  extract?: string;
  pushes: Push[];
  children: MenuItem[];
}

export interface Menu {
  code: string;
  items: MenuItem[];
}

export interface ContentBlock {
  kind: 'text' | 'push' | 'image' | 'video';
  title?: string;
  /** Trusted HTML from the back-office CMS. */
  html?: string;
  cover?: Media;
  linkLabel?: string;
  url?: string;
  youtubeId?: string;
}

export interface Tag {
  id: number;
  slug: string;
  label: string;
  kind?: string;
}

export interface JobDetails {
  contract: string;
  location: string;
  department: string;
  experience: string;
  salary: string;
}

export interface CmsPage {
  id: number;
  slug: string;
  title: string;
  type: PageType;
  status: string;
  audiences: Audience[];
  publishedAt: string | null;
  extract: string;
  cover?: Media;
  blocks: ContentBlock[];
  tags: Tag[];
  meta: { title: string; description: string };
  job?: JobDetails;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

export interface Folder {
  id: number;
  slug: string;
  title: string;
  type: { slug: string; label: string };
  audiences: Audience[];
  extract: string;
  cover?: Media;
  difficulty: string;
  durationMinutes: number;
  steps: { title: string; html: string; cover?: Media }[];
  productIds: number[];
}

export interface Faq {
  id: number;
  question: string;
  /** Trusted HTML. */
  answerHtml: string;
  tags: { slug: string; label: string }[];
  audiences: Audience[];
  position: number;
}

export interface Notice {
  id: number;
  title: string;
  type: { slug: string; label: string };
  section: 'download' | 'technical';
  file: { url: string; sizeBytes: number };
  productId?: number;
  audiences: Audience[];
}

export interface Slide {
  id: number;
  kind: 'slide' | 'push';
  audiences: Audience[];
  title: string;
  text: string;
  linkLabel: string;
  url: string;
  cover?: Media;
  position: number;
}

export interface Testimony {
  id: number;
  author: string;
  role: string;
  company: string;
  text: string;
  audiences: Audience[];
  rating: number;
}

export interface SitemapSection {
  title: string;
  items: { title: string; slug: string }[];
}
