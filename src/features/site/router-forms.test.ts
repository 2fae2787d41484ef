/**
 * The ClientRouter submits every same-origin form itself unless an earlier listener prevented it or the form says
 * `data-astro-reload`. Its listener sits on the document like the page scripts' ones, and may run first: a form a
 * page script handles (add to basket, checkout, account, the public forms) must carry `data-astro-reload`, or a
 * click can navigate away with the form's fields in the URL. Only search forms (`role="search"`, GET) are left to
 * the router on purpose. The same holds for a link the shared script turns into a dialog opener (`data-open-*`,
 * the header's basket): the router would follow it under the opening dialog.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

function astroFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return astroFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

/** Each `<form …>` opening tag of the server-rendered components and pages. */
const formTags = astroFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/<form\b[^>]*>/g)].map((match) => ({
    file: path.relative(SRC, file),
    tag: match[0],
  })),
);

/** Each `<a …>` opening tag (possibly over several lines) that opens a dialog island. */
const dialogLinkTags = astroFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/<a\b[^>]*>/g)]
    .filter((match) => /\bdata-open-[a-z-]+/.test(match[0]))
    .map((match) => ({ file: path.relative(SRC, file), tag: match[0] })),
);

describe('forms and the ClientRouter', () => {
  it('finds the forms', () => {
    expect(formTags.length).toBeGreaterThan(5);
  });

  it('every form a page script handles opts out of the router; search forms stay with it', () => {
    const unprotected = formTags
      .filter(({ tag }) => !/role="search"/.test(tag) && !/\bdata-astro-reload\b/.test(tag))
      .map(({ file }) => file);
    expect(unprotected).toEqual([]);
  });

  it('every link that opens a dialog opts out of the router', () => {
    expect(dialogLinkTags.map(({ file }) => file)).toContain('features/cart/BasketButton.astro');
    const unprotected = dialogLinkTags
      .filter(({ tag }) => !/\bdata-astro-reload\b/.test(tag))
      .map(({ file }) => file);
    expect(unprotected).toEqual([]);
  });
});
