/** Toast notifications shared by every feature (spec §8: 3 s, default success and error messages). */
import { atom } from 'nanostores';
import { TOAST_MS } from '../../lib/config.ts';
import { text } from '../site/text.ts';

export type ToastKind = 'success' | 'danger' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Shows a toast for 3 s. Without a message, success says "Changes saved" and danger "An unknown error has
 * occurred" (the default form outcomes of spec §8).
 */
export function showToast(kind: ToastKind = 'success', message?: string): Toast {
  const toast: Toast = {
    id: nextId++,
    kind,
    message: message ?? (kind === 'danger' ? text('toast.error') : text('toast.success')),
  };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
  return toast;
}
