/**
 * What the content lists and editors say about an entry's state, in UK time (Europe/London, GMT or BST as the date
 * falls): "Draft", "Published", "Draft changes" (live, with a pending draft) or "Scheduled 12 Dec 09:00"; and the
 * schedule's date-time inputs, typed in UK time whatever the computer's own time zone.
 */
import type { ContentStatus } from './content-api.ts';

export interface StatusFacts {
  status: ContentStatus;
  has_draft: boolean;
  publish_at: string | null;
  unpublish_at: string | null;
}

const SHORT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-12T09:00:00Z` → "12 Dec 09:00" (UK time). */
export function ukShort(value: string | Date): string {
  const parts = Object.fromEntries(SHORT.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.hour}:${parts.minute}`;
}

/** The status column's words. A schedule still to come is named first: it is what will happen next. */
export function statusLabel(entry: StatusFacts, now: Date = new Date()): string {
  const future = (at: string | null) => at !== null && new Date(at).getTime() > now.getTime();
  if (entry.status === 'draft' && future(entry.publish_at)) return `Scheduled ${ukShort(entry.publish_at!)}`;
  if (entry.status === 'published' && entry.has_draft && future(entry.publish_at))
    return `Scheduled ${ukShort(entry.publish_at!)}`;
  if (entry.status === 'draft') return 'Draft';
  return entry.has_draft ? 'Draft changes' : 'Published';
}

/** A note on a planned unpublish ("Unpublishes 24 Dec 17:00"), or undefined. */
export function unpublishNote(entry: StatusFacts, now: Date = new Date()): string | undefined {
  return entry.unpublish_at && new Date(entry.unpublish_at).getTime() > now.getTime()
    ? `Unpublishes ${ukShort(entry.unpublish_at)}`
    : undefined;
}

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The UK wall-clock time of an instant as `YYYY-MM-DDTHH:MM` (a datetime-local input's value). */
export function ukInputValue(value: string | Date): string {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(value)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** How far UK time is ahead of UTC at `instant`, in milliseconds (0 in winter, one hour in summer). */
function ukOffset(instant: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * A UK wall-clock time (`YYYY-MM-DDTHH:MM`, seconds optional, from a datetime-local input) as an ISO instant, or undefined when it is
 * not one. A time the clocks skip in spring counts as the hour after; one they repeat in autumn as the first.
 */
export function ukInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(match[6] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return undefined;
  // Try the offsets either side of the wall time: the earliest instant that shows this wall time wins.
  const candidates = [wall - ukOffset(wall - 3_600_000), wall - ukOffset(wall + 3_600_000)].sort(
    (a, b) => a - b,
  );
  const minutes = value.trim().slice(0, 16);
  const exact = candidates.find((instant) => ukInputValue(new Date(instant)) === minutes);
  return new Date((exact ?? candidates[candidates.length - 1]!) + second * 1000).toISOString();
}
