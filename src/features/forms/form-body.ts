/**
 * From a form's fields to the request body the shared schemas check (`@plasterwick/shop-rules/forms`), and from a
 * checked body to multipart fields. Pure: the controller passes `new FormData(form)`'s entries.
 */

/** Segments a field name must never write to (the names come from the page, but a body is built from them). */
const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

type Container = Record<string, unknown> | unknown[];

/** Writes `value` at the dotted `name`; with `value` undefined, only the containers on the way are made. */
function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const segments = name.split('.');
  if (segments.some((segment) => segment === '' || UNSAFE.has(segment))) return;
  let node: Container = target;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const key = /^\d+$/.test(segment) ? Number(segment) : segment;
    const holder = node as Record<string | number, unknown>;
    if (last) {
      if (value !== undefined) holder[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(segments[i + 1] ?? '');
    const existing = holder[key];
    if (typeof existing !== 'object' || existing === null) holder[key] = nextIsIndex ? [] : {};
    node = holder[key] as Container;
  });
}

/**
 * The body of a form's text fields: blank values left out (an empty optional field is "not given", an empty
 * required one "Field required"), `participants.0.first_name` nested as `participants[0].first_name` (a row left
 * blank is still there, as `{}`, so its issues keep its index), and the `booleans` (ticked checkboxes, whatever
 * their value) as `true`. Files are left to the caller.
 */
export function bodyFromEntries(
  entries: Iterable<readonly [string, unknown]>,
  booleans: readonly string[] = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue;
    const blank = value.trim() === '';
    setPath(body, name, blank ? undefined : booleans.includes(name) ? true : value);
  }
  return body;
}

/**
 * A checked body as multipart text fields (the job application): strings as they are, numbers and booleans as
 * text, nested values under dotted names; `undefined` and `null` left out.
 */
export function multipartFields(body: Record<string, unknown>, prefix = ''): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(body)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') fields.push(...multipartFields(value as Record<string, unknown>, name));
    else fields.push([name, String(value)]);
  }
  return fields;
}
