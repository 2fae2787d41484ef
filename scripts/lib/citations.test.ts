/**
 * The code and docs cite the specification as `spec §N` (docs/requirements.md) and the API and commerce contract
 * as `api-contract.md "Heading"` or `api-contract.md principle N` (docs/api-contract.md). Every such citation must
 * lead somewhere inside the repository: a renamed heading or a mistyped section fails here, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCitations, readCitedDocs, unresolvedCitations } from './citations.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'scripts', 'backoffice/src', 'backoffice/tests', 'packages', 'tests', 'docs'];
const EXTENSIONS = ['.ts', '.tsx', '.astro', '.mjs', '.md'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist']);
/** This file and its module hold sample citations that must not resolve. */
const SELF = new Set(['scripts/lib/citations.ts', 'scripts/lib/citations.test.ts']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : sourceFiles(full);
    return EXTENSIONS.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const docs = readCitedDocs(read('docs/requirements.md'), read('docs/api-contract.md'));
const files = [
  ...SCANNED.flatMap((directory) => sourceFiles(path.join(ROOT, directory))),
  path.join(ROOT, 'README.md'),
]
  .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
  .filter((file) => !SELF.has(file));

describe('citations', () => {
  it('reads spec citations, section lists and a quoted label', () => {
    const text = 'a (spec §3, §4 and §9)\nSpec §7\'s helper; spec §4 "order again"; RFC 9110 §7.6.1';
    expect(
      findCitations(text).map(({ line, kind, targets, label }) => ({ line, kind, targets, label })),
    ).toEqual([
      { line: 1, kind: 'spec', targets: ['3', '4', '9'], label: undefined },
      { line: 2, kind: 'spec', targets: ['7'], label: undefined },
      { line: 2, kind: 'spec', targets: ['4'], label: 'order again' },
    ]);
  });

  it('reads api-contract.md headings, heading lists and principles', () => {
    const text =
      'api-contract.md "Cart", "Checkout and orders"\n(api-contract.md, "Catalogue") api-contract.md principle 6';
    expect(findCitations(text).map(({ kind, targets }) => ({ kind, targets }))).toEqual([
      { kind: 'heading', targets: ['Cart', 'Checkout and orders'] },
      { kind: 'heading', targets: ['Catalogue'] },
      { kind: 'principle', targets: ['6'] },
    ]);
  });

  it('names the file and the citation when one does not resolve', () => {
    const text = [
      '// spec §4 and spec §12',
      '// spec §4 "a state nobody wrote"',
      '// api-contract.md "Cart" and api-contract.md "Basket rules"',
      '// api-contract.md principle 6, api-contract.md principle 9',
    ].join('\n');
    expect(unresolvedCitations('src/example.ts', text, docs)).toEqual([
      'src/example.ts:1: spec §12: docs/requirements.md has no "## 12." heading',
      'src/example.ts:2: spec §4 "a state nobody wrote": "a state nobody wrote" is not in docs/requirements.md §4',
      'src/example.ts:3: api-contract.md "Basket rules": docs/api-contract.md has no heading "Basket rules"',
      'src/example.ts:4: api-contract.md principle 9: docs/api-contract.md has no principle 9',
    ]);
  });

  it('reads the headings and principles of the cited documents', () => {
    expect([...docs.requirements.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...docs.principles]).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(docs.contractHeadings).toEqual(
      expect.arrayContaining(['The commerce contract', 'Principles', 'Cart']),
    );
  });

  it('every citation in the sources and docs resolves', () => {
    const cited = files.reduce((sum, file) => sum + findCitations(read(file)).length, 0);
    expect(cited).toBeGreaterThan(250);
    expect(files.flatMap((file) => unresolvedCitations(file, read(file), docs))).toEqual([]);
  });
});
