/**
 * The mail outbox: what reaches a real SMTP server, retries with backoff, two workers sharing one outbox, leases,
 * and the .eml files written when no SMTP server is configured. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { enqueueMail, queueFormMails, type NewMail } from '../src/modules/mail/service.ts';
import { createMailTransport, type MailLog, type MailTransport } from '../src/modules/mail/transport.ts';
import { sendDueMail } from '../src/modules/mail/worker.ts';
import { backOfficeJobs, createJobRunner } from '../src/jobs/index.ts';
import { fakeClock, systemClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

const STAFF = 'contact.staff@plasterwick.co.uk';

const contact = {
  civility: 'ms',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.co.uk',
  subject: 'Stock question',
  message: 'Is the 10 kg tub of <b>fine filler</b> available in Preston?',
  accept_terms: true,
  audience: 'pro',
};

const mail = (n: number): NewMail => ({
  kind: 'test.message',
  to: `customer${n}@example.co.uk`,
  subject: `Message ${n}`,
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
  messageIdDomain: 'plasterwick.co.uk',
});

function captureLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) =>
    void lines.push({ level, details, message });
  const log: MailLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, log };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('through SMTP', () => {
  let t: TestApp;
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    const mailConfig = testConfig().mail;
    t = await createTestApp(
      { mail: { ...mailConfig, smtpUrl: capture.url, staffTo: { ...mailConfig.staffTo, contact: STAFF } } },
      { seed: false },
    );
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  test("a form's acknowledgement and staff notification arrive as queued", async () => {
    await t.app.db.transaction((tx) => queueFormMails(tx, t.app.config.mail, 'contact', contact));
    await t.app.mail.drain();
    const received = await capture.waitFor(2);
    const rows = await t.app.db.select().from(mailOutbox).orderBy(mailOutbox.id);

    const acknowledgement = received.find((m) => m.subject === 'We have received your message');
    const staff = received.find((m) => m.subject === 'Contact form: Stock question');
    if (!acknowledgement || !staff) throw new Error(`unexpected subjects: ${received.map((m) => m.subject)}`);
    for (const message of [acknowledgement, staff]) {
      expect(message.from?.value).toEqual([{ name: 'Plasterwick', address: 'no-reply@plasterwick.co.uk' }]);
    }
    expect(acknowledgement.to).toMatchObject({ text: 'alex.morgan@example.co.uk' });
    expect(acknowledgement.replyTo).toBeUndefined();
    expect(acknowledgement.text).toContain('reply to this address within one working day');
    expect(staff.html).toContain('&lt;b&gt;fine filler&lt;/b&gt;');
    expect(acknowledgement.messageId).toBe(rows.find((r) => r.kind === 'contact.acknowledgement')?.messageId);
    expect(acknowledgement.messageId).toMatch(/^<[0-9a-f]{32}@plasterwick\.co\.uk>$/);

    expect(staff.to).toMatchObject({ text: STAFF });
    expect(staff.replyTo?.value).toEqual([{ name: '', address: 'alex.morgan@example.co.uk' }]);
    expect(staff.text).toContain('Terms accepted: Yes');
    expect(staff.messageId).toBe(rows.find((r) => r.kind === 'contact.staff')?.messageId);

    expect(rows.map((r) => [r.attempts, r.sentAt !== null, r.lockedUntil])).toEqual([
      [1, true, null],
      [1, true, null],
    ]);
  });

  test('a line break in a subject or an address cannot add a header', async () => {
    capture.messages.length = 0;
    await enqueueMail(t.app.db, {
      ...mail(1),
      subject: 'Hello\r\nBcc: everyone@example.com',
      replyTo: 'alex@example.co.uk\r\nX-Injected: yes',
    });
    await t.app.mail.drain();
    const [received] = await capture.waitFor(1);
    expect(received?.subject).toBe('Hello Bcc: everyone@example.com');
    expect(received?.bcc).toBeUndefined();
    expect(received?.headers.has('x-injected')).toBe(false);
  });

  test('mail queued in a transaction that rolls back is never sent', async () => {
    const before = await t.app.db.select().from(mailOutbox);
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueFormMails(tx, t.app.config.mail, 'contact', contact);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});

describe('the mail job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    // These tests send the outbox themselves: the app's mail job would compete for the rows.
    await t.app.close();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
  });

  const db = () => t.database.db;
  const row = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  /** Seconds until the row's next attempt, by the database's clock. */
  const waitSeconds = async (id: number) => {
    const [result] = await db()
      .select({ wait: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float8` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    return Number(result?.wait);
  };
  const makeDue = (id: number) =>
    db()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));

  test('a failing message is retried with backoff until it goes, and sent once', async () => {
    const calls: string[] = [];
    let failures = 2;
    const flaky: MailTransport = {
      async send(message) {
        calls.push(message.messageId);
        if (failures-- > 0) throw new Error('421 Service not available');
      },
      close() {},
    };
    const { lines, log } = captureLog();
    const send = () => sendDueMail({ db: db(), transport: flaky, log });
    const { id, messageId } = await enqueueMail(db(), mail(1));

    await send();
    expect(calls).toHaveLength(1);
    expect(await row(id)).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
    expect((await row(id))?.lastError).toBe('421 Service not available');
    expect(await waitSeconds(id)).toBeGreaterThan(10);
    expect(await waitSeconds(id)).toBeLessThanOrEqual(15);

    // Not due yet: nothing is sent.
    await send();
    expect(calls).toHaveLength(1);

    await makeDue(id);
    await send();
    expect(calls).toHaveLength(2);
    expect(await row(id)).toMatchObject({ attempts: 2, sentAt: null });
    expect(await waitSeconds(id)).toBeGreaterThan(25);
    expect(await waitSeconds(id)).toBeLessThanOrEqual(30);

    await makeDue(id);
    await send();
    expect(calls).toEqual([messageId, messageId, messageId]);
    expect(await row(id)).toMatchObject({ attempts: 3, lockedUntil: null });
    expect((await row(id))?.sentAt).toBeInstanceOf(Date);

    await makeDue(id);
    await send();
    expect(calls).toHaveLength(3);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
    expect(lines[0]?.details).toMatchObject({ mailId: id, attempts: 1, retryInSeconds: 15 });
  });

  test('two back-offices sending one outbox send each message exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second back-office process would.
    const second = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: t.app.config.databaseUrl, dataMigrations: dataMigrationList })
      : undefined;
    try {
      const queued = [];
      for (let n = 0; n < 40; n += 1) queued.push((await enqueueMail(db(), mail(n))).messageId);
      const sent: { worker: string; messageId: string }[] = [];
      const transport = (worker: string): MailTransport => ({
        async send(message) {
          await sleep(Math.random() * 4);
          sent.push({ worker, messageId: message.messageId });
        },
        close() {},
      });
      const { log } = captureLog();
      const a = { db: db(), transport: transport('a'), log };
      const b = { db: second?.db ?? db(), transport: transport('b'), log };

      await Promise.all([sendDueMail(a), sendDueMail(b), sendDueMail(a), sendDueMail(b)]);

      expect(sent.map((s) => s.messageId).sort()).toEqual([...queued].sort());
      const rows = await db().select().from(mailOutbox);
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    } finally {
      await second?.close();
    }
  });

  test('a message leased by a worker is left alone until the lease runs out', async () => {
    const sent: number[] = [];
    const transport: MailTransport = { send: async (message) => void sent.push(message.id), close() {} };
    const send = () => sendDueMail({ db: db(), transport, log: captureLog().log });
    const { id } = await enqueueMail(db(), mail(1));
    // A worker claimed it and is still sending (or died mid-send): its lease has 30 s left.
    await db()
      .update(mailOutbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(mailOutbox.id, id));

    await send();
    expect(sent).toEqual([]);

    await db()
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    await send();
    expect(sent).toEqual([id]);
    expect(await row(id)).toMatchObject({ attempts: 2, lockedUntil: null });
  });

  test('stopping the jobs waits for the message in flight and leaves the rest queued', async () => {
    let finish = () => {};
    const done: number[] = [];
    const transport: MailTransport = {
      async send(message) {
        await new Promise<void>((resolve) => (finish = resolve));
        done.push(message.id);
      },
      close() {},
    };
    const mailJob = backOfficeJobs(testConfig()).filter((job) => job.name === 'mail');
    const runner = createJobRunner(mailJob, {
      db: db(),
      clock: systemClock,
      log: captureLog().log,
      config: testConfig(),
      mailTransport: transport,
      payments: t.app.payments,
      nudge: () => {},
      contentChanged: async () => {},
    });
    const { id } = await enqueueMail(db(), mail(1));
    await enqueueMail(db(), mail(2));
    runner.start();
    while (!(await row(id))?.lockedUntil) await sleep(5);

    const stopped = runner.stop();
    finish();
    await stopped;
    expect(done).toEqual([id]);
    expect((await row(id))?.sentAt).toBeInstanceOf(Date);
    // The next message stays queued for the next start.
    const rows = await db().select().from(mailOutbox);
    expect(rows.filter((r) => r.sentAt === null)).toHaveLength(1);
  });

  test('without SMTP_URL each message is written as an .eml file and its subject logged', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plasterwick-mail-'));
    try {
      const { lines, log } = captureLog();
      const clock = fakeClock(new Date('2027-03-01T09:00:00.250Z'));
      const transport = createMailTransport({ mail: testConfig().mail, dataDir }, log, clock);
      await queueFormMails(db(), testConfig().mail, 'contact', contact);
      await sendDueMail({ db: db(), transport, log });
      transport.close();

      const files = (await readdir(path.join(dataDir, 'mail'))).sort();
      expect(files).toHaveLength(2);
      const acknowledgementFile = files.find((name) => name.endsWith('-contact.acknowledgement.eml'));
      // Named by the app's clock: the time it was sent, then its outbox id and kind.
      expect(acknowledgementFile).toMatch(/^2027-03-01T09-00-00-250Z-\d+-contact\.acknowledgement\.eml$/);
      const file = path.join(dataDir, 'mail', acknowledgementFile ?? '');
      const parsed = await simpleParser(await readFile(file));
      expect(parsed.subject).toBe('We have received your message');
      expect(parsed.from?.value).toEqual([{ name: 'Plasterwick', address: 'no-reply@plasterwick.co.uk' }]);
      expect(parsed.to).toMatchObject({ text: 'alex.morgan@example.co.uk' });
      expect(parsed.text).toContain('9am to 5pm, Monday to Friday');
      expect(parsed.messageId).toMatch(/@plasterwick\.co\.uk>$/);

      const logged = lines.find((line) => line.level === 'info' && line.message.includes(file));
      expect(logged?.message).toContain('"We have received your message"');
      const rows = await db().select().from(mailOutbox);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
