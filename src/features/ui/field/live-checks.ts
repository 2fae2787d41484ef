/**
 * Live checks of a form's fields (Field.astro), shared by the public forms, the account forms and the checkout: a
 * field is checked again when the visitor leaves it once touched, and as it changes while it shows an error.
 *
 * A message shown on leaving a field moves what follows it. When the field is left by pressing on another control,
 * the press and the release would land on different places and the click would be lost; so a check on leaving
 * waits while a pointer is pressed and runs once the click has landed (pressGuard). On the way to the submit
 * button nothing is checked: the submission checks everything.
 */

export interface LiveCheckOptions {
  /** The field an event happened in (its name, aliases resolved), or undefined when it is not checked live. */
  fieldAt(target: EventTarget | null): string | undefined;
  /** Shows or clears the field's error as the rules see it now. */
  recheck(name: string): void | Promise<void>;
  /** Fields checked on every change rather than as typed (a file). */
  checkOnChange?: (name: string) => boolean;
  /** Fields to check again, when they show an error, after `name` changed (a confirmation after its password). */
  dependents?: (name: string) => readonly string[];
}

/** Whether the field called `name` shows an error now. */
export const hasFieldError = (form: ParentNode, name: string) =>
  Boolean(
    form.querySelector(`[data-field="${CSS.escape(name)}"] [data-field-control][aria-invalid="true"]`) ??
    form.querySelector(`[data-field="${CSS.escape(name)}"][aria-invalid="true"]`),
  );

/** Work held back while a pointer is pressed, run when it is released (after the click it makes). */
export interface PressGuard {
  press(): void;
  release(): void;
  /** Runs `task` now, or after the release when a pointer is pressed. */
  run(key: string, task: () => void): void;
}

/** A press guard; `later` runs the held work after the click (a timer in the browser, so the click goes first). */
export function pressGuard(later: (flush: () => void) => void): PressGuard {
  let pressed = false;
  const held = new Map<string, () => void>();
  const flush = () => {
    if (pressed) return;
    const tasks = [...held.values()];
    held.clear();
    for (const task of tasks) task();
  };
  return {
    press: () => {
      pressed = true;
    },
    release: () => {
      pressed = false;
      if (held.size > 0) later(flush);
    },
    run: (key, task) => {
      if (!pressed) return task();
      held.set(key, task);
    },
  };
}

const attached = new WeakSet<HTMLFormElement>();

/** Binds the live checks of `form` (once). */
export function attachLiveChecks(form: HTMLFormElement, options: LiveCheckOptions): void {
  if (attached.has(form)) return;
  attached.add(form);
  const { fieldAt, checkOnChange = () => false, dependents = () => [] } = options;
  const recheck = (name: string) => void options.recheck(name);
  const touched = new Set<string>();
  const guard = pressGuard((flush) => setTimeout(flush, 0));
  const doc = form.ownerDocument;
  doc.addEventListener('pointerdown', guard.press, true);
  doc.addEventListener('pointerup', guard.release, true);
  doc.addEventListener('pointercancel', guard.release, true);

  form.addEventListener('input', (event) => {
    const name = fieldAt(event.target);
    if (!name || checkOnChange(name)) return;
    touched.add(name);
    if (hasFieldError(form, name)) recheck(name);
    for (const other of dependents(name)) if (hasFieldError(form, other)) recheck(other);
  });
  form.addEventListener('focusout', (event) => {
    const name = fieldAt(event.target);
    // Leaving for another control of the same group (start date → duration) is not leaving the group.
    if (!name || !touched.has(name) || fieldAt(event.relatedTarget) === name) return;
    if (event.relatedTarget instanceof Element && event.relatedTarget.closest('[data-form-submit]')) return;
    guard.run(name, () => recheck(name));
  });
  form.addEventListener('change', (event) => {
    const name = fieldAt(event.target);
    if (name && (checkOnChange(name) || hasFieldError(form, name))) recheck(name);
  });
}
