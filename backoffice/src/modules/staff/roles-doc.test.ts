import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MACHINE_SCOPES, PERMISSIONS, ROLES, scopeCan, type Permission, type TokenScope } from './roles.ts';

/**
 * The matrix as a Markdown table: one row per permission, one column per role and per machine-only token scope,
 * ✓ where the role (or scope) holds it.
 */
const ROLE_TITLES: Record<TokenScope, string> = {
  owner: 'owner',
  orders: 'orders',
  customer_service: 'customer service',
  recruitment: 'recruitment',
  credit_control: 'credit control',
  catalogue: 'catalogue',
  content: 'content',
  read_only: 'read-only',
  'builds:write': 'token `builds:write`',
};
const COLUMNS: TokenScope[] = [...ROLES, ...MACHINE_SCOPES];

function matrixTable(): string {
  const header = `| permission | what it allows | ${COLUMNS.map((role) => ROLE_TITLES[role]).join(' | ')} |`;
  const rule = `| --- | --- | ${COLUMNS.map(() => ':-:').join(' | ')} |`;
  const rows = (Object.entries(PERMISSIONS) as [Permission, string][]).map(
    ([permission, what]) =>
      `| \`${permission}\` | ${what} | ${COLUMNS.map((role) => (scopeCan(role, permission) ? '✓' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** A Markdown table's cells, whatever the padding a formatter added. */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/-+/g, '-')),
    );

it('docs/security.md shows the role × permission matrix of the code', () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8');
  const shown = /<!-- staff-matrix:start -->\n([\s\S]*?)\n<!-- staff-matrix:end -->/.exec(doc)?.[1];
  expect(shown).toBeDefined();
  expect(cells(shown!)).toEqual(cells(matrixTable()));
});
