/** Public forms: spec §5 messages, storage, job link, rate limit, and the account-only calls. */
import { isCompanyNumber, isUkPhone, MESSAGES } from '@plasterwick/shop-rules/validation';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { submissions } from '../src/db/schema.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorSchema = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
const created = z.object({ data: z.object({ id: z.number().int().positive() }) });

let ip = 0;
/** Each call from its own address, so the rate limit only bites in the test that is about it. */
const post = (
  path: string,
  payload: unknown,
  remoteAddress = `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${path}?${q()}`, payload: payload as object, remoteAddress });

function errorsOf(body: unknown) {
  return Object.fromEntries(errorSchema.parse(body).errors.map((e) => [e.field, e.message]));
}

const contact = {
  civility: 'ms',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.co.uk',
  phone: '0161 496 0000 ext 204',
  subject: 'Stock question',
  message: 'Is the 10 kg tub of fine filler available in Preston?',
};

describe('rules', () => {
  test('UK phone numbers with an optional 3–4-digit extension', () => {
    for (const ok of [
      '0161 496 0000',
      '+44 161 496 0000',
      '+44 (0)20 7946 0000',
      '07700 900123',
      '0113-496-0000 x1234',
      '0161 496 0000 ext. 204',
    ]) {
      expect(isUkPhone(ok), ok).toBe(true);
    }
    for (const bad of [
      '12345',
      '0161 496 0000 x12',
      '0161 496 0000 x12345',
      '+33 1 23 45 67 89',
      'phone',
      '',
    ]) {
      expect(isUkPhone(bad), bad).toBe(false);
    }
  });

  test('company registration number: 14+ digits with the doubling checksum', () => {
    expect(isCompanyNumber('73282932000074')).toBe(true);
    expect(isCompanyNumber('732 829 320 00074')).toBe(true);
    expect(isCompanyNumber('73282932000075')).toBe(false);
    expect(isCompanyNumber('1234567890')).toBe(false);
    expect(isCompanyNumber('7328293200007A')).toBe(false);
  });
});

describe('POST /contact', () => {
  test('a valid message is stored and answered 201 with its id', async () => {
    const res = await post('contact', contact);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = created.parse(res.json()).data;
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row).toMatchObject({ kind: 'contact', data: expect.objectContaining({ email: contact.email }) });
  });

  test('spec messages: required, email, phone, company number', async () => {
    const res = await post('contact', {
      ...contact,
      first_name: '  ',
      last_name: undefined,
      email: 'not-an-email',
      phone: '12345',
      company_number: '12345678901234',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json())).toMatchObject({
      'body.first_name': MESSAGES.required,
      'body.last_name': MESSAGES.required,
      'body.email': 'Please enter a valid email address',
      'body.phone': 'Please enter a valid phone number',
      'body.company_number': 'Company registration number not recognised',
    });
    expect(MESSAGES.required).toBe('Field required');
  });

  test('optional fields may be blank; a valid company number passes', async () => {
    const res = await post('contact', {
      ...contact,
      phone: '',
      company: 'Morgan Decorating',
      company_number: '73282932000074',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('company number length boundary: 13 digits refused even with a good checksum, 14 accepted', async () => {
    // Both pass the doubling checksum, so only the length tells them apart.
    const thirteen = '7328293200009';
    const fourteen = '73282932000074';
    const withCompanyNumber = (companyNumber: string) =>
      post('contact', { ...contact, company: 'Morgan Decorating', company_number: companyNumber });

    const refused = await withCompanyNumber(thirteen);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorsOf(refused.json())).toEqual({ 'body.company_number': MESSAGES.companyNumber });
    const spaced = await withCompanyNumber('732 829 320 0009');
    expect(spaced.statusCode, spaced.body).toBe(400);

    expect((await withCompanyNumber(fourteen)).statusCode).toBe(201);
    expect((await withCompanyNumber(`${fourteen.slice(0, 3)} ${fourteen.slice(3)}`)).statusCode).toBe(201);
  });
});

describe('other forms', () => {
  test('jobsite support needs site details, a phone and a postcode', async () => {
    const good = {
      first_name: 'Sam',
      last_name: 'Patel',
      email: 'sam@patel-build.example',
      phone: '0117 496 0000',
      company: 'Patel Build',
      site_address: '12 Harbour Road',
      site_postcode: 'BS1 5TY',
      site_town: 'Bristol',
      start_date: '2027-03-01',
      surface_m2: 450,
    };
    expect((await post('construction-starts', good)).statusCode).toBe(201);
    const bad = await post('construction-starts', {
      ...good,
      phone: '',
      site_postcode: 'nowhere',
      start_date: '01/03/2027',
      surface_m2: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.json())).toMatchObject({
      'body.phone': MESSAGES.required,
      'body.site_postcode': MESSAGES.postcode,
      'body.start_date': MESSAGES.date,
      'body.surface_m2': 'Please enter a value of 1 or more.',
    });
  });

  test('job application: with a published job page, or none; an unknown job is 400', async () => {
    const jobs = await t.app.inject({ url: `/api/v1/page?${q({ type: 'job', perPage: 1 })}` });
    const jobId = z
      .object({ data: z.object({ items: z.array(z.object({ id: z.number() })) }) })
      .parse(jobs.json()).data.items[0]?.id;
    const application = {
      first_name: 'Jo',
      last_name: 'Reed',
      email: 'jo.reed@example.com',
      phone: '07700 900456',
      message: 'I have five years on the tools.',
    };
    expect((await post('application', { ...application, page_id: jobId })).statusCode).toBe(201);
    expect((await post('application', application)).statusCode).toBe(201);
    const unknown = await post('application', { ...application, page_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.json())).toHaveProperty('body.page_id');
  });

  test('profile: stored sign-up details (no account is created)', async () => {
    const res = await post('profile', {
      first_name: 'Lee',
      last_name: 'Hart',
      email: 'lee@hart.example',
      audience: 'part',
      postcode: 'm1 1ae',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, created.parse(res.json()).data.id));
    expect(row?.kind).toBe('profile');
    expect(row?.data).not.toHaveProperty('password');
    expect((await post('profile', { first_name: 'Lee', last_name: 'Hart', email: 'lee@' })).statusCode).toBe(
      400,
    );
  });

  test('account-only calls answer 401 until accounts exist', async () => {
    expect((await t.app.inject({ url: `/api/v1/address?${q()}` })).statusCode).toBe(401);
    const wishlist = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wishlist/send?${q()}`,
      payload: { email: 'a@b.example' },
    });
    expect(wishlist.statusCode).toBe(401);
    expect(wishlist.json()).toMatchObject({ status: 'unauthorized' });
  });

  test('forms are rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++) statuses.push((await post('contact', {}, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await post('contact', contact)).statusCode).toBe(201);
  });

  test('arbitrary bodies never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('contact', 'construction-starts', 'application', 'profile'),
        fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record(
            {
              first_name: fc.string(),
              email: fc.string(),
              phone: fc.string(),
              company_number: fc.string(),
              page_id: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (path, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/${path}?${q()}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
            remoteAddress: `10.9.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });
});
