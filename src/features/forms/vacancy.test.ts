import { describe, expect, it } from 'vitest';
import { preselectedVacancy } from './vacancy.ts';

const OPTIONS = [
  { value: '' },
  { value: '11', slug: 'production-operator' },
  { value: '12', slug: 'engineering-apprentice' },
];

describe('vacancy preselection', () => {
  it('chooses the vacancy ?vacancy= names', () => {
    expect(preselectedVacancy('?vacancy=engineering-apprentice', OPTIONS)).toBe('12');
    expect(preselectedVacancy('?from=mail&vacancy=production-operator', OPTIONS)).toBe('11');
  });

  it('falls back to a spontaneous application for a vacancy no longer open', () => {
    expect(preselectedVacancy('?vacancy=filled-last-year', OPTIONS)).toBe('');
    expect(preselectedVacancy('?vacancy=', OPTIONS)).toBe('');
  });

  it('leaves the select alone without the parameter', () => {
    expect(preselectedVacancy('', OPTIONS)).toBeUndefined();
    expect(preselectedVacancy('?session=3', OPTIONS)).toBeUndefined();
  });
});
