/**
 * A date and time as a `datetime-local` input holds it, read and written in UK time (Europe/London, GMT or BST
 * as the date falls) whatever the computer's own time zone.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2027-07-01T08:30:00Z` → `2027-07-01T09:30` (BST). */
export function ukLocalInput(iso: string): string {
  const parts = Object.fromEntries(PARTS.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** `2027-07-01T09:30` in UK time → `2027-07-01T08:30:00.000Z`; undefined when it is not a date and time. */
export function isoFromUkLocal(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The UK is at UTC or one hour ahead: the candidate whose UK time reads back as asked.
  for (const offset of [0, 60]) {
    const candidate = new Date(asUtc - offset * 60_000).toISOString();
    if (ukLocalInput(candidate) === local) return candidate;
  }
  // A time skipped when the clocks go forward: the moment an hour later.
  return new Date(asUtc).toISOString();
}
