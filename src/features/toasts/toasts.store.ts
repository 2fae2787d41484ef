/**
 * Toasts: the one way to show a transient message (spec §8: 3 s, default success and error messages). Call
 * `showToast({ text, kind, action })` from any island or script; toast-region.ts draws them in the site chrome.
 */
import { atom } from 'nanostores';
import { TOAST_MS } from '../../lib/config.ts';
import { text as catalogueText } from '../../i18n/islands-text.ts';

export type ToastKind = 'success' | 'danger' | 'info';

/**
 * A link or button in the toast. Only a shortcut: the toast goes after 3 s, so what it offers must also be
 * reachable on the page (e.g. the header's basket link).
 */
export type ToastAction = { label: string; href: string } | { label: string; onSelect: () => void };

export interface ToastOptions {
  /** Without it, success says "Changes saved" and danger "An unknown error has occurred" (spec §8). */
  text?: string;
  kind?: ToastKind;
  action?: ToastAction;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
}

export const $toasts = atom<readonly Toast[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Keeps a toast while it holds focus (removing a focused button would drop focus onto the page); released, it
 * stays TOAST_MS more.
 */
export function holdToast(id: number, held: boolean): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (held || !$toasts.get().some((toast) => toast.id === id)) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
}

export function showToast(options?: ToastOptions): Toast;
/** @deprecated Pass `{ kind, text }`; kept until the calculator's call moves over (it is being split into features/cart). */
export function showToast(kind: ToastKind, text?: string): Toast;
export function showToast(options: ToastOptions | ToastKind = {}, legacyText?: string): Toast {
  const {
    kind = 'success',
    text,
    action,
  } = typeof options === 'string' ? { kind: options, text: legacyText } : options;
  const toast: Toast = {
    id: nextId++,
    kind,
    text: text ?? catalogueText(kind === 'danger' ? 'toast.error' : 'toast.success'),
    ...(action && { action }),
  };
  $toasts.set([...$toasts.get(), toast]);
  holdToast(toast.id, false);
  return toast;
}
