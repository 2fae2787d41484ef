/**
 * The outbox's sending, run by the `mail` job (jobs/index.ts): sends queued mail one message at a time, and keeps
 * retrying a message that fails (with a growing delay) until it goes: mail is never dropped. Several back-office
 * processes may share one database: a message is claimed with a lease (a conditional update that skips rows
 * another worker has locked or leased), so no two workers send the same row. Times are the database's `now()`,
 * one clock for every process.
 */
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { mailAttachments, mailOutbox } from '../../db/schema.ts';
import type { MailLog, MailTransport, OutboxMail } from './transport.ts';

/** How long a claimed message is its worker's alone; the transport's timeouts end well before. */
const LEASE_SECONDS = 60;
const FIRST_RETRY_SECONDS = 15;
const MAX_RETRY_SECONDS = 60 * 60;
/** From this many failed attempts on, each failure is logged as an error: someone should look. */
const ALARM_ATTEMPTS = 10;

/** Delay before the next attempt after `attempts` failed ones: 15 s, 30 s, 1 min… at most an hour. */
const retryDelaySeconds = (attempts: number) =>
  Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** (attempts - 1));

/** What sending the outbox needs. */
export interface MailOutboxDeps {
  db: Database;
  transport: MailTransport;
  log: MailLog;
}

/**
 * The outbox job's handler: sends the messages due now, one at a time, until none is due. Stops after the message
 * in flight once `signal` is aborted (the rest wait for the next run). Rejects if the outbox cannot be read.
 */
export async function sendDueMail(deps: MailOutboxDeps, signal?: AbortSignal): Promise<void> {
  while (!signal?.aborted && (await sendNext(deps)));
}

/** Sends one due message; false when none is due. */
async function sendNext({ db, transport, log }: MailOutboxDeps): Promise<boolean> {
  const mail = await claim(db);
  if (!mail) return false;
  try {
    await transport.send(mail);
  } catch (error) {
    await markFailed(db, log, mail, error);
    return true;
  }
  await markSent(db, log, mail);
  return true;
}

/** Claims the first due message nobody holds: a row locked by another claim is skipped, not waited for. */
async function claim(db: Database): Promise<OutboxMail | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, due))
    .returning();
  if (!row) return undefined;
  const attachments = await db
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      content: mailAttachments.content,
    })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, row.id))
    .orderBy(asc(mailAttachments.id));
  return { ...row, attachments };
}

// Each claim raises `attempts`, so (id, attempts) names this claim: the updates below change the row only if no
// other worker claimed it since (after this lease ran out).
const ours = (mail: OutboxMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), isNull(mailOutbox.sentAt));

async function markSent(db: Database, log: MailLog, mail: OutboxMail) {
  const updated = await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null })
    .where(ours(mail))
    .returning({ id: mailOutbox.id });
  if (updated.length === 0) {
    log.warn(
      { mailId: mail.id, kind: mail.kind },
      'mail sent after its lease ran out: another worker may send it again (same Message-ID)',
    );
  }
}

async function markFailed(db: Database, log: MailLog, mail: OutboxMail, error: unknown) {
  const delay = retryDelaySeconds(mail.attempts);
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(mailOutbox)
    .set({
      lastError: message.slice(0, 2000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      lockedUntil: null,
    })
    .where(ours(mail));
  const details = {
    mailId: mail.id,
    kind: mail.kind,
    attempts: mail.attempts,
    retryInSeconds: delay,
    err: error,
  };
  if (mail.attempts >= ALARM_ATTEMPTS) log.error(details, 'mail still not sent; will retry');
  else log.warn(details, 'mail not sent; will retry');
}
