import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { applicationBody, constructionStartsBody, contactBody, trainingRegistrationBody } from './forms.ts';
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
  Array.from({ length: n }, (_, i) => ({ first_name: `T${i}`, last_name: 'J', function: 'Plasterer' }));
/** A valid 14-digit company registration number (spec §5 rule). */
const COMPANY_NUMBER = '73282932000074';

describe('form bodies (spec §5 messages)', () => {
  it('contact: named messages, required fields, e-mail, optional phone and company number, consent', () => {
    expect(
      errorsOf(contactBody, { first_name: '  ', email: 'nope', phone: '123', company_number: '1' }),
    ).toEqual({
      first_name: MESSAGES.firstName,
      last_name: MESSAGES.lastName,
      email: MESSAGES.email,
      phone: MESSAGES.phone,
      company_number: MESSAGES.companyNumber,
      subject: MESSAGES.required,
      message: MESSAGES.required,
      accept_terms: MESSAGES.acceptTerms,
    });
    const parsed = contactBody.parse({
      ...person,
      subject: ' Hi ',
      message: 'Hello',
      phone: '',
      accept_terms: true,
      extra: 1,
    });
    expect(parsed).toEqual({
      ...person,
      subject: 'Hi',
      message: 'Hello',
      phone: undefined,
      accept_terms: true,
      audience: 'pro',
    });
    expect(errorsOf(contactBody, { ...person, subject: 'a', message: 'b', accept_terms: false })).toEqual({
      accept_terms: MESSAGES.acceptTerms,
    });
  });

  it('jobsite support: postcode, works period, surface and min_value', () => {
    const base = {
      ...person,
      phone: '0161 496 0000',
      company: 'Taylor Ltd',
      site_postcode: 'M1',
      site_town: 'Manchester',
      start_date: '2030-01-31',
      duration_weeks: '6',
      surface: 'plasterboard',
      message: 'Skim coat on new boards',
    };
    expect(errorsOf(constructionStartsBody, base)).toEqual({});
    expect(constructionStartsBody.parse(base).duration_weeks).toBe(6);
    expect(errorsOf(constructionStartsBody, { ...base, surface_m2: 0 })).toEqual({
      surface_m2: MESSAGES.minValue,
    });
    expect(errorsOf(constructionStartsBody, { ...base, surface_m2: '1' })).toEqual({});
    expect(
      errorsOf(constructionStartsBody, {
        ...base,
        site_postcode: '1AE',
        start_date: '31/01/2030',
        duration_weeks: '0',
      }),
    ).toEqual({
      site_postcode: MESSAGES.postcode,
      start_date: MESSAGES.period,
      duration_weeks: MESSAGES.period,
    });
    expect(
      errorsOf(constructionStartsBody, { first_name: 'x', last_name: 'y', email: person.email }),
    ).toMatchObject({
      company: MESSAGES.companyName,
      site_town: MESSAGES.city,
      start_date: MESSAGES.period,
      duration_weeks: MESSAGES.period,
      surface: MESSAGES.required,
      message: MESSAGES.required,
    });
  });

  it('application: an https LinkedIn link or none', () => {
    const base = { ...person, phone: '07700 900123', accept_terms: 'true' };
    expect(errorsOf(applicationBody, { ...base, linkedin_url: 'http://x' })).toEqual({
      linkedin_url: MESSAGES.url,
    });
    expect(errorsOf(applicationBody, { ...base, linkedin_url: '' })).toEqual({});
  });

  it('application: multipart strings (empty vacancy = spontaneous, terms as "true")', () => {
    const parsed = applicationBody.parse({
      ...person,
      phone: '07700 900123',
      page_id: '',
      accept_terms: 'true',
    });
    expect(parsed).toMatchObject({ accept_terms: true });
    expect(parsed.page_id).toBeUndefined();
    expect(
      applicationBody.parse({ ...person, phone: '07700 900123', page_id: '12', accept_terms: 'true' })
        .page_id,
    ).toBe(12);
    expect(errorsOf(applicationBody, { ...person, phone: '07700 900123', accept_terms: 'false' })).toEqual({
      accept_terms: MESSAGES.acceptTerms,
    });
  });

  it('training registration: 3 to 5 participants', () => {
    const base = {
      session_id: '7',
      company: 'Taylor Ltd',
      contact_name: 'Sam',
      company_number: COMPANY_NUMBER,
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
      session_id: MESSAGES.trainingSession,
      company_number: MESSAGES.required,
      participants: MESSAGES.required,
      contact_name: MESSAGES.required,
    });
    expect(
      errorsOf(trainingRegistrationBody, {
        ...base,
        company_number: '73282932000075',
        participants: [...participants(2), { first_name: 'A', last_name: 'B', function: ' ' }],
      }),
    ).toEqual({
      company_number: MESSAGES.companyNumber,
      'participants.2.function': MESSAGES.function,
    });
  });
});
