/**
 * The scanner's opener, on every page with the header button: a delegated click handler that lazy-loads the
 * modal (React included) on first use, and closes it on navigation (ClientRouter swap or a new page load).
 */

import type { closeScanner, openScanner } from './mount.tsx';

let loaded: Promise<{ openScanner: typeof openScanner; closeScanner: typeof closeScanner }> | undefined;

const load = () => (loaded ??= import('./mount.tsx'));

function bind(): void {
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-open-scanner]');
    if (!opener) return;
    event.preventDefault();
    void load().then(({ openScanner }) => openScanner(opener));
  });
  const close = () => void loaded?.then(({ closeScanner }) => closeScanner());
  document.addEventListener('astro:before-swap', close);
  document.addEventListener('astro:page-load', close);
}

// Module scripts run once per full page load; ClientRouter swaps keep the document, so one binding is enough.
bind();
