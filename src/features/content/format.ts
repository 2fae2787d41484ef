/** Display formats of the content pages: file sizes, dates, durations and file formats. */
import { LOCALE } from '../../lib/config.ts';
import { hasKey, t } from '../../i18n/index.ts';
import { encodeFilterValue } from '../../lib/routing.ts';

const KB = 1024;
const MB = KB * 1024;

/** "840 KB", "1.4 MB": one decimal under 10 MB, whole numbers above (what download links usually show). */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return t('content:size.bytes', { value: bytes });
  if (bytes < MB) return t('content:size.kb', { value: Math.max(1, Math.round(bytes / KB)) });
  const megabytes = bytes / MB;
  const value = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: megabytes < 10 ? 1 : 0 }).format(
    megabytes,
  );
  return t('content:size.mb', { value });
}

/** Lower-case extension of a file URL ("/api/v1/media/docs/tds.pdf?v=2" → "pdf"), '' when it has none. */
export function fileExtension(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
}

/** "PDF", "ZIP"; a file without extension shows as "File". */
export function formatFileFormat(extension: string): string {
  return extension ? extension.toUpperCase() : t('content:documents.format_unknown');
}

/** "3 March 2025"; `undefined` for a missing or invalid date. */
export function formatDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);
}

/** "45 minutes", "2 hours", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return t('content:folder.duration_minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t('content:folder.duration_whole_hours', { count: hours })
    : t('content:folder.duration_hours', { hours, minutes: rest });
}

/** Label of a vacancy's field value: contract values are technical names (`fixed-term`) labelled by the catalogue. */
export function careersValueLabel(field: string, value: string): string {
  const key = `content:careers.value.${field}.${encodeFilterValue(value)}`;
  return hasKey(key) ? t(key) : value;
}
