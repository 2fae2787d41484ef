import {
  constructionStartsBody,
  contactBody,
  participantsMessages,
  trainingRegistrationBody,
} from '@plasterwick/shop-rules/forms';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fieldNameOf, issuesToFieldErrors, serverFieldErrors } from './field-mapping.ts';

const LABELS: Record<string, string> = {
  subject: 'Subject',
  message: 'Your message',
  contact_name: 'Contact name',
};
const labelOf = (name: string) => LABELS[name];

function errorsOf(
  schema: typeof contactBody | typeof constructionStartsBody | typeof trainingRegistrationBody,
  body: unknown,
  aliases?: Record<string, string>,
) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  return issuesToFieldErrors(parsed.error.issues, { labelOf, aliases, tooLong: (max) => `At most ${max}` });
}

describe('field names', () => {
  it('joins issue paths and applies the aliases', () => {
    expect(fieldNameOf(['participants', 0, 'first_name'])).toBe('participants.0.first_name');
    expect(fieldNameOf(['start_date'], { start_date: 'period' })).toBe('period');
    expect(fieldNameOf('email')).toBe('email');
  });

  it('names the field in a bare "Field required" and keeps the other messages', () => {
    expect(fieldMessage(MESSAGES.required, 'Subject')).toBe('Field required: Subject');
    expect(fieldMessage(MESSAGES.required, undefined)).toBe('Field required');
    expect(fieldMessage(MESSAGES.email, 'Email address')).toBe(MESSAGES.email);
  });
});

describe('schema issues → field errors', () => {
  it('an empty contact form: the spec messages under each required field', () => {
    expect(errorsOf(contactBody, { audience: 'pro' })).toEqual({
      first_name: MESSAGES.firstName,
      last_name: MESSAGES.lastName,
      email: 'Field required',
      subject: 'Field required: Subject',
      message: 'Field required: Your message',
      accept_terms: MESSAGES.acceptTerms,
    });
  });

  it('invalid e-mail and phone give their own messages', () => {
    const errors = errorsOf(contactBody, {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@',
      phone: '12345',
      subject: 'Hello',
      message: 'Hi',
      accept_terms: true,
    });
    expect(errors).toEqual({ email: MESSAGES.email, phone: MESSAGES.phone });
  });

  it('both parts of the works period show the period message under its fieldset', () => {
    const aliases = { start_date: 'period', duration_weeks: 'period' };
    expect(errorsOf(constructionStartsBody, {}, aliases).period).toBe(MESSAGES.period);
    const errors = errorsOf(
      constructionStartsBody,
      { start_date: '2030-01-01', duration_weeks: '0' },
      aliases,
    );
    expect(errors.period).toBe(MESSAGES.period);
    expect(errors).not.toHaveProperty('start_date');
    expect(errors).not.toHaveProperty('duration_weeks');
  });

  it('participant rows keep their index; the row count has the participants messages', () => {
    const row = { first_name: 'A', last_name: 'B', function: 'Plasterer' };
    const base = {
      session_id: '4',
      company: 'Firm',
      company_number: '73282932000074',
      contact_name: 'Ann',
      email: 'ann@example.co.uk',
      phone: '0161 496 0000',
    };
    const errors = errorsOf(trainingRegistrationBody, {
      ...base,
      participants: [row, {}, { ...row, email: 'nope' }],
    });
    expect(errors).toEqual({
      'participants.1.first_name': MESSAGES.firstName,
      'participants.1.last_name': MESSAGES.lastName,
      'participants.1.function': MESSAGES.function,
      'participants.2.email': MESSAGES.email,
    });
    expect(errorsOf(trainingRegistrationBody, { ...base, participants: [row, row] })).toEqual({
      participants: participantsMessages.min,
    });
    expect(errorsOf(trainingRegistrationBody, { ...base, participants: Array(6).fill(row) })).toEqual({
      participants: participantsMessages.max,
    });
  });

  it('a text over its limit says how long it may be; the first issue of a field wins', () => {
    const errors = errorsOf(contactBody, { subject: 'x'.repeat(201) });
    expect(errors.subject).toBe('At most 200');
    expect(
      issuesToFieldErrors([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'whole body' },
      ]),
    ).toEqual({ email: 'first' });
  });
});

describe('server field errors', () => {
  it('land under the same fields with the same wording', () => {
    expect(
      serverFieldErrors(
        {
          contact_name: 'Field required',
          email: 'Field required: Email',
          start_date: MESSAGES.period,
          'participants.0.function': MESSAGES.function,
        },
        { labelOf, aliases: { start_date: 'period' } },
      ),
    ).toEqual({
      contact_name: 'Field required: Contact name',
      email: 'Field required: Email',
      period: MESSAGES.period,
      'participants.0.function': MESSAGES.function,
    });
  });
});
