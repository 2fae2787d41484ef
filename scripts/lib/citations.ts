/**
 * Citations in comments and docs, and whether they resolve inside the repository: `spec §N` (also `spec §3, §4`)
 * needs a `## N.` heading in docs/requirements.md, and a quoted label after a single section (`spec §4 "order
 * again"`) must appear in that section; `api-contract.md "X"` (also `"X", "Y"`) needs a heading of
 * docs/api-contract.md named X (or X followed by a bracketed qualifier) or a paragraph or list item starting with
 * the bold label X; `api-contract.md principle N` needs item N under its "Principles" heading. Pure functions.
 */

export interface Citation {
  line: number;
  /** The citation as written, for messages. */
  text: string;
  kind: 'spec' | 'heading' | 'principle';
  /** Section numbers (spec), headings (heading) or the principle number (principle). */
  targets: string[];
  /** A quoted label after a single spec section, checked against that section's text. */
  label?: string;
}

export interface CitedDocs {
  /** docs/requirements.md: section number → its text. */
  requirements: Map<string, string>;
  /** docs/api-contract.md: headings and bold run-in labels. */
  contractHeadings: string[];
  /** docs/api-contract.md: the numbers of the items under "Principles". */
  principles: Set<string>;
}

const SPEC = /\bspec(?:'s)?\s+§\s?(\d+)((?:\s*(?:,|and|or)\s*§\s?\d+)*)(?:'s)?(?:,?\s+"([^"\n]+)")?/gi;
const CONTRACT = /\bapi-contract\.md,?\s+(?:("[^"\n]+"(?:,\s*"[^"\n]+")*)|principle\s+(\d+))/g;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Every spec and api-contract.md citation of `text`. */
export function findCitations(text: string): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(SPEC)) {
    const [written, first = '', more = '', label] = match;
    const sections = [first, ...[...more.matchAll(/§\s?(\d+)/g)].map((next) => next[1] ?? '')];
    found.push({
      line: lineOf(text, match.index),
      text: written,
      kind: 'spec',
      targets: sections,
      ...(label && sections.length === 1 ? { label } : {}),
    });
  }
  for (const match of text.matchAll(CONTRACT)) {
    const [written, quoted = '', principle] = match;
    const line = lineOf(text, match.index);
    if (principle) {
      found.push({ line, text: written, kind: 'principle', targets: [principle] });
    } else {
      const headings = [...quoted.matchAll(/"([^"]+)"/g)].map((heading) => heading[1] ?? '');
      found.push({ line, text: written, kind: 'heading', targets: headings });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Text as it reads: no emphasis or code marks, spaces collapsed, lower case. */
function plain(text: string): string {
  return text.replace(/[*_`]/g, '').replace(/\s+/g, ' ').toLowerCase();
}

/** What the two cited documents offer to citations. */
export function readCitedDocs(requirementsMd: string, apiContractMd: string): CitedDocs {
  const requirements = new Map<string, string>();
  const parts = requirementsMd.split(/^(?=## )/m);
  for (const part of parts) {
    const section = part.match(/^## (\d+)\. /)?.[1];
    if (section) requirements.set(section, part);
  }

  const contractHeadings: string[] = [];
  const principles = new Set<string>();
  let inPrinciples = false;
  for (const line of apiContractMd.split('\n')) {
    const heading = line.match(/^#{1,6}\s+(.+?)\s*$/)?.[1];
    if (heading) {
      contractHeadings.push(heading);
      inPrinciples = heading === 'Principles';
      continue;
    }
    const label = line.match(/^(?:[-*]\s+|\d+\.\s+)?\*\*([^*]+?)[.:]?\*\*/)?.[1];
    if (label) contractHeadings.push(label);
    const item = line.match(/^(\d+)\.\s/)?.[1];
    if (inPrinciples && item) principles.add(item);
  }
  return { requirements, contractHeadings, principles };
}

function hasHeading(docs: CitedDocs, name: string): boolean {
  return docs.contractHeadings.some((heading) => heading === name || heading.startsWith(`${name} (`));
}

/** The citations of one file that do not resolve, each as `file:line: citation: why`. */
export function unresolvedCitations(file: string, text: string, docs: CitedDocs): string[] {
  const problems: string[] = [];
  for (const citation of findCitations(text)) {
    const where = `${file}:${citation.line}: ${citation.text.replace(/\s+/g, ' ')}`;
    if (citation.kind === 'spec') {
      for (const section of citation.targets) {
        const body = docs.requirements.get(section);
        if (!body) problems.push(`${where}: docs/requirements.md has no "## ${section}." heading`);
        else if (citation.label && !plain(body).includes(plain(citation.label))) {
          problems.push(`${where}: "${citation.label}" is not in docs/requirements.md §${section}`);
        }
      }
    } else if (citation.kind === 'principle') {
      for (const principle of citation.targets) {
        if (!docs.principles.has(principle))
          problems.push(`${where}: docs/api-contract.md has no principle ${principle}`);
      }
    } else {
      for (const heading of citation.targets) {
        if (!hasHeading(docs, heading))
          problems.push(`${where}: docs/api-contract.md has no heading "${heading}"`);
      }
    }
  }
  return problems;
}
