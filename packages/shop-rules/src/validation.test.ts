import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isAcceptablePassword,
  isCompanyNumber,
  isEmail,
  isFullPostcode,
  isMinValue,
  isPostcode,
  isPresent,
  isUkPhone,
  MESSAGES,
  passwordRequirements,
  requiredMessage,
} from './validation.ts';

describe('messages of spec §5', () => {
  it('are the spec’s words', () => {
    expect(MESSAGES.email).toBe('Please enter a valid email address');
    expect(MESSAGES.phone).toBe('Please enter a valid phone number');
    expect(MESSAGES.companyNumber).toBe('Company registration number not recognised');
    expect(MESSAGES.required).toBe('Field required');
    expect(MESSAGES.minValue).toBe('Please enter a value of 1 or more.');
  });

  it('required names the field when there is one', () => {
    expect(requiredMessage('Town')).toBe('Field required: Town');
    expect(requiredMessage()).toBe('Field required');
  });
});

describe('required', () => {
  it('wants a value that is not blank', () => {
    expect(isPresent('a')).toBe(true);
    for (const blank of ['', '   ', '\n', undefined, null]) expect(isPresent(blank)).toBe(false);
  });
});

describe('email', () => {
  it('accepts addresses and refuses the rest', () => {
    for (const ok of ['sam@example.co.uk', 'first.last+tag@sub.example.com', "o'brien@example.ie"]) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of ['', 'sam', 'sam@', '@example.com', 'sam@example', 'sam example@example.com']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('is the rule the request schemas apply (zod’s e-mail check)', () => {
    const schema = z.email();
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (value) => {
        expect(isEmail(value)).toBe(schema.safeParse(value).success);
      }),
    );
  });
});

describe('UK phone with an optional 3–4-digit extension', () => {
  it('accepts national and international forms', () => {
    for (const ok of [
      '0161 496 0000',
      '+44 161 496 0000',
      '0044 161 496 0000',
      '+44 (0)161 496 0000',
      '07700 900123',
      '0161 496 0000 ext 123',
      '0161 496 0000 x1234',
      '0161-496-0000 #123',
    ]) {
      expect(isUkPhone(ok), ok).toBe(true);
    }
  });

  it('refuses short numbers, foreign numbers and long extensions', () => {
    for (const bad of [
      '',
      '0161 496',
      '+33 1 23 45 67 89',
      '0161 496 0000 ext 12',
      '0161 496 0000 ext 12345',
    ]) {
      expect(isUkPhone(bad), bad).toBe(false);
    }
  });
});

describe('company registration number (spec §5)', () => {
  it('needs at least 14 digits whose doubled-even-position sum divides by 10', () => {
    expect(isCompanyNumber('73282932000074')).toBe(true);
    expect(isCompanyNumber('732 829 320 00074')).toBe(true);
    expect(isCompanyNumber('73282932000075')).toBe(false);
    expect(isCompanyNumber('7328293200007')).toBe(false); // 13 digits
    expect(isCompanyNumber('7328293200009')).toBe(false); // 13 digits whose sum divides by 10: too short all the same
    expect(isCompanyNumber('7328293200007A')).toBe(false);
  });

  it('refuses every number under 14 digits, whatever its check digit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 12, size: 'max' }), (body) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isCompanyNumber([...body, d].join('')));
        expect(valid).toEqual([]);
      }),
    );
  });

  it('exactly one check digit of ten makes a valid number', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 20 }), (body) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isCompanyNumber([...body, d].join('')));
        expect(valid).toHaveLength(1);
      }),
    );
  });
});

describe('min_value', () => {
  it('is 1 or more', () => {
    expect(isMinValue(1)).toBe(true);
    expect(isMinValue(250)).toBe(true);
    expect(isMinValue(0.99)).toBe(false);
    expect(isMinValue(0)).toBe(false);
    expect(isMinValue(-1)).toBe(false);
    expect(isMinValue(Number.NaN)).toBe(false);
  });
});

describe('postcode', () => {
  it('a postcode, district or area; a full postcode for an exact address', () => {
    for (const code of ['M1 1AE', 'm11ae', 'EC1A 1BB', 'M1', 'EC1A', 'LS', ' SW1A 2AA ']) {
      expect(isPostcode(code), code).toBe(true);
    }
    expect(isPostcode('1AE')).toBe(false);
    expect(isFullPostcode('SW1A 2AA')).toBe(true);
    expect(isFullPostcode('M1')).toBe(false);
  });
});

describe('password requirements', () => {
  const metOf = (password: string) =>
    Object.fromEntries(passwordRequirements(password).map((item) => [item.requirement, item.met]));

  it('lists character count, lower case, upper case and number with their messages', () => {
    expect(passwordRequirements('')).toEqual([
      { requirement: 'length', met: false, message: '8 to 128 characters' },
      { requirement: 'lowercase', met: false, message: 'One lower-case letter' },
      { requirement: 'uppercase', met: false, message: 'One upper-case letter' },
      { requirement: 'number', met: false, message: 'One number' },
    ]);
    expect(metOf('abcDEF12')).toEqual({ length: true, lowercase: true, uppercase: true, number: true });
    expect(metOf('ABCDEFGH')).toEqual({ length: true, lowercase: false, uppercase: true, number: false });
  });

  it('counts characters between 8 and 128', () => {
    expect(metOf('aB3aB3a').length).toBe(false);
    expect(metOf('aB3aB3aB').length).toBe(true);
    expect(metOf('aB3' + 'x'.repeat(125)).length).toBe(true);
    expect(metOf('aB3' + 'x'.repeat(126)).length).toBe(false);
    expect(metOf('aB3🧱🧱🧱🧱🧱').length).toBe(true); // an emoji is one character
  });

  it('is acceptable only when every requirement is met', () => {
    expect(isAcceptablePassword('Plaster2025')).toBe(true);
    expect(isAcceptablePassword('plaster2025')).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), (password) => {
        expect(isAcceptablePassword(password)).toBe(passwordRequirements(password).every((r) => r.met));
      }),
    );
  });
});
