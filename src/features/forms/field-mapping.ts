/**
 * Which field shows which message: zod issues of the shared schemas (checked in the browser) and the back-office's
 * field errors (`toFormErrors`) land under the same fields, with the same wording. A bare "Field required" names
 * the field (`Field required: Subject`, spec §5); the catalogue's own messages are shown as they are. Pure.
 */
import { MESSAGES, requiredMessage } from '@plasterwick/shop-rules/validation';

/** What the mapping reads of a zod issue (`z.core.$ZodIssue` is structurally one). */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  origin?: string;
  maximum?: number | bigint;
}

export interface FieldMapping {
  /** Body paths shown under another field: both parts of the works period under its fieldset. */
  aliases?: Readonly<Record<string, string>>;
  /** The visible label of a field, for "Field required: {label}". */
  labelOf?: (field: string) => string | undefined;
  /** "Please shorten this text to {max} characters at most", for a text over its schema's limit. */
  tooLong?: (max: number) => string;
}

/** `['participants', 0, 'first_name']` → `participants.0.first_name`, then through the aliases. */
export function fieldNameOf(path: readonly PropertyKey[] | string, aliases: FieldMapping['aliases'] = {}) {
  const name = typeof path === 'string' ? path : path.map(String).join('.');
  return aliases[name] ?? name;
}

/** The message a field shows: "Field required" gets the field's label, the others stay as given. */
export function fieldMessage(message: string, label: string | undefined): string {
  return message === MESSAGES.required ? requiredMessage(label) : message;
}

function issueMessage(issue: SchemaIssue, mapping: FieldMapping): string {
  if (issue.code === 'too_big' && issue.origin === 'string' && issue.maximum !== undefined && mapping.tooLong)
    return mapping.tooLong(Number(issue.maximum));
  return issue.message;
}

/** Field name → message of the first issue on it (issues without a path are left out: no field shows them). */
export function issuesToFieldErrors(
  issues: readonly SchemaIssue[],
  mapping: FieldMapping = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = fieldNameOf(issue.path, mapping.aliases);
    if (!name || name in errors) continue;
    errors[name] = fieldMessage(issueMessage(issue, mapping), mapping.labelOf?.(name));
  }
  return errors;
}

/** The back-office's field errors (already named like the form's fields by `toFormErrors`) mapped the same way. */
export function serverFieldErrors(
  fields: Readonly<Record<string, string>>,
  mapping: FieldMapping = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const name = fieldNameOf(field, mapping.aliases);
    if (!name || name in errors) continue;
    errors[name] = fieldMessage(message, mapping.labelOf?.(name));
  }
  return errors;
}
