/**
 * The staff inbox (issue 24, docs/api-contract.md "Staff: inbox"): handling status, assignee and notes from a
 * version (409 when stale), a reply e-mailed to the address the visitor typed that quotes nothing they wrote, the
 * retention date of each kind, the retention job on a moved clock (an expired application goes with its CV, a
 * fresh one stays, one of a still-published vacancy waits for it to close), the training sessions and the CSV for
 * the trainer (formula-safe), and who may call what (applications are recruitment's: 403 for customer service).
 */
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditEvents,
  contentEntries,
  mailOutbox,
  submissionFiles,
  submissions,
  trainingSessions,
} from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { inboxItem, inboxPage, listAnswer } from '../src/modules/forms/inbox-schemas.ts';
import { addMonths } from '../src/modules/forms/retention.ts';
import { unansweredMessages } from '../src/modules/forms/index.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, setUpOwner, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-03-01T10:00:00Z'));
let t: TestApp;
let owner: StaffPerson;
let service: StaffPerson;
let recruiter: StaffPerson;
let jobId: number;
let sessionId: number;
const ids = { contact: 0, jobsite: 0, applied: 0, spontaneous: 0, training: 0 };
let receivedAt: Date;

const pageOf = z.object({ data: inboxPage });
const listOf = listAnswer(inboxItem);

let ip = 0;
const remoteAddress = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function postForm(path: string, payload: Record<string, unknown>) {
  const address = remoteAddress();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}?${q()}`,
    payload: { ...payload, bot_check: await solvedBotCheck(t.app, address) },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function apply(fields: Record<string, string>, pdf: Uint8Array) {
  const address = remoteAddress();
  const all = { ...fields, bot_check: await solvedBotCheck(t.app, address) };
  const boundary = '----plasterwickinbox';
  const chunks = Object.entries(all).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.from(pdf),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/application?${q()}`,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

function call(person: StaffPerson | 'key', method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: person === 'key' ? keyHeaders : consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

const contact = {
  civility: 'ms',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.inbox@example.co.uk',
  subject: 'Click https://evil.example/login now',
  message: 'Visit https://evil.example/login and type your bank details',
  accept_terms: true,
};

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  owner = await setUpOwner(t.app, clock);
  service = await inviteAndEnrol(t.app, clock, 'customer_service');
  recruiter = await inviteAndEnrol(t.app, clock, 'recruitment');
  const [job] = await t.database.db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.type, 'job'), eq(contentEntries.status, 'published')))
    .limit(1);
  jobId = job!.id;
  const [session] = await t.database.db
    .insert(trainingSessions)
    .values({
      siteId: SITE_ID,
      title: 'Inbox: fine filling',
      location: 'Leeds',
      startsOn: new Date(clock.now().getTime() + 40 * 86_400_000),
      places: 12,
      minParticipants: 3,
      maxParticipants: 5,
    })
    .returning();
  sessionId = session!.id;
  const document = await PDFDocument.create();
  document.addPage().drawText('Jo Reed: curriculum vitae');
  const pdf = await document.save();

  receivedAt = clock.now();
  ids.contact = await postForm('contact', contact);
  ids.jobsite = await postForm('construction-starts', {
    ...contact,
    email: 'site.manager@example.co.uk',
    phone: '0161 496 0000',
    company: 'Morgan Builders',
    site_postcode: 'M1 1AE',
    site_town: 'Manchester',
    start_date: '2027-04-01',
    duration_weeks: 6,
    surface: 'plaster',
    message: 'Twelve flats to fill',
  });
  ids.training = await postForm('training-registration', {
    session_id: sessionId,
    company: '=HYPERLINK("https://evil.example")',
    company_number: '73282932000074',
    contact_name: 'Rhys Jones',
    email: 'rhys@jones-plastering.example',
    phone: '029 2018 0000',
    participants: ['Ann', 'Ben', 'Cai'].map((first_name) => ({
      first_name,
      last_name: 'Jones',
      function: 'Plasterer',
    })),
  });
  const fields = {
    first_name: 'Jo',
    last_name: 'Reed',
    email: 'jo.reed@example.com',
    phone: '07700 900456',
    accept_terms: 'true',
  };
  ids.applied = await apply({ ...fields, page_id: String(jobId) }, pdf);
  ids.spontaneous = await apply({ ...fields, page_id: '' }, pdf);
});
afterAll(() => t.close());

