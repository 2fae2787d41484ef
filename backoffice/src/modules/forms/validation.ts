/** The form rules of spec §5, with their exact messages, as zod building blocks. */
import { POSTCODE_PATTERN } from '@plasterwick/shop-rules/postcode';
import { z } from 'zod';

export const MESSAGES = {
  required: 'Field required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  companyNumber: 'Company registration number not recognised',
  postcode: 'Please enter a valid postcode',
  date: 'Please enter a valid date',
} as const;

/** A UK number (0…, +44…, 0044…, optional "(0)"), 9 or 10 digits after the trunk 0, optional 3–4-digit extension. */
export function isUkPhone(value: string): boolean {
  const match = value.trim().match(/^(.*?)(?:\s*(?:ext\.?|extension|x|#)\s*\d{3,4})?$/i);
  const main = (match?.[1] ?? '').replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  return /^(?:\+44|0044|0)[1-9]\d{8,9}$/.test(main);
}

/**
 * Company registration number check of spec §5: at least 14 digits, every digit at an even position (counting
 * from 0 on the left, which is the Luhn rule for 14 digits) doubled, minus 9 when over 9; total divisible by 10.
 */
export function isCompanyNumber(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{14,}$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** A present, non-blank string (missing, wrong type or blank → "Field required"). */
export const required = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);

/** An optional string: absent, null or blank all mean "not given". */
export const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : undefined));

export const email = () => required(254).pipe(z.email(MESSAGES.email));
// Format checks are piped after `required`, so a blank value reports only "Field required".
export const phone = () => required(40).pipe(z.string().refine(isUkPhone, MESSAGES.phone));
export const optionalPhone = () =>
  optional(40).refine((value) => value === undefined || isUkPhone(value), MESSAGES.phone);
export const optionalCompanyNumber = () =>
  optional(40).refine((value) => value === undefined || isCompanyNumber(value), MESSAGES.companyNumber);
export const postcode = () => required(10).pipe(z.string().regex(POSTCODE_PATTERN, MESSAGES.postcode));
export const isoDate = () =>
  required(10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.date)
      .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.date),
  );
