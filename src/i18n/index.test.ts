import { describe, expect, it } from 'vitest';
import { t } from './index.ts';

describe('t', () => {
  it('gives the same text for a plain key every time, and still interpolates when given options', () => {
    expect(t('site_name')).toBe('Plasterwick');
    expect(t('site_name')).toBe('Plasterwick');
    expect(t('audience.switch_to', { audience: 'DIY' })).toBe('Switch to the DIY site');
    expect(t('audience.switch_to', { audience: 'Professional' })).toBe('Switch to the Professional site');
    expect(t('audience.switch_to')).toBe('Switch to the {{audience}} site');
    expect(t('audience.switch_to', { audience: 'DIY' })).toBe('Switch to the DIY site');
  });

  it('reads other namespaces', () => {
    expect(t('common:site_name')).toBe('Plasterwick');
  });
});