describe('retention dates', () => {
  it('job applications 12 months after receipt (their vacancy open then), other messages 2 years', async () => {
    const rows = await t.database.db.select().from(submissions);
    const byId = new Map(rows.map((row) => [row.id, row.retainUntil.toISOString()]));
    const twoYears = addMonths(receivedAt, 24).toISOString();
    const oneYear = addMonths(receivedAt, 12).toISOString();
    expect(byId.get(ids.contact)).toBe(twoYears);
    expect(byId.get(ids.jobsite)).toBe(twoYears);
    expect(byId.get(ids.training)).toBe(twoYears);
    expect(byId.get(ids.applied)).toBe(oneYear);
    expect(byId.get(ids.spontaneous)).toBe(oneYear);
    expect(addMonths(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
});

describe('the inbox', () => {
  it('lists contact and jobsite messages with the 48 hours of a jobsite request; unanswered counted', async () => {
    const res = await call(service, 'GET', '/staff/inbox');
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = listOf.parse(res.json()).data;
    expect(total).toBe(2);
    const jobsite = items.find((item) => item.id === ids.jobsite)!;
    expect(jobsite).toMatchObject({ kind: 'construction-starts', status: 'new', assignee: null });
    expect(Date.parse(jobsite.respond_by!) - Date.parse(jobsite.created_at)).toBe(48 * 3600_000);
    expect(items.find((item) => item.id === ids.contact)).toMatchObject({
      kind: 'contact',
      respond_by: null,
      email: contact.email,
      name: 'Alex Morgan',
    });
    const contacts = listOf.parse((await call(service, 'GET', '/staff/inbox?kind=contact')).json()).data;
    expect(contacts.items.map((item) => item.id)).toEqual([ids.contact]);
    expect(await unansweredMessages(t.app.db, SITE_ID)).toBe(2);
  });

  it('assign to me, in progress, a note, a stale version is 409 and changes nothing', async () => {
    const assigned = await call(service, 'PATCH', `/staff/inbox/${ids.contact}`, {
      version: 1,
      assignee_id: service.id,
      status: 'in_progress',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(pageOf.parse(assigned.json()).data).toMatchObject({
      status: 'in_progress',
      assignee: { id: service.id, name: 'customer_service person' },
      version: 2,
    });
    const mine = listOf.parse((await call(service, 'GET', '/staff/inbox?assignee=me')).json()).data;
    expect(mine.items.map((item) => item.id)).toEqual([ids.contact]);
    const nobody = listOf.parse((await call(service, 'GET', '/staff/inbox?assignee=none')).json()).data;
    expect(nobody.items.map((item) => item.id)).toEqual([ids.jobsite]);

    const stale = await call(service, 'PATCH', `/staff/inbox/${ids.contact}`, { version: 1, status: 'done' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict' });
    // Someone else: anyone whose role reads the inbox (not recruitment).
    const people = await call(service, 'GET', '/staff/inbox/assignees');
    expect(people.statusCode, people.body).toBe(200);
    const names = (people.json().data.items as { id: number }[]).map((person) => person.id).sort();
    expect(names).toEqual([owner.id, service.id].sort());
    const applicationPeople = await call(recruiter, 'GET', '/staff/applications/assignees');
    expect((applicationPeople.json().data.items as { id: number }[]).map((p) => p.id).sort()).toEqual(
      [owner.id, recruiter.id].sort(),
    );
    const unknownPerson = await call(service, 'PATCH', `/staff/inbox/${ids.contact}`, {
      version: 2,
      assignee_id: 999_999,
    });
    expect(unknownPerson.statusCode).toBe(400);

    const noted = await call(service, 'POST', `/staff/inbox/${ids.contact}/notes`, { body: 'Rang her back' });
    expect(noted.statusCode, noted.body).toBe(201);
    const page = pageOf.parse((await call(service, 'GET', `/staff/inbox/${ids.contact}`)).json()).data;
    expect(page.notes).toMatchObject([
      { kind: 'note', body: 'Rang her back', staff_name: 'customer_service person' },
    ]);
    expect(page.version).toBe(3);
    expect(page.data.message).toBe(contact.message);
    // An application is not in the inbox.
    expect((await call(service, 'GET', `/staff/inbox/${ids.applied}`)).statusCode).toBe(404);
  });

  it('a reply goes to the typed address, quotes nothing the visitor wrote, is on the timeline and audited', async () => {
    const replied = await call(service, 'POST', `/staff/inbox/${ids.contact}/reply`, {
      subject: 'Your question about stock',
      body: 'The 10 kg tub is in stock in Preston.\n\nKind regards',
    });
    expect(replied.statusCode, replied.body).toBe(202);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, contact.email), eq(mailOutbox.kind, 'contact.reply')));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Your question about stock');
    expect(mail!.replyTo).toBe(t.app.config.mail.staffTo.contact);
    expect(mail!.textBody).toMatch(/^Dear Ms Morgan,\n\nThe 10 kg tub is in stock in Preston\./);
    for (const typed of [contact.message, contact.subject, 'evil.example']) {
      expect(mail!.textBody).not.toContain(typed);
      expect(mail!.htmlBody).not.toContain(typed);
    }
    const done = await call(service, 'PATCH', `/staff/inbox/${ids.contact}`, { version: 4, status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const page = pageOf.parse(done.json()).data;
    expect(page.notes.map((note) => note.kind)).toEqual(['note', 'reply']);
    expect(page.status).toBe('done');
    const audited = await t.database.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'submission'), eq(auditEvents.entityId, String(ids.contact))));
    expect(audited.map((event) => event.action)).toEqual([
      'submission.update',
      'submission.note',
      'submission.reply',
      'submission.update',
    ]);
    expect(audited.every((event) => event.actorId === service.id)).toBe(true);
    expect(await unansweredMessages(t.app.db, SITE_ID)).toBe(1);
  });
});

describe('job applications', () => {
  it('are recruitment’s: 403 for customer service on the list, the page and the CV', async () => {
    for (const path of [
      '/staff/applications',
      `/staff/applications/${ids.applied}`,
      `/staff/applications/${ids.applied}/cv`,
    ]) {
      expect((await call(service, 'GET', path)).statusCode, path).toBe(403);
    }
    const list = listOf.parse((await call(recruiter, 'GET', '/staff/applications')).json()).data;
    expect(list.items.map((item) => item.id).sort()).toEqual([ids.applied, ids.spontaneous].sort());
    expect(list.items.find((item) => item.id === ids.spontaneous)?.summary).toBe('Spontaneous application');
    expect((await call(recruiter, 'GET', '/staff/inbox')).statusCode).toBe(403);
  });

  it('the CV viewed inline and downloaded, each access audited', async () => {
    const page = pageOf.parse(
      (await call(recruiter, 'GET', `/staff/applications/${ids.applied}`)).json(),
    ).data;
    expect(page.cv).toMatchObject({ file_name: 'cv.pdf', content_type: 'application/pdf' });
    const inline = await call(recruiter, 'GET', `/staff/applications/${ids.applied}/cv?disposition=inline`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="cv.pdf"/);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await call(recruiter, 'GET', `/staff/applications/${ids.applied}/cv`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const events = await t.database.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'application'), eq(auditEvents.entityId, String(ids.applied))));
    expect(events).toEqual([
      { action: 'application.cv_view', actorId: recruiter.id },
      { action: 'application.cv_download', actorId: recruiter.id },
    ]);
  });
});

describe('training registrations', () => {
  it('sessions with places left and participants; the CSV for the trainer, formula-safe', async () => {
    const res = await call(service, 'GET', '/staff/training-sessions');
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data.items.find((s: { id: number }) => s.id === sessionId);
    expect(session).toMatchObject({ places: 12, places_left: 9, participants: 3, registrations: 1 });
    const list = listOf.parse(
      (await call(service, 'GET', `/staff/training-registrations?session_id=${sessionId}`)).json(),
    ).data;
    expect(list.items.map((item) => item.id)).toEqual([ids.training]);
    const csv = await call(service, 'GET', `/staff/training-sessions/${sessionId}/participants.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'first_name,last_name,function,participant_email,company,contact_name,contact_email,contact_phone,registration_id',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Ann,Jones,Plasterer,,"'=HYPERLINK\(""https:\/\/evil.example""\)",Rhys Jones,/);
    expect((await call(recruiter, 'GET', '/staff/training-sessions')).statusCode).toBe(403);
  });
});

describe('the retention job', () => {
  const exists = async (id: number) =>
    (await t.database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id)))
      .length === 1;
  const cvRows = async (id: number) =>
    (await t.database.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, id))).length;

  it('deletes an expired application and its CV, keeps a fresh one and one whose vacancy is still open', async () => {
    expect(await cvRows(ids.spontaneous)).toBe(1);
    clock.advance(370 * 86_400_000);
    const fresh = await postForm('contact', { ...contact, email: 'fresh@example.co.uk' });
    await t.app.jobs.runNow('retention');
    expect(await exists(ids.spontaneous)).toBe(false);
    expect(await cvRows(ids.spontaneous)).toBe(0);
    expect((await call('key', 'GET', `/staff/applications/${ids.spontaneous}/cv`)).statusCode).toBe(404);
    // Its vacancy is still published: kept, 12 months from now.
    expect(await exists(ids.applied)).toBe(true);
    expect(await exists(ids.contact)).toBe(true);
    expect(await exists(fresh)).toBe(true);

    // The vacancy closes; 12 months later the application goes.
    await t.database.db.update(contentEntries).set({ status: 'draft' }).where(eq(contentEntries.id, jobId));
    clock.advance(370 * 86_400_000);
    await t.app.jobs.runNow('retention');
    expect(await exists(ids.applied)).toBe(false);
    expect(await cvRows(ids.applied)).toBe(0);
    // Two years after receipt, the messages go too; the one received a year later stays.
    expect(await exists(ids.contact)).toBe(false);
    expect(await exists(fresh)).toBe(true);
  });
});
