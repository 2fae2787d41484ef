/**
 * The account pages' always-loaded bootstrap (a few hundred bytes), built like the forms' one: a form's code (the
 * shared schemas with zod, the bot check, the API client) loads when the visitor first focuses or types in an
 * account form, or sends it before that; a page that shows the account or checks a link loads its code on page
 * load. The "show password" toggles work without either. Listeners are on the document, so pages swapped in by
 * the ClientRouter need no rebinding.
 */
import type * as AuthForms from './auth-forms.ts';
import { isAuthPageKind } from './kinds.ts';

type Controller = typeof AuthForms;

const FORM = 'form[data-auth-form]';
let controller: Promise<Controller> | undefined;

function loadController(): Promise<Controller> {
  controller ??= import('./auth-forms.ts');
  return controller;
}

function formOf(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof Element ? target.closest<HTMLFormElement>(FORM) : null;
}

function wake(event: Event): void {
  const form = formOf(event.target);
  if (form) void loadController().then((module) => module.attach(form));
}

document.addEventListener('focusin', wake);
document.addEventListener('input', wake);
// Sent before the form's code arrived: the code sends it once loaded (once attached, its own listener has it).
document.addEventListener('submit', (event) => {
  const form = formOf(event.target);
  if (!form || event.defaultPrevented) return;
  event.preventDefault();
  void loadController().then((module) => {
    module.attach(form);
    void module.submit(form);
  });
});

// "Show password": the field shows its text while pressed.
document.addEventListener('click', (event) => {
  const toggle = event.target instanceof Element ? event.target.closest('[data-password-toggle]') : null;
  if (!toggle) return;
  const input = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!(input instanceof HTMLInputElement)) return;
  const show = toggle.getAttribute('aria-pressed') !== 'true';
  toggle.setAttribute('aria-pressed', String(show));
  input.type = show ? 'text' : 'password';
});

function startPage(): void {
  const root = document.querySelector<HTMLElement>('[data-auth-page]');
  const kind = root?.dataset.authPage;
  if (!root || !isAuthPageKind(kind)) return;
  void import('./account-pages.ts')
    .then((module) => module.start(root, kind))
    .catch((error: unknown) => console.error('The account page could not start', error));
}

document.addEventListener('astro:page-load', startPage);
// Without the ClientRouter there is no astro:page-load event.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]')) startPage();
