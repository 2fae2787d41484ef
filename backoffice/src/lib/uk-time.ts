/**
 * UK calendar days and dates for staff (orders placed "today", a date filter, an export for the accounts): the shop
 * trades in Europe/London, so a day starts at midnight there (GMT in winter, BST in summer), not at midnight UTC.
 */

const LONDON = 'Europe/London';

/** London's offset from UTC at `at`, in minutes (0 or 60). */
function londonOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant the UK day `day` (`2027-03-28`) starts. UK clocks change at 01:00 UTC, never at midnight. */
export function ukDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - londonOffsetMinutes(utcMidnight) * 60_000);
}

/** The UK calendar day of `at`, as `2027-03-28`. */
export function ukDay(at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: LONDON }).format(at);
}

/** The UK day after `day`. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `28/03/2027 14:05`, in London's time: how UK spreadsheets read a date and time. */
export function ukDateTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');
}
