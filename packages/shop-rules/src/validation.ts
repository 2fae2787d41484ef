/**
 * The validation rules of spec §5 with their exact messages, as plain functions: the storefront's forms and the
 * back-office's request schemas (`./forms.ts`) apply the same ones. Browser-safe.
 */
import { regexes } from 'zod/v4/core';
import { PASSWORD_LENGTH } from './constants.ts';
import { FULL_POSTCODE_PATTERN, POSTCODE_PATTERN } from './postcode.ts';

export const MESSAGES = {
  required: 'Field required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  companyNumber: 'Company registration number not recognised',
  postcode: 'Please enter a valid postcode',
  date: 'Please enter a valid date',
  minValue: 'Please enter a value of 1 or more.',
  url: 'Please enter a valid URL',
  passwordsDoNotMatch: 'Passwords do not match',
  // The catalogue's named messages (spec §5 "other validation messages"); the wording is ours.
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  acceptTerms: 'Please accept the terms to continue',
  address: 'Please enter the address',
  city: 'Please enter the town or city',
  companyName: 'Please enter the company name',
  function: "Please enter the participant's function",
  period: 'Please give the works period: a start date and the expected duration',
  trainingSession: 'Please choose a training session',
  fileTooLarge: 'The file is too large: 5 MB at most',
  uploadFile: 'Please upload a file (PDF, DOC or DOCX)',
} as const;

/** "Field required" with the field's name, as a form shows it beside the field (`Field required: Town`). */
export function requiredMessage(fieldName?: string): string {
  return fieldName ? `${MESSAGES.required}: ${fieldName}` : MESSAGES.required;
}

/** Present and not blank. */
export function isPresent(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The e-mail pattern the back-office applies (zod's `z.email()` default), for checks without a schema. */
export function isEmail(value: string): boolean {
  return regexes.email.test(value);
}

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

/** A UK postcode, district or area (`M1 1AE`, `M1`, `M`), any case and spacing. */
export function isPostcode(value: string): boolean {
  return POSTCODE_PATTERN.test(value.trim());
}

/** A full UK postcode (`M1 1AE`), any case and spacing: an exact address. */
export function isFullPostcode(value: string): boolean {
  return FULL_POSTCODE_PATTERN.test(value.trim());
}

/** The smallest value of spec §5's min_value rule. */
export const MIN_VALUE = 1;

/** Spec §5 min_value: a number of at least 1. */
export function isMinValue(value: number): boolean {
  return Number.isFinite(value) && value >= MIN_VALUE;
}

export type PasswordRequirement = 'length' | 'lowercase' | 'uppercase' | 'number';

export const PASSWORD_MESSAGES: Record<PasswordRequirement, string> = {
  length: `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  lowercase: 'One lower-case letter',
  uppercase: 'One upper-case letter',
  number: 'One number',
};

/**
 * The password requirements as a form displays them (spec §5: character count, lower case, upper case and
 * number; the figures are those of api-contract.md "Accounts"), each with whether `password` meets it. Characters
 * are counted as code points, so an emoji is one character.
 */
export function passwordRequirements(
  password: string,
): { requirement: PasswordRequirement; met: boolean; message: string }[] {
  const length = [...password].length;
  const met: Record<PasswordRequirement, boolean> = {
    length: length >= PASSWORD_LENGTH.min && length <= PASSWORD_LENGTH.max,
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    number: /\p{Nd}/u.test(password),
  };
  return (Object.keys(PASSWORD_MESSAGES) as PasswordRequirement[]).map((requirement) => ({
    requirement,
    met: met[requirement],
    message: PASSWORD_MESSAGES[requirement],
  }));
}

/** Whether `password` meets every requirement of `passwordRequirements`. */
export function isAcceptablePassword(password: string): boolean {
  return passwordRequirements(password).every((item) => item.met);
}
