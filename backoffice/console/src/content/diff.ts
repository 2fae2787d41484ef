/**
 * The history's diff made readable: each changed field under its label, its value before and after as plain text
 * (HTML reduced to its words, lists joined, sections and steps summed up, instants in UK time), and for a text
 * what was taken out and put in, word by word.
 */
import { ukDateTime } from '../dates.ts';
import type { FieldChange } from './content-api.ts';

const LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Address (slug)',
  type: 'Type',
  status: 'Status',
  audiences: 'Audiences',
  extract: 'Summary',
  blocks: 'Sections',
  steps: 'Steps',
  question: 'Question',
  answer: 'Answer',
  position: 'Position',
  published_at: 'Published on',
  publish_at: 'Publish at',
  unpublish_at: 'Unpublish at',
  parent_id: 'Parent page',
  tags: 'Tags',
  meta: 'Search engine text',
  job: 'Job details',
  cover: 'Cover picture',
  difficulty: 'Difficulty',
  duration_minutes: 'Duration (minutes)',
  products: 'Products',
  label: 'Label',
  value: 'Value',
  items: 'Items',
};

const VALUE_WORDS: Record<string, string> = {
  pro: 'Professionals',
  part: 'DIY',
  draft: 'Draft',
  published: 'Published',
  cms: 'Page',
  actualite: 'News',
  job: 'Careers',
};

/** A field's label: the known ones in plain English, any other from its name (`duration_minutes` → "Duration minutes"). */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** HTML as the words a reader sees. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const EMPTY = '(empty)';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX = 400;

const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

function objectText(value: Record<string, unknown>): string {
  // A section, a step, a tag: what names it first.
  const name = value.titre ?? value.title ?? value.label ?? value.question ?? value.slug;
  const body = value.text ?? value.answer;
  const parts = [name, body].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (parts.length) return parts.map((p) => plainText(p)).join(': ');
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`)
    .join('; ');
}

/** Any value of a version as a line of plain text; "(empty)" for nothing. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO.test(value)) return ukDateTime(value);
    return cut(VALUE_WORDS[value] ?? plainText(value));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    if (value.every((v) => typeof v !== 'object' || v === null)) return cut(value.map(valueText).join(', '));
    return cut(value.map((v, i) => `${i + 1}. ${valueText(v)}`).join(' · '));
  }
  if (typeof value === 'object') return cut(objectText(value as Record<string, unknown>) || '(empty)');
  return String(value);
}

export interface WordChange {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * The words of `before` and `after` marked as kept, removed or added (a longest common subsequence of the words;
 * long texts are compared as a whole to stay quick).
 */
export function wordDiff(before: string, after: string): WordChange[] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  if (a.length * b.length > 250_000) {
    return [
      ...(a.length ? [{ kind: 'removed' as const, text: a.join(' ') }] : []),
      ...(b.length ? [{ kind: 'added' as const, text: b.join(' ') }] : []),
    ];
  }
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: WordChange[] = [];
  const push = (kind: WordChange['kind'], word: string) => {
    const last = out[out.length - 1];
    if (last?.kind === kind) last.text += ` ${word}`;
    else out.push({ kind, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return out;
}

export interface ReadableChange {
  field: string;
  label: string;
  before: string;
  after: string;
  /** For texts: the words removed and added; undefined for other values. */
  words?: WordChange[];
}

/**
 * A version's changes as the history shows them: a field whose text reads the same before and after (nothing and
 * an empty list) is left out; two texts (or lists) that both say something get their words marked.
 */
export function readableChanges(changes: readonly FieldChange[]): ReadableChange[] {
  return changes.flatMap(({ field, before, after }) => {
    const beforeText = valueText(before);
    const afterText = valueText(after);
    if (beforeText === afterText) return [];
    const texty = (v: unknown) => typeof v === 'string' || Array.isArray(v);
    const words =
      texty(before) && texty(after) && beforeText !== EMPTY && afterText !== EMPTY
        ? wordDiff(beforeText, afterText)
        : undefined;
    return [
      { field, label: fieldLabel(field), before: beforeText, after: afterText, ...(words ? { words } : {}) },
    ];
  });
}

/** A history action's words ("create" → "Created"). */
export function actionLabel(action: string): string {
  const known: Record<string, string> = {
    create: 'Created',
    update: 'Changed',
    replace: 'Replaced',
    draft: 'Draft saved',
    publish: 'Published',
    unpublish: 'Unpublished',
    schedule: 'Scheduled',
    restore: 'Restored',
    delete: 'Deleted',
    add_item: 'Item added',
    update_item: 'Item changed',
    remove_item: 'Item removed',
    scheduled_publish: 'Published on schedule',
    scheduled_unpublish: 'Unpublished on schedule',
  };
  return known[action] ?? fieldLabel(action);
}
