import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  applicationBody,
  constructionStartsBody,
  contactBody,
  profileBody,
  trainingRegistrationBody,
} from './forms.ts';
import { MESSAGES } from './validation.ts';

/** Field path → first message, as the back-office reports them and a form shows them. */
function errorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const person = { first_name: 'Sam', last_name: 'Taylor', email: 'sam@example.co.uk' };
const participants = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ first_name: `T${i}`, last_name: 'J' }));

describe('form bodies (spec §5 messages)', () => {
  it('contact: required fields, e-mail and optional phone and company number', () => {
    expect(
      errorsOf(contactBody, { first_name: '  ', email: 'nope', phone: '123', company_number: '1' }),
    ).toEqual({
      first_name: MESSAGES.required,
      last_name: MESSAGES.required,
      email: MESSAGES.email,
      phone: MESSAGES.phone,
      company_number: MESSAGES.companyNumber,
      subject: MESSAGES.required,
      message: MESSAGES.required,
    });
    const parsed = contactBody.parse({ ...person, subject: ' Hi ', message: 'Hello', phone: '', extra: 1 });
    expect(parsed).toEqual({ ...person, subject: 'Hi', message: 'Hello', phone: undefined, audience: 'pro' });
  });

  it('jobsite support: postcode, date and min_value', () => {
    const base = {
      ...person,
      phone: '0161 496 0000',
      company: 'Taylor Ltd',
      site_address: '1 High Street',
      site_postcode: 'M1',
      site_town: 'Manchester',
      start_date: '2030-01-31',
    };
    expect(errorsOf(constructionStartsBody, base)).toEqual({});
    expect(errorsOf(constructionStartsBody, { ...base, surface_m2: 0 })).toEqual({
      surface_m2: MESSAGES.minValue,
    });
    expect(errorsOf(constructionStartsBody, { ...base, surface_m2: '1' })).toEqual({});
    expect(
      errorsOf(constructionStartsBody, { ...base, site_postcode: '1AE', start_date: '31/01/2030' }),
    ).toEqual({
      site_postcode: MESSAGES.postcode,
      start_date: MESSAGES.date,
    });
  });

  it('application: an https LinkedIn link or none', () => {
    const base = { ...person, phone: '07700 900123', message: 'Hire me' };
    expect(errorsOf(applicationBody, { ...base, linkedin_url: 'http://x' })).toEqual({
      linkedin_url: MESSAGES.url,
    });
    expect(errorsOf(applicationBody, { ...base, linkedin_url: '' })).toEqual({});
  });

  it('profile: an optional full postcode', () => {
    expect(errorsOf(profileBody, { ...person, postcode: 'M1' })).toEqual({ postcode: MESSAGES.postcode });
    expect(profileBody.parse({ ...person, postcode: 'm1 1ae' })).toMatchObject({
      postcode: 'm1 1ae',
      newsletter: false,
    });
  });

  it('training registration: 3 to 5 participants', () => {
    const base = {
      session_id: '7',
      company: 'Taylor Ltd',
      contact_name: 'Sam',
      email: person.email,
      phone: '0161 496 0000',
    };
    expect(trainingRegistrationBody.parse({ ...base, participants: participants(3) }).session_id).toBe(7);
    expect(errorsOf(trainingRegistrationBody, { ...base, participants: participants(2) })).toEqual({
      participants: 'Please register at least 3 participants',
    });
    expect(errorsOf(trainingRegistrationBody, { ...base, participants: participants(6) })).toEqual({
      participants: 'Please register at most 5 participants',
    });
    expect(errorsOf(trainingRegistrationBody, { company: 'x' })).toMatchObject({
      participants: MESSAGES.required,
      contact_name: MESSAGES.required,
    });
  });
});
