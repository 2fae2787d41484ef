/**
 * The shop's e-mail can carry nobody's words to anybody (issue 21): a form's acknowledgement goes to whatever
 * address was typed, so it repeats nothing the sender typed freely (message, subject, company, addresses, links, a
 * CV's file name, participants, a name that is not a name): only a greeting name of at most 40 characters, the
 * form's fixed choices and when we reply. The staff notification keeps every field. The account e-mails sent to an
 * address typed at sign-up greet the same way. Checked on the outbox rows, as queued.
 */
import { PDFDocument } from 'pdf-lib';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox } from '../src/db/schema.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';

const PHISH = 'Click https://evil.example/login to verify your account';
/** What no acknowledgement may carry: the domain of every hostile value below, and its call to act. */
const HOSTILE = ['evil.example', 'Click', 'verify your account'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const from = () => `10.21.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function post(path: string, payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}?${q()}`,
    payload: { ...payload, bot_check: await solvedBotCheck(t.app) },
    remoteAddress: from(),
  });
  expect([201, 202], response.body).toContain(response.statusCode);
}

/** The queued messages of `kind` (`contact.acknowledgement`, `%.staff`…) to `to`. */
async function outbox(to: string, kind: string) {
  await t.app.mail.drain();
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), like(mailOutbox.kind, kind)));
}

async function acknowledgementTo(to: string) {
  const [mail, ...more] = await outbox(to, '%.acknowledgement');
  expect(more).toEqual([]);
  expect(mail).toBeDefined();
  for (const word of HOSTILE) {
    expect(mail!.subject, word).not.toContain(word);
    expect(mail!.textBody, word).not.toContain(word);
    expect(mail!.htmlBody, word).not.toContain(word);
  }
  return mail!;
}

describe('acknowledgements repeat nothing typed freely', () => {
  it('contact: the greeting says hello to a name that is a link; no subject, message, company or phone', async () => {
    const email = 'contact.victim@example.co.uk';
    await post('contact', {
      first_name: 'Click https://evil.example/login',
      last_name: 'now',
      email,
      phone: '0161 496 0000',
      company: 'evil.example Ltd',
      subject: PHISH,
      message: `${PHISH}\nThe Plasterwick team`,
      accept_terms: true,
    });
    const mail = await acknowledgementTo(email);
    expect(mail.textBody).toMatch(/^Hello,\n/);
    expect(mail.textBody).toContain('reply to this address within one working day');
    expect(mail.textBody).not.toContain('0161 496 0000');
    const [staff] = await outbox(t.app.config.mail.staffTo.contact, 'contact.staff');
    expect(staff?.textBody).toContain(PHISH);
  });

  it('contact: a name of at most 40 characters is the greeting; a longer one is not', async () => {
    const short = 'short.name@example.co.uk';
    await post('contact', {
      first_name: 'Alex',
      last_name: 'Morgan',
      email: short,
      subject: 'Stock',
      message: 'Is it in stock?',
      accept_terms: true,
    });
    expect((await acknowledgementTo(short)).textBody).toMatch(/^Dear Alex Morgan,\n/);
    const long = 'long.name@example.co.uk';
    await post('contact', {
      first_name: 'Alexandra Josephine',
      last_name: 'Montgomery Fotheringay',
      email: long,
      subject: 'Stock',
      message: 'Is it in stock?',
      accept_terms: true,
    });
    const mail = await acknowledgementTo(long);
    expect(mail.textBody).toMatch(/^Hello,\n/);
    expect(mail.textBody).not.toContain('Montgomery');
  });

  it('jobsite support: the surface chosen and the 48 hours; no company, site, products or description', async () => {
    const email = 'jobsite.victim@example.co.uk';
    await post('construction-starts', {
      first_name: 'Sam',
      last_name: 'Patel',
      email,
      phone: '0117 496 0000',
      company: 'Visit evil.example',
      site_address: PHISH,
      site_postcode: 'BS1 5TY',
      site_town: 'evil.example',
      start_date: '2027-03-01',
      duration_weeks: 6,
      surface: 'plasterboard',
      surface_m2: 450,
      products: PHISH,
      message: PHISH,
    });
    const mail = await acknowledgementTo(email);
    expect(mail.textBody).toMatch(/^Dear Sam Patel,\n/);
    expect(mail.textBody).toContain('handled within 48 hours');
    expect(mail.textBody).toContain('Surface: Plasterboard');
    for (const typed of ['0117 496 0000', 'BS1 5TY', '450']) expect(mail.textBody).not.toContain(typed);
  });

  it('job application: the position and what happens next; no cover letter, town, link or file name', async () => {
    const email = 'applicant.victim@example.co.uk';
    const document = await PDFDocument.create();
    document.addPage().drawText('CV');
    const pdf = Buffer.from(await document.save());
    const fields: Record<string, string> = {
      first_name: 'Jo',
      last_name: 'Reed',
      email,
      phone: '07700 900456',
      town: 'evil.example',
      linkedin_url: 'https://evil.example/login',
      message: PHISH,
      accept_terms: 'true',
      bot_check: await solvedBotCheck(t.app),
    };
    const boundary = 'plasterwick-form-mails';
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file =
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="Click evil.example now.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/application?${q()}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(parts.join('') + file),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      remoteAddress: from(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.textBody).toMatch(/^Dear Jo Reed,\n/);
    expect(mail.textBody).toContain('Position: Spontaneous application');
    expect(mail.textBody).toContain('We have your CV and your details.');
  });

  it('training registration: the session and how many; no company, contact, participants or addresses', async () => {
    const sessions = z
      .object({
        data: z.object({ items: z.array(z.object({ id: z.number(), registration_open: z.boolean() })) }),
      })
      .parse((await t.app.inject({ url: `/api/v1/training-session?${q()}` })).json()).data.items;
    const session = sessions.find((s) => s.registration_open)!;
    const email = 'training.victim@example.co.uk';
    await post('training-registration', {
      session_id: session.id,
      company: 'evil.example Ltd',
      company_number: '73282932000074',
      contact_name: PHISH,
      email,
      phone: '029 2018 0000',
      participants: [
        { first_name: 'Click', last_name: 'Here', function: PHISH },
        { first_name: 'Visit', last_name: 'evil.example', function: 'Plasterer', email: 'x@evil.example' },
        { first_name: 'Jane', last_name: 'Doe', function: 'Site manager' },
      ],
    });
    const mail = await acknowledgementTo(email);
    expect(mail.textBody).toMatch(/^Hello,\n/);
    expect(mail.textBody).toContain('Thank you for registering 3 participants for');
    for (const typed of ['Jane', 'Doe', '029 2018 0000', 'Site manager'])
      expect(mail.textBody).not.toContain(typed);
  });

  it('sign-up: the verification e-mail to the address typed greets a name only if it is one', async () => {
    const email = 'signup.victim@example.co.uk';
    await post('auth/register', {
      first_name: 'Click https://evil.example/login',
      last_name: 'to verify your account',
      email,
      password: 'Filler2027',
      audience: 'pro',
      accept_terms: true,
    });
    const [mail] = await outbox(email, 'account.verification');
    expect(mail?.textBody).toMatch(/^Hello,\n/);
    for (const word of HOSTILE) expect(mail?.textBody).not.toContain(word);
  });
});
