/**
 * The three draft-capable editors' forms (pages with news and careers, how-to folders, FAQ entries): an item of the
 * API as the form holds it, the form as the body of a create, the fields a save changes (only those are sent, with
 * the version read), and what must be put right before saving.
 */
import { SLUG_PATTERN } from '@plasterwick/shop-rules/slug';

/** Rich texts as the editor gives them back (RichTextEditor's cleanHtml), so a load is not a change. */
export type Clean = (html: string) => string;
const asIs: Clean = (html) => html;

export type Errors = Record<string, string>;

export const AUDIENCE_CHOICES = [
  { id: 'pro', name: 'Professionals' },
  { id: 'part', name: 'DIY' },
] as const;

export const PAGE_TYPES = [
  { id: 'cms', name: 'Page' },
  { id: 'actualite', name: 'News' },
  { id: 'job', name: 'Careers' },
] as const;
export type PageType = (typeof PAGE_TYPES)[number]['id'];

export const CONTRACTS = [
  { id: 'permanent', name: 'Permanent' },
  { id: 'fixed-term', name: 'Fixed term' },
  { id: 'apprenticeship', name: 'Apprenticeship' },
] as const;

export const DIFFICULTIES = [
  { id: 'easy', name: 'Easy' },
  { id: 'intermediate', name: 'Intermediate' },
  { id: 'advanced', name: 'Advanced' },
] as const;

/** A section of a page: a text block is edited (heading and rich text); any other block is kept as it is. */
export type Block = Record<string, unknown> & { kind: string; titre?: string; text?: string };

export interface Job {
  contract: string;
  location: string;
  department: string;
  experience: string;
  salary: string;
}

export interface PageForm {
  title: string;
  slug: string;
  type: PageType;
  audiences: string[];
  extract: string;
  blocks: Block[];
  job: Job;
}

export interface Step {
  title: string;
  text: string;
  cover?: unknown;
}

export interface FolderForm {
  title: string;
  slug: string;
  type: string;
  audiences: string[];
  extract: string;
  difficulty: string;
  duration_minutes: string;
  steps: Step[];
}

