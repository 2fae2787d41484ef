/**
 * The inbox's words (statuses, kinds) and the time left of a jobsite-support request's 48 hours (spec §9: handled
 * within 48 hours of the request).
 */
export const STATUS_LABELS = { new: 'New', in_progress: 'In progress', done: 'Done' } as const;
export const KIND_LABELS = {
  contact: 'Contact message',
  'construction-starts': 'Jobsite support',
  application: 'Job application',
  'training-registration': 'Training registration',
} as const;

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));
export const STATUS_CHOICES = choices(STATUS_LABELS);
export const MESSAGE_KIND_CHOICES = choices({
  contact: KIND_LABELS.contact,
  'construction-starts': KIND_LABELS['construction-starts'],
});

export const statusLabel = (status: string) => STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
export const kindLabel = (kind: string) => KIND_LABELS[kind as keyof typeof KIND_LABELS] ?? kind;

const HOUR_MS = 3_600_000;

/**
 * "31 h left", "Under an hour left", "Overdue by 2 h"; a request already done has no clock. Whole hours, rounded
 * down while time is left (never promising more than there is) and up once overdue.
 */
export function timeLeft(respondBy: string | null, status: string, now: Date): string {
  if (respondBy === null || status === 'done') return '';
  const left = Date.parse(respondBy) - now.getTime();
  if (left >= HOUR_MS) return `${Math.floor(left / HOUR_MS)} h left`;
  if (left > 0) return 'Under an hour left';
  return `Overdue by ${Math.max(1, Math.ceil(-left / HOUR_MS))} h`;
}
