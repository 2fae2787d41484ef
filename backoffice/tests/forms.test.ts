/**
 * Public forms: spec §5 messages, bot check and honeypot, storage with the e-mails in one transaction (caught by an
 * SMTP server on 127.0.0.1), the job application's CV (magic bytes, size, staff download), rate limit, and the
 * account-only calls.
 */
import { CV_MAX_BYTES, CV_TYPES } from '@plasterwick/shop-rules/files';
import { zipOf } from '@plasterwick/shop-rules/files.fixtures';
import { isCompanyNumber, isUkPhone, MESSAGES } from '@plasterwick/shop-rules/validation';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../src/config.ts';
import { mailOutbox, submissionFiles, submissions } from '../src/db/schema.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { API_KEY, createTestApp, q, type TestApp } from './helpers.ts';
import { startSmtpCapture } from './smtp-capture.ts';

const STAFF = { contact: 'contact-team@plasterwick.test', other: 'staff@plasterwick.test' };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  const mail = testConfig().mail;
  t = await createTestApp({
    mail: {
      ...mail,
      smtpUrl: smtp.url,
      siteUrl: 'https://www.plasterwick.test',
      staffTo: {
        contact: STAFF.contact,
        'construction-starts': STAFF.other,
        application: STAFF.other,
        'training-registration': STAFF.other,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

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

/** A post with a freshly solved bot check, as the storefront sends it. */
const postSolved = async (path: string, payload: Record<string, unknown>) =>
  post(path, { ...payload, bot_check: await solvedBotCheck(t.app) });

const rowsOf = (id: number) => t.database.db.select().from(submissions).where(eq(submissions.id, id));
const mailsTo = (address: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address));

const contact = {
  civility: 'ms',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.co.uk',
  phone: '0161 496 0000 ext 204',
  subject: 'Stock question',
  message: 'Is the 10 kg tub of fine filler available in Preston?',
  accept_terms: true,
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
  test('a valid message is stored, and acknowledged to the sender and notified to staff by e-mail', async () => {
    const sender = 'alex.stored@example.co.uk';
    const res = await postSolved('contact', {
      ...contact,
      email: sender,
      message: 'Is <b>fine</b> in stock?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = created.parse(res.json()).data;
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ kind: 'contact', data: expect.objectContaining({ email: sender }) });
    // The solved check and the honeypot are not what the visitor wrote: never stored.
    expect(row?.data).not.toHaveProperty('bot_check');
    expect(row?.data).not.toHaveProperty('website');

    await t.app.mail.drain();
    const [acknowledgement] = smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(sender));
    expect(acknowledgement?.subject).toBeTruthy();
    // The acknowledgement repeats nothing the visitor typed freely; staff get the message.
    expect(acknowledgement?.text).not.toContain('in stock?');
    expect(acknowledgement?.text).toContain('9am to 5pm, Monday to Friday');
    const staff = smtp.messages.find(
      (m) => JSON.stringify(m.to).includes(STAFF.contact) && m.text?.includes(sender),
    );
    expect(staff?.replyTo?.text).toContain(sender);
    expect(staff?.text).toContain('Stock question');
    expect(staff?.html).toContain('Is &lt;b&gt;fine&lt;/b&gt; in stock?');
  });

  test('spec messages: named fields, required, email, phone, company number, consent', async () => {
    const res = await post('contact', {
      ...contact,
      first_name: '  ',
      last_name: undefined,
      email: 'not-an-email',
      phone: '12345',
      company_number: '12345678901234',
      subject: '',
      accept_terms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json())).toEqual({
      'body.first_name': MESSAGES.firstName,
      'body.last_name': MESSAGES.lastName,
      'body.email': 'Please enter a valid email address',
      'body.phone': 'Please enter a valid phone number',
      'body.company_number': 'Company registration number not recognised',
      'body.subject': 'Field required',
      'body.accept_terms': MESSAGES.acceptTerms,
    });
  });

  test('bot check: missing, garbage or replayed → 400 bot_check_failed, nothing stored or mailed', async () => {
    const sender = 'robot.check@example.co.uk';
    const missing = await post('contact', { ...contact, email: sender });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 'bot_check_failed' });
    const garbage = await post('contact', { ...contact, email: sender, bot_check: 'eyJ9' });
    expect(garbage.json()).toMatchObject({ status: 'bot_check_failed' });

    const payload = await solvedBotCheck(t.app);
    expect((await post('contact', { ...contact, bot_check: payload })).statusCode).toBe(201);
    const replayed = await post('contact', { ...contact, email: sender, bot_check: payload });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ status: 'bot_check_failed' });

    const stored = await t.database.db.select().from(submissions).where(eq(submissions.kind, 'contact'));
    expect(stored.filter((row) => row.data.email === sender)).toEqual([]);
    expect(await mailsTo(sender)).toEqual([]);
  });

  test('honeypot filled: looks like success (201 with an id), nothing stored or mailed', async () => {
    const sender = 'honey.pot@example.co.uk';
    const before = await t.database.db.select().from(submissions);
    const res = await postSolved('contact', { ...contact, email: sender, website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(created.parse(res.json()).data.id).toBeGreaterThan(0);
    expect(await t.database.db.select().from(submissions)).toHaveLength(before.length);
    expect(await mailsTo(sender)).toEqual([]);
  });

  test('optional fields may be blank; a valid company number passes', async () => {
    const res = await postSolved('contact', {
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
      postSolved('contact', { ...contact, company: 'Morgan Decorating', company_number: companyNumber });

    const refused = await withCompanyNumber(thirteen);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorsOf(refused.json())).toEqual({ 'body.company_number': MESSAGES.companyNumber });
    const spaced = await withCompanyNumber('732 829 320 0009');
    expect(spaced.statusCode, spaced.body).toBe(400);

    expect((await withCompanyNumber(fourteen)).statusCode).toBe(201);
    expect((await withCompanyNumber(`${fourteen.slice(0, 3)} ${fourteen.slice(3)}`)).statusCode).toBe(201);
  });
});

describe('POST /application (multipart, with a CV)', () => {
  /** A multipart body as a browser's FormData sends it. */
  function multipart(
    fields: Record<string, string>,
    files: { field?: string; name: string; type: string; bytes: Uint8Array }[],
  ) {
    const boundary = `----plasterwick${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
    for (const file of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'cv'}"; filename="${file.name}"\r\n` +
            `Content-Type: ${file.type}\r\n\r\n`,
        ),
        Buffer.from(file.bytes),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(chunks),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  const apply = (body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/application?${q()}`,
      ...body,
      remoteAddress: `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    });

  const fields = {
    first_name: 'Jo',
    last_name: 'Reed',
    email: 'jo.reed@example.com',
    phone: '07700 900456',
    message: 'I have five years on the tools.',
    accept_terms: 'true',
    page_id: '',
  };
  let pdf: Uint8Array;
  let jobId: number;
  beforeAll(async () => {
    const document = await PDFDocument.create();
    document.addPage().drawText('Jo Reed: curriculum vitae');
    pdf = await document.save();
    const jobs = await t.app.inject({ url: `/api/v1/page?${q({ type: 'job', perPage: 1 })}` });
    jobId = z
      .object({ data: z.object({ items: z.array(z.object({ id: z.number() })).min(1) }) })
      .parse(jobs.json()).data.items[0]!.id;
  });
  const solved = async (extra: Record<string, string> = {}) => ({
    ...fields,
    ...extra,
    bot_check: await solvedBotCheck(t.app),
  });

  test('a real PDF for a published job: stored with its CV, mailed, downloadable by staff only', async () => {
    const email = 'jo.pdf@example.com';
    const res = await apply(
      multipart(await solved({ email, page_id: String(jobId) }), [
        { name: 'C:\\Users\\jo\\My CV.pdf', type: 'application/pdf', bytes: pdf },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = created.parse(res.json()).data;
    const [row] = await rowsOf(id);
    expect(row?.data).toMatchObject({
      page_id: jobId,
      cv: { file_name: 'My CV.pdf', content_type: 'application/pdf', size_bytes: pdf.length },
    });
    const [acknowledgement] = await mailsTo(email);
    expect(acknowledgement?.textBody).toContain('We have your CV and your details.');
    expect(acknowledgement?.textBody).not.toContain('My CV.pdf');

    const download = await t.app.inject({
      url: `/api/v1/application/${id}/cv?${q()}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    // A visitor's file is never sniffed into something else (HTML) by the browser.
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0);
    expect((await t.app.inject({ url: `/api/v1/application/${id}/cv?${q()}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: `/api/v1/application/99999/cv?${q()}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('DOC and DOCX by their bytes, whatever their name; a spontaneous application', async () => {
    const doc = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(512)]);
    const docx = zipOf(['[Content_Types].xml', 'word/document.xml']);
    const asDoc = await apply(
      multipart(await solved(), [{ name: 'cv.txt', type: 'text/plain', bytes: doc }]),
    );
    expect(asDoc.statusCode, asDoc.body).toBe(201);
    const asDocx = await apply(
      multipart(await solved(), [{ name: 'cv', type: 'application/zip', bytes: docx }]),
    );
    expect(asDocx.statusCode, asDocx.body).toBe(201);
    const [row] = await rowsOf(created.parse(asDocx.json()).data.id);
    expect(row?.data).toMatchObject({ cv: { file_name: 'cv.docx', content_type: CV_TYPES.docx } });
    expect(row?.data).not.toHaveProperty('page_id');
  });

  test('refused files: a PNG named .pdf, a ZIP without word/document.xml, an empty file, no file', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const cases = [
      [{ name: 'cv.pdf', type: 'application/pdf', bytes: png }],
      [{ name: 'cv.docx', type: CV_TYPES.docx, bytes: zipOf(['xl/workbook.xml']) }],
      [{ name: 'cv.pdf', type: 'application/pdf', bytes: new Uint8Array() }],
      [],
    ];
    for (const files of cases) {
      const res = await apply(multipart(await solved(), files));
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.json())).toEqual({ 'body.cv': MESSAGES.uploadFile });
    }
    expect(await t.database.db.select().from(submissionFiles)).toHaveLength(3);
  });

  test('a CV over 5 MB → 413 file too large; exactly 5 MB is fine', async () => {
    const exactly = new Uint8Array(CV_MAX_BYTES);
    exactly.set(pdf.subarray(0, 8));
    const fits = await apply(
      multipart(await solved(), [{ name: 'big.pdf', type: 'application/pdf', bytes: exactly }]),
    );
    expect(fits.statusCode, fits.body).toBe(201);
    const over = new Uint8Array(CV_MAX_BYTES + 1);
    over.set(pdf.subarray(0, 8));
    const res = await apply(
      multipart(await solved(), [{ name: 'big.pdf', type: 'application/pdf', bytes: over }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'file_too_large' });
    expect(errorsOf(res.json())).toEqual({ 'body.cv': MESSAGES.fileTooLarge });
  });

  test('field errors and the file error in one answer; JSON is refused with the file message', async () => {
    const res = await apply(multipart({ ...fields, email: 'nope', first_name: '', accept_terms: '' }, []));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.json())).toEqual({
      'body.email': MESSAGES.email,
      'body.first_name': MESSAGES.firstName,
      'body.accept_terms': MESSAGES.acceptTerms,
      'body.cv': MESSAGES.uploadFile,
    });
    const json = await post('application', { ...fields });
    expect(json.statusCode).toBe(400);
    expect(errorsOf(json.json())).toEqual({ 'body.cv': MESSAGES.uploadFile });
  });

  test('a closed or unknown job is 400 on page_id; bot check and honeypot as on every form', async () => {
    const file = [{ name: 'cv.pdf', type: 'application/pdf', bytes: pdf }];
    const unknown = await apply(multipart(await solved({ page_id: '999999' }), file));
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.json())).toHaveProperty('body.page_id');
    const noCheck = await apply(multipart(fields, file));
    expect(noCheck.statusCode).toBe(400);
    expect(noCheck.json()).toMatchObject({ status: 'bot_check_failed' });
    const email = 'honey.applicant@example.com';
    const honeypot = await apply(multipart(await solved({ email, website: 'x' }), file));
    expect(honeypot.statusCode).toBe(201);
    expect(await mailsTo(email)).toEqual([]);
  });

  test('malformed multipart and extra files never answer 5xx', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/application?${q()}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF-',
    });
    expect(broken.statusCode).toBe(400);
    const twoFiles = await apply(
      multipart(await solved(), [
        { name: 'a.pdf', type: 'application/pdf', bytes: pdf },
        { field: 'photo', name: 'b.pdf', type: 'application/pdf', bytes: pdf },
      ]),
    );
    expect(twoFiles.statusCode).toBeGreaterThanOrEqual(400);
    expect(twoFiles.statusCode).toBeLessThan(500);
  });
});

describe('other forms', () => {
  test('jobsite support: site, works period and surface; acknowledged with the 48-hour promise', async () => {
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
      duration_weeks: 6,
      surface: 'plasterboard',
      surface_m2: 450,
      products: 'Fine filler',
      message: 'Skim coat on 450 m² of new boards.',
    };
    expect((await postSolved('construction-starts', good)).statusCode).toBe(201);
    const [acknowledgement] = await mailsTo(good.email);
    expect(acknowledgement?.textBody).toContain('48 hours');
    expect(await mailsTo(STAFF.other)).not.toEqual([]);
    const bad = await post('construction-starts', {
      ...good,
      phone: '',
      company: ' ',
      site_town: '',
      site_postcode: 'nowhere',
      start_date: '01/03/2027',
      duration_weeks: 0,
      surface: 'glass',
      surface_m2: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.json())).toEqual({
      'body.phone': MESSAGES.required,
      'body.company': MESSAGES.companyName,
      'body.site_town': MESSAGES.city,
      'body.site_postcode': MESSAGES.postcode,
      'body.start_date': MESSAGES.period,
      'body.duration_weeks': MESSAGES.period,
      'body.surface': MESSAGES.required,
      'body.surface_m2': 'Please enter a value of 1 or more.',
    });
  });

  test('profile: no longer a form (sign-up is POST /auth/register); GET/PUT /profile are the customer’s', async () => {
    const signUp = await postSolved('profile', {
      first_name: 'Lee',
      last_name: 'Hart',
      email: 'lee@hart.example',
    });
    expect(signUp.statusCode).toBe(405);
    expect(signUp.json()).toMatchObject({ status: 'method_not_allowed' });
    expect(await t.database.db.select().from(submissions).where(eq(submissions.kind, 'profile'))).toEqual([]);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/profile?${q()}`,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode, `${method} /profile`).toBe(401);
      expect(res.json()).toMatchObject({ status: 'unauthorized', message: 'Please log in' });
    }
  });

  test('account-only calls answer 401 "Please log in" without a session, before the body is looked at', async () => {
    expect((await t.app.inject({ url: `/api/v1/address?${q()}` })).statusCode).toBe(401);
    const wishlist = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wishlist/send?${q()}`,
      payload: { email: 'a@b.example' },
    });
    expect(wishlist.statusCode).toBe(401);
    expect(wishlist.json()).toEqual({ status: 'unauthorized', message: 'Please log in' });
  });

  test('forms are rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++) statuses.push((await post('contact', {}, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await postSolved('contact', contact)).statusCode).toBe(201);
  });

  test('arbitrary bodies never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('contact', 'construction-starts', 'application'),
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