export interface FaqForm {
  question: string;
  answer: string;
  audiences: string[];
  position: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const EMPTY_JOB: Job = { contract: 'permanent', location: '', department: '', experience: '', salary: '' };

function slugErrors(slug: string, errors: Errors) {
  if (!slug.trim()) errors.slug = 'Enter the address (slug)';
  else if (!SLUG_PATTERN.test(slug.trim()))
    errors.slug = 'Use lowercase letters, digits, hyphens and slashes, such as filling-cracks';
}

function audienceErrors(audiences: string[], errors: Errors) {
  if (audiences.length === 0) errors.audiences = 'Choose at least one audience';
}

export interface Kind<Form> {
  /** The API's resource. */
  resource: 'page' | 'folder' | 'faq';
  /** The console's resource (its address: /admin/content-pages…). */
  consoleResource: string;
  /** "page", "how-to folder", "FAQ entry": in the screen's sentences. */
  noun: string;
  empty(type?: string): Form;
  formOf(item: Record<string, unknown>, clean?: Clean): Form;
  bodyOf(form: Form): Record<string, unknown>;
  validate(form: Form): Errors;
  titleOf(form: Form): string;
}

export const pageKind: Kind<PageForm> = {
  resource: 'page',
  consoleResource: 'content-pages',
  noun: 'page',
  empty: (type) => ({
    title: '',
    slug: '',
    type: PAGE_TYPES.some((t) => t.id === type) ? (type as PageType) : 'cms',
    audiences: ['pro', 'part'],
    extract: '',
    blocks: [{ kind: 'text', titre: '', text: '' }],
    job: { ...EMPTY_JOB },
  }),
  formOf(item, clean = asIs) {
    const job = (item.job ?? {}) as Partial<Job>;
    return {
      title: str(item.title),
      slug: str(item.slug),
      type: PAGE_TYPES.some((t) => t.id === item.type) ? (item.type as PageType) : 'cms',
      audiences: strings(item.audiences),
      extract: str(item.extract),
      blocks: (Array.isArray(item.blocks) ? (item.blocks as Block[]) : []).map((block) =>
        block.kind === 'text' ? { ...block, titre: str(block.titre), text: clean(str(block.text)) } : block,
      ),
      job: { ...EMPTY_JOB, ...Object.fromEntries(Object.entries(job).map(([k, v]) => [k, str(v)])) },
    };
  },
  bodyOf: (form) => ({
    title: form.title.trim(),
    slug: form.slug.trim(),
    type: form.type,
    audiences: form.audiences,
    extract: form.extract.trim(),
    blocks: form.blocks.map((block) => {
      if (block.kind !== 'text') return block;
      const { titre, ...rest } = block;
      return titre?.trim() ? { ...rest, titre: titre.trim() } : rest;
    }),
    ...(form.type === 'job'
      ? {
          job: {
            contract: form.job.contract,
            location: form.job.location.trim(),
            department: form.job.department.trim(),
            experience: form.job.experience.trim(),
            salary: form.job.salary.trim(),
          },
        }
      : {}),
  }),
  validate(form) {
    const errors: Errors = {};
    if (!form.title.trim()) errors.title = 'Enter a title';
    slugErrors(form.slug, errors);
    audienceErrors(form.audiences, errors);
    if (form.type === 'job') {
      for (const key of ['location', 'department', 'experience'] as const) {
        if (!form.job[key].trim()) errors[`job.${key}`] = 'Required for a vacancy';
      }
    }
    return errors;
  },
  titleOf: (form) => form.title,
};

export const folderKind: Kind<FolderForm> = {
  resource: 'folder',
  consoleResource: 'content-folders',
  noun: 'how-to folder',
  empty: () => ({
    title: '',
    slug: '',
    type: '',
    audiences: ['pro', 'part'],
    extract: '',
    difficulty: 'easy',
    duration_minutes: '30',
    steps: [{ title: '', text: '' }],
  }),
  formOf(item, clean = asIs) {
    const type = item.type as { slug?: string } | string | undefined;
    return {
      title: str(item.title),
      slug: str(item.slug),
      type: typeof type === 'string' ? type : str(type?.slug),
      audiences: strings(item.audiences),
      extract: str(item.extract),
      difficulty: str(item.difficulty) || 'easy',
      duration_minutes: String(item.duration_minutes ?? 30),
      steps: (Array.isArray(item.steps) ? (item.steps as Step[]) : []).map((step) => ({
        ...step,
        title: str(step.title),
        text: clean(str(step.text)),
      })),
    };
  },
  bodyOf: (form) => ({
    title: form.title.trim(),
    slug: form.slug.trim(),
    type: form.type.trim(),
    audiences: form.audiences,
    extract: form.extract.trim(),
    difficulty: form.difficulty,
    duration_minutes: Number(form.duration_minutes),
    steps: form.steps.map((step) => ({ ...step, title: step.title.trim() })),
  }),
  validate(form) {
    const errors: Errors = {};
    if (!form.title.trim()) errors.title = 'Enter a title';
    slugErrors(form.slug, errors);
    if (!form.type.trim()) errors.type = 'Enter the folder’s type (a slug, such as repairs)';
    else if (!SLUG_PATTERN.test(form.type.trim())) errors.type = 'Use lowercase letters, digits and hyphens';
    audienceErrors(form.audiences, errors);
    const minutes = Number(form.duration_minutes);
    if (!Number.isInteger(minutes) || minutes < 1)
      errors.duration_minutes = 'Enter a whole number of minutes';
    form.steps.forEach((step, index) => {
      if (!step.title.trim()) errors[`steps.${index}.title`] = 'Give the step a title';
    });
    return errors;
  },
  titleOf: (form) => form.title,
};

export const faqKind: Kind<FaqForm> = {
  resource: 'faq',
  consoleResource: 'content-faq',
  noun: 'FAQ entry',
  empty: () => ({ question: '', answer: '', audiences: ['pro', 'part'], position: '0' }),
  formOf: (item, clean = asIs) => ({
    question: str(item.question),
    answer: clean(str(item.answer)),
    audiences: strings(item.audiences),
    position: String(item.position ?? 0),
  }),
  bodyOf: (form) => ({
    question: form.question.trim(),
    answer: form.answer,
    audiences: form.audiences,
    position: Number(form.position),
  }),
  validate(form) {
    const errors: Errors = {};
    if (!form.question.trim()) errors.question = 'Enter the question';
    audienceErrors(form.audiences, errors);
    const position = Number(form.position);
    if (!Number.isInteger(position) || position < 0) errors.position = 'Enter a whole number, 0 or more';
    return errors;
  },
  titleOf: (form) => form.question,
};

/** The fields of `now` that differ from `base` (both bodies of the same kind): what a save sends. */
export function changedFields(
  base: Record<string, unknown>,
  now: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(now).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(base[key])),
  );
}
