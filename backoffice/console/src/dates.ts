/**
 * Dates as staff read them: UK time (Europe/London, GMT or BST as the date falls) in British order, whatever the
 * computer's own time zone and language.
 */
export const UK_LOCALE = 'en-GB';

export const UK_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** `2026-07-01T09:30:00Z` → "1 Jul 2026, 10:30 BST". */
export function ukDateTime(value: string | number | Date): string {
  return new Intl.DateTimeFormat(UK_LOCALE, UK_DATE_TIME).format(new Date(value));
}

/** The UK calendar day of `value` as YYYY-MM-DD (what the order list's date filters take). */
export function ukDay(value: string | number | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(value));
}
