/**
 * The last resort of spec §2 "if the error page itself fails": plain HTML with a message and a link home, with no
 * dependency on the back-office, the layout or any script. The server sends it when rendering an error page throws.
 */
import { escapeHtml } from '@plasterwick/shop-rules/html';
import { t } from '../i18n/index.ts';
import { LOCALE } from './config.ts';

const TEXTS = {
  error: { title: 'error.500_title', text: 'error.fallback' },
  unavailable: { title: 'error.503_title', text: 'error.503_text' },
  busy: { title: 'error.busy_title', text: 'error.busy_text' },
} as const;

/**
 * `error`: rendering failed; `unavailable`: the back-office is restarting; `busy`: it did not answer in time (both
 * a 503 answer).
 */
export function errorFallbackHtml(kind: keyof typeof TEXTS = 'error'): string {
  const title = escapeHtml(t(TEXTS[kind].title));
  return `<!doctype html>
<html lang="${LOCALE}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${title}</h1>
<p>${escapeHtml(t(TEXTS[kind].text))}</p>
<p><a href="/">${escapeHtml(t('error.home_link'))}</a></p>
</body>
</html>`;
}
