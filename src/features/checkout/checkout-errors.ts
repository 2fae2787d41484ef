/**
 * Errors on the checkout forms: the fields' through `showFieldErrors` (field-errors.ts), and the choice groups'
 * (delivery method, carrier, stockist, an address block) on their fieldset when the group has no control yet (the
 * carriers before a postcode). The first field or group in error, in the page's order, takes the focus.
 */
import { clearFieldError, showFieldError, showFieldErrors } from '../ui/field/field-errors.ts';

function groupOf(form: HTMLFormElement, name: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-choice-group][data-field="${CSS.escape(name)}"]`);
}

function setGroupError(group: HTMLElement, message: string | undefined): void {
  const error = group.querySelector<HTMLElement>(':scope > [data-field-error]');
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) group.setAttribute('aria-invalid', 'true');
  else group.removeAttribute('aria-invalid');
}

/** Shows the errors (field name → message), clears the others; returns what no field or group could show. */
export function showCheckoutErrors(
  form: HTMLFormElement,
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  for (const group of form.querySelectorAll<HTMLElement>('[data-choice-group]'))
    setGroupError(group, undefined);
  const unshown = showFieldErrors(form, errors);
  const rest: Record<string, string> = {};
  for (const [name, message] of Object.entries(unshown)) {
    const group = groupOf(form, name);
    if (group) setGroupError(group, message);
    else rest[name] = message;
  }
  for (const name of Object.keys(errors)) {
    const group = groupOf(form, name);
    if (group && !group.hidden) group.setAttribute('aria-invalid', 'true');
  }
  focusFirstError(form);
  return rest;
}

/** Shows one field's or group's error (a live check), or clears it when there is no message. */
export function setCheckoutError(form: HTMLFormElement, name: string, message: string | undefined): void {
  if (!message) return clearCheckoutError(form, name);
  if (showFieldError(form, name, message)) return;
  const group = groupOf(form, name);
  if (group) setGroupError(group, message);
}

/** Clears one field's or group's error (the shopper fixed it). */
export function clearCheckoutError(form: HTMLFormElement, name: string): void {
  clearFieldError(form, name);
  const group = groupOf(form, name);
  if (group) setGroupError(group, undefined);
}

/** The first invalid control or group shown, in document order: a group focuses its first control. */
export function focusFirstError(form: HTMLFormElement): void {
  const first = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(
    (element) => element.offsetParent !== null || element.getClientRects().length > 0,
  );
  if (!first) return;
  const target =
    first.matches('[data-choice-group]') &&
    first.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
  (target || first).focus();
}
