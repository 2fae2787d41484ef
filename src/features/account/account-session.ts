/**
 * What every account page script shares: the audience of the page, the status line, and what a call that needs
 * the session does when the session is gone (401 "Please log in"): the browser forgets it and goes to the login
 * page, which brings the visitor back here afterwards.
 */
import { BackofficeError } from '../../lib/api/client.ts';
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { forgetSession } from '../auth/auth-session.ts';
import { syncPlanWithPath } from '../site/settings.store.ts';

export const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

export function audienceOf(root: HTMLElement): Audience {
  return root.dataset.audience === 'part' ? 'part' : 'pro';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof BackofficeError && error.statusCode === 401;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof BackofficeError && error.statusCode === 404;
}

/** The session is gone: to the login page, back here afterwards. */
export function toLogin(root: HTMLElement): void {
  forgetSession();
  window.location.assign(paths.login(audienceOf(root), window.location.pathname + window.location.search));
}

/** The page's plan follows its path (spec §4), as on every island page. */
export function preparePage(): void {
  syncPlanWithPath(window.location.pathname);
}

export function setStatus(root: HTMLElement, text: string): void {
  const status = $<HTMLElement>(root, '[data-account-status]');
  if (status) status.textContent = text;
}

/** A button's busy state: disabled, its label saying what happens; undefined gives its label back. */
export function setButtonBusy(button: HTMLButtonElement, label: string | undefined): void {
  button.dataset.label ??= button.textContent?.trim() ?? '';
  button.disabled = Boolean(label);
  button.textContent = label ?? button.dataset.label;
}

/** The message above a form (a failure no field explains), focused when asked. */
export function showFormMessage(form: HTMLFormElement, message: string | undefined, focus = false): void {
  const element = $<HTMLElement>(form, '[data-form-message]');
  if (!element) return;
  element.textContent = message ?? '';
  element.hidden = !message;
  if (message && focus) element.focus();
}

/** The visible label (or legend) of a field, without its required marker. */
export function labelOf(form: HTMLFormElement, name: string): string | undefined {
  const label = form.querySelector(`[data-field="${CSS.escape(name)}"] label`);
  const text = [...(label?.childNodes ?? [])]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
  return text || undefined;
}
