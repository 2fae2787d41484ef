/**
 * Shows and clears the error of a form field rendered by Field.astro, by field name: forms call it for their own
 * checks and to map the back-office's field errors onto the fields. No React; the wiring itself is pure.
 */

/** The ids of a field's hint and error, from its control's id (Field.astro renders them). */
export function fieldIds(id: string): { hint: string; error: string } {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** An aria-describedby value with `id` added (at the end) or removed; the other ids keep their order. */
export function describedBy(
  current: string | null | undefined,
  id: string,
  present: boolean,
): string | undefined {
  const ids = (current ?? '').split(/\s+/).filter((token) => token && token !== id);
  if (present) ids.push(id);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The parts of a rendered field the script touches (structural, so the wiring is tested without a DOM). */
export interface FieldParts {
  control: Pick<Element, 'getAttribute' | 'setAttribute' | 'removeAttribute'>;
  error: { id: string; textContent: string | null; hidden: boolean };
}

/** Shows `message` on the field, or clears its error when there is no message. */
export function setFieldError(parts: FieldParts, message?: string): void {
  const { control, error } = parts;
  error.textContent = message ?? '';
  error.hidden = !message;
  const description = describedBy(control.getAttribute('aria-describedby'), error.id, Boolean(message));
  if (description) control.setAttribute('aria-describedby', description);
  else control.removeAttribute('aria-describedby');
  if (message) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

function fieldParts(form: ParentNode, name: string): (FieldParts & { control: HTMLElement }) | undefined {
  const field = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
  const control = field?.querySelector<HTMLElement>('[data-field-control]');
  const error = field?.querySelector<HTMLElement>('[data-field-error]');
  return control && error ? { control, error } : undefined;
}

/** Shows `message` under the field called `name`; false when the form has no such field. */
export function showFieldError(form: ParentNode, name: string, message: string): boolean {
  const parts = fieldParts(form, name);
  if (parts) setFieldError(parts, message);
  return Boolean(parts);
}

export function clearFieldError(form: ParentNode, name: string): void {
  const parts = fieldParts(form, name);
  if (parts) setFieldError(parts);
}

/**
 * Shows each error (field name → message) on its field, clears the other fields' errors and focuses the first
 * field in error. Returns the errors no field could show, for a message above the form.
 */
export function showFieldErrors(
  form: HTMLFormElement,
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  const unshown: Record<string, string> = {};
  for (const field of form.querySelectorAll<HTMLElement>('[data-field]')) {
    const name = field.dataset.field ?? '';
    if (!(name in errors)) clearFieldError(form, name);
  }
  for (const [name, message] of Object.entries(errors))
    if (!showFieldError(form, name, message)) unshown[name] = message;
  form.querySelector<HTMLElement>('[data-field-control][aria-invalid="true"]')?.focus();
  return unshown;
}
