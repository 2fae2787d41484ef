/**
 * Draws the toasts of the store into the site chrome's `[data-toasts]` region (SiteChrome.astro): each toast is a
 * polite status (danger: an alert) with its text, its optional action and a dismiss button. The shared site
 * script calls `renderToasts` on every store change and page load.
 */
import { text } from '../../i18n/islands-text.ts';
import { $toasts, dismissToast, holdToast, type Toast } from './toasts.store.ts';

function actionElement(toast: Toast): HTMLElement | undefined {
  const { action } = toast;
  if (!action) return undefined;
  const element = document.createElement('onSelect' in action ? 'button' : 'a');
  element.className = 'toast-action';
  element.textContent = action.label;
  if ('onSelect' in action) {
    (element as HTMLButtonElement).type = 'button';
    element.addEventListener('click', action.onSelect);
  } else (element as HTMLAnchorElement).href = action.href;
  element.addEventListener('click', () => dismissToast(toast.id));
  return element;
}

function toastElement(toast: Toast): HTMLElement {
  const node = document.createElement('div');
  node.className = `toast toast-${toast.kind}`;
  node.dataset.toastId = String(toast.id);
  node.setAttribute('role', toast.kind === 'danger' ? 'alert' : 'status');
  const message = document.createElement('span');
  message.textContent = toast.text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', text('toast.close'));
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  node.append(...[message, actionElement(toast), close].filter((part) => part !== undefined));
  node.addEventListener('focusin', () => holdToast(toast.id, true));
  node.addEventListener('focusout', (event) => {
    if (!node.contains(event.relatedTarget as Node | null)) holdToast(toast.id, false);
  });
  return node;
}

/**
 * Where new toasts go: the page's region, or a copy of it inside the open modal dialog, since everything
 * outside a modal dialog is inert (hidden from screen readers) and under its backdrop.
 */
function activeRegion(): HTMLElement | undefined {
  const page = document.querySelector<HTMLElement>('[data-toasts="page"]');
  const modal = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal')).at(-1);
  if (!page || !modal) return page ?? undefined;
  let inside = modal.querySelector<HTMLElement>(':scope > [data-toasts="dialog"]');
  if (!inside) {
    inside = page.cloneNode(false) as HTMLElement;
    inside.dataset.toasts = 'dialog';
    modal.append(inside);
  }
  return inside;
}

export function renderToasts(): void {
  const shown = new Set($toasts.get().map((toast) => String(toast.id)));
  for (const node of document.querySelectorAll<HTMLElement>('[data-toasts] > [data-toast-id]'))
    if (!shown.has(node.dataset.toastId ?? '')) node.remove();
  const region = activeRegion();
  if (!region) return;
  for (const toast of $toasts.get())
    if (!document.querySelector(`[data-toasts] > [data-toast-id="${toast.id}"]`))
      region.append(toastElement(toast));
}
