import { describe, expect, it } from 'vitest';
import { isAcceptableStaffPassword, staffPassword, STAFF_PASSWORD_MESSAGE } from './staff.ts';

describe('staff passwords', () => {
  it('need 12 characters and the shop’s other rules', () => {
    expect(isAcceptableStaffPassword('Plaster2027x')).toBe(true);
    expect(isAcceptableStaffPassword('Plaster2027')).toBe(false);
    expect(isAcceptableStaffPassword('plaster2027xy')).toBe(false);
    expect(isAcceptableStaffPassword('PLASTER2027XY')).toBe(false);
    expect(isAcceptableStaffPassword('PlasterFiller')).toBe(false);
    expect(isAcceptableStaffPassword(`Aa1${'x'.repeat(126)}`)).toBe(false);
  });

  it('answer the one message when refused', () => {
    const result = staffPassword().safeParse('short1A');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(STAFF_PASSWORD_MESSAGE);
  });
});
