/** Islands import this package: only the node-only modules may import `node:` modules (or each other). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const NODE_ONLY = new Set([
  'secrets.ts',
  'trust-proxy.ts',
  'request-scope.ts',
  'graceful-shutdown.ts',
  'network.ts',
]);
const dir = new URL('./', import.meta.url);
const modules = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

const importsOf = (file: string) =>
  [...readFileSync(new URL(file, dir), 'utf8').matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map(
    (match) => match[1]!,
  );

describe('browser-safe modules', () => {
  it.each(modules.filter((file) => !NODE_ONLY.has(file)))('%s imports no Node module', (file) => {
    for (const specifier of importsOf(file)) {
      expect(specifier.startsWith('node:'), specifier).toBe(false);
      expect(NODE_ONLY.has(specifier.replace(/^\.\//, '')), specifier).toBe(false);
    }
  });
});
