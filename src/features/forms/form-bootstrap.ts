/**
 * The forms' always-loaded bootstrap (a few hundred bytes): it loads a form's code (the shared schemas with zod,
 * the bot check, the API client) only when the visitor first focuses or types in a form, or sends it before that,
 * and starts the bot check then. Before that a form page loads no React, no zod and no bot-check code. It also
 * does what must show before any focus: the vacancy `?vacancy=` preselects, and the training page's courses and
 * participant rows. Listeners are on the document, so pages swapped in by the ClientRouter need no rebinding.
 */
import type * as FormController from './form-controller.ts';
import { preselectedVacancy } from './vacancy.ts';

type Controller = typeof FormController;

const FORM = 'form[data-form]';
let controller: Promise<Controller> | undefined;

function loadController(): Promise<Controller> {
  controller ??= import('./form-controller.ts').then((module) => {
    module.prepare();
    return module;
  });
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
// Sent before the form's code arrived (a fast visitor, a browser that does not focus buttons on click): the code
// sends it once loaded. Once attached, the form's own listener has already taken the event.
document.addEventListener('submit', (event) => {
  const form = formOf(event.target);
  if (!form || event.defaultPrevented) return;
  event.preventDefault();
  void loadController().then((module) => {
    module.attach(form);
    void module.submit(form);
  });
});

const setUp = new WeakSet<HTMLFormElement>();

function setUpPage(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(FORM)) {
    if (setUp.has(form)) continue;
    setUp.add(form);
    const vacancy = form.querySelector<HTMLSelectElement>('select[data-vacancy-select]');
    if (vacancy) {
      const options = [...vacancy.options].map((option) => ({
        value: option.value,
        slug: option.dataset.slug,
      }));
      const value = preselectedVacancy(window.location.search, options);
      if (value !== undefined) vacancy.value = value;
    }
    if (form.dataset.form === 'training-registration')
      void import('./training-page.ts').then((module) => module.setUpTrainingForm(form));
  }
}

setUpPage();
document.addEventListener('astro:page-load', setUpPage);
