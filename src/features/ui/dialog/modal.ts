/**
 * The modal behaviour of a native `<dialog>`, without React: `showModal()` makes the page inert and closes on
 * Escape; this adds focus wrapping at the edges, focus inside on open and focus back to the opener on close.
 * Dialog.tsx uses it; a plain script can call it on server-rendered `<dialog class="dialog">` markup.
 */
import { wrapFocus, type FocusStop } from './focus-order.ts';

/** What Tab can reach (disabled controls excluded); invisible and inert ones are filtered out below. */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not(:disabled)',
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert]'),
  );
}

const describe = (element: HTMLElement): FocusStop =>
  element instanceof HTMLInputElement && element.type === 'radio' && element.name
    ? { group: element.name, checked: element.checked }
    : {};

/** Keydown handler: keeps Tab and Shift+Tab inside the dialog. */
export function keepTabInside(
  dialog: HTMLElement,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'preventDefault'>,
): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(dialog);
  const focused = document.activeElement;
  const active = focused === dialog ? -1 : stops.indexOf(focused as HTMLElement);
  // Focus on something that is not a tab stop (text clicked in the middle): the browser knows best.
  if (active === -1 && focused !== dialog) return;
  const target = wrapFocus(stops.map(describe), active, event.shiftKey);
  if (target === undefined) return;
  event.preventDefault();
  stops[target]?.focus();
}

/**
 * Opens `dialog` as a modal with focus inside (its first control, or an `autofocus` one), and returns the
 * function that closes it and gives focus back to what had it before (the opener), if that is still on the page.
 */
export function openModal(dialog: HTMLDialogElement): () => void {
  const opener = document.activeElement;
  if (!dialog.open) dialog.showModal();
  if (!dialog.contains(document.activeElement)) dialog.focus();
  return () => {
    if (dialog.open) dialog.close();
    if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected)
      opener.focus({ preventScroll: true });
  };
}
