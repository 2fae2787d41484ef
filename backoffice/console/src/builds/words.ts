/** How the console words a build and the build status (UK time, plain English). */
import { ukDateTime, ukDay, UK_LOCALE } from '../dates.ts';

/** `14:32` in UK time; with the date when it is not today. */
export function ukClock(value: string, now = Date.now()): string {
  if (ukDay(value) !== ukDay(now)) return ukDateTime(value);
  return new Intl.DateTimeFormat(UK_LOCALE, {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}

/** `1 min 12 s`, `8 s`. */
export function duration(ms: number | null): string {
  if (ms === null) return '';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export interface Contents {
  products: number;
  categories: number;
  pages: number;
  redirects: number;
}

/** `12 products, 4 categories, 120 pages`. */
export function contentsText(contents: Contents | null): string {
  if (!contents) return '';
  return `${contents.products} products, ${contents.categories} categories, ${contents.pages} pages`;
}

export interface Change {
  at: string;
  actor: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
}

/** `page.update page 12 by Alice Smith`. */
export function changeText(change: Change): string {
  const what = `${change.action.replace(/[._]/g, ' ')}${change.entity_id ? ` ${change.entity_id}` : ''}`;
  return change.actor ? `${what} by ${change.actor}` : what;
}

export interface StatusWords {
  /** "Queued", "Building", "Live since 14:32", "Failed", "No build yet". */
  title: string;
  severity: 'info' | 'success' | 'error' | 'warning';
}

export function statusWords(
  status: { state: string; live_since: string | null },
  now = Date.now(),
): StatusWords {
  switch (status.state) {
    case 'queued':
      return { title: 'Queued', severity: 'info' };
    case 'building':
      return { title: 'Building', severity: 'info' };
    case 'live':
      return {
        title: status.live_since ? `Live since ${ukClock(status.live_since, now)}` : 'Live',
        severity: 'success',
      };
    case 'failed':
      return { title: 'Failed', severity: 'error' };
    default:
      return { title: 'No build reported yet', severity: 'warning' };
  }
}
