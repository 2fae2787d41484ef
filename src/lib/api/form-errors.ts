/**
 * What a form shows when a write fails: the back-office's field errors (`{ field: 'body.email', message }`) on the
 * form's own fields (`email`), and one message for the whole form. For the forms, account and checkout islands:
 * `showFieldErrors(form, errors.fields)` draws the fields, the message goes above the form.
 */
import { BackofficeError } from './client.ts';

export interface FormErrors {
  /** Form field name → its message (the first the back-office gives for that field). */
  fields: Record<string, string>;
  /**
   * For the whole form: the back-office's message when it refused the request without naming a field (a full
   * course, an expired discount code); the caller's `fallback` when the failure was unexpected (server error,
   * back-office unreachable, anything that is not a back-office answer); none when the fields say it all.
   */
  message?: string;
  /** The back-office's `status` (`bot_check_failed`, `price_changed`…) for islands that react to one. */
  status?: string;
}

/** Where the back-office's validation found the field; the form knows only the field's own name. */
const LOCATION_PREFIX = /^(?:body|query|querystring|params|headers)(?:\.|$)/;

/** `body.email` → `email`, `body.items.0.quantity` → `items.0.quantity`; `body` alone (the whole body) → ''. */
export function formFieldName(field: string): string {
  return field.replace(LOCATION_PREFIX, '');
}

/** Maps a failed write (whatever it threw) to what its form shows. */
export function toFormErrors(error: unknown, fallback: string): FormErrors {
  const body = error instanceof BackofficeError && error.statusCode < 500 ? error.body : undefined;
  if (!body) return { fields: {}, message: fallback };
  if (!body.errors?.length) return { fields: {}, message: body.message, status: body.status };
  const fields: Record<string, string> = {};
  let unplaced = false;
  for (const { field, message } of body.errors) {
    const name = formFieldName(field);
    if (name) fields[name] ??= message;
    else unplaced = true;
  }
  // With field errors, the answer's own message lists field paths ("Invalid body.email"): not for shoppers.
  return { fields, message: unplaced ? fallback : undefined, status: body.status };
}
