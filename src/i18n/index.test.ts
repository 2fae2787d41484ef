import { describe, expect, it } from 'vitest';
import { i18n, resources, t } from './index.ts';

/** Every string key of a namespace's catalogue, nested keys joined with dots. */
function keysOf(node: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([name, value]): [string, string][] =>
    typeof value === 'string'
      ? [[`${prefix}${name}`, value]]
      : keysOf(value as Record<string, unknown>, `${prefix}${name}.`),
  );
}

const entries = Object.entries(resources).flatMap(([ns, catalogue]) =>
  keysOf(catalogue).map(([key, text]) => ({ key: ns === 'common' ? key : `${ns}:${key}`, text })),
);

describe('t', () => {
  it('gives what i18next gives for every key with values, in every plural form', () => {
    let compared = 0;
    for (const { key, text } of entries) {
      const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? `<${name} & "x">` : i + 7]));
      const stem = key.replace(/_(zero|one|other)$/, '');
      for (const count of [0, 1, 2, 12]) {
        expect(t(stem, { ...values, count })).toBe(i18n.t(stem, { ...values, count }));
      }
      expect(t(key, values)).toBe(i18n.t(key, values));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('fills placeholders and picks the plural form', () => {
    expect(t('catalogue.reference', { reference: 'PW-1041' })).toBe('Ref. PW-1041');
    expect(t('results.count', { count: 1 })).not.toBe(t('results.count', { count: 3 }));
  });

  it('leaves what it does not fill to i18next: a missing value, a key that does not exist, other options', () => {
    expect(t('catalogue.reference', {})).toBe(i18n.t('catalogue.reference', {}));
    expect(t('no.such_key', { name: 'x' })).toBe(i18n.t('no.such_key', { name: 'x' }));
    expect(t('catalogue.reference', { reference: 'x', defaultValue: 'y' })).toBe(
      i18n.t('catalogue.reference', { reference: 'x', defaultValue: 'y' }),
    );
  });

  it('gives the same text for a plain key every time, from any namespace', () => {
    expect(t('site_name')).toBe('Plasterwick');
    expect(t('site_name')).toBe('Plasterwick');
    expect(t('common:site_name')).toBe('Plasterwick');
    expect(t('audience.switch_to')).toBe('Switch to the {{audience}} site');
    expect(t('audience.switch_to', { audience: 'DIY' })).toBe('Switch to the DIY site');
  });
});
