/**
 * The mailer adapter the worker sends through. `SMTP_URL` set: nodemailer's SMTP transport. Unset: each message is
 * written as an `.eml` file under `DATA_DIR/mail/` and its subject logged, so a shop running without a mail server
 * still shows what it would have sent (any mail client opens the file).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { mailAttachments, mailOutbox } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

/** An outbox row, as the worker claimed it, with its attachments. */
export type OutboxMail = typeof mailOutbox.$inferSelect & {
  attachments: Pick<typeof mailAttachments.$inferSelect, 'filename' | 'contentType' | 'content'>[];
};

/** The logger calls mail makes (Fastify's logger has them). */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailTransport {
  /** Hands one message over; throws when it was not accepted. */
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

/** The From of every message: `MAIL_FROM`, named "Plasterwick" when it is a bare address. */
const sender = (from: string) => (from.includes('<') ? from : `Plasterwick <${from.trim()}>`);

const messageOf = (mail: OutboxMail) => ({
  to: mail.recipient,
  replyTo: mail.replyTo ?? undefined,
  subject: mail.subject,
  text: mail.textBody,
  html: mail.htmlBody,
  messageId: mail.messageId,
  attachments: mail.attachments.map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    content: Buffer.from(content),
  })),
});

// Well inside the worker's 60-second lease: a server that stalls must not keep a message until another worker
// may claim it again.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** `clock` stamps the names of the `.eml` files. */
export function createMailTransport(
  config: Pick<Config, 'mail' | 'dataDir'>,
  log: MailLog,
  clock: Clock,
): MailTransport {
  const defaults = { from: sender(config.mail.from) };

  if (config.mail.smtpUrl) {
    const smtp = createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS }, defaults);
    return {
      async send(mail) {
        const info = await smtp.sendMail(messageOf(mail));
        // Some recipients accepted: sending again would repeat the message to them, so it counts as sent.
        if (info.rejected.length > 0) {
          log.warn({ mailId: mail.id, rejected: info.rejected }, 'mail server refused some recipients');
        }
      },
      close: () => smtp.close(),
    };
  }

  const directory = path.join(config.dataDir, 'mail');
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, defaults);
  return {
    async send(mail) {
      const { message } = await composer.sendMail(messageOf(mail));
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(directory, `${stamp}-${mail.id}-${mail.kind.replace(/[^\w.-]/g, '_')}.eml`);
      await mkdir(directory, { recursive: true });
      await writeFile(file, message as Buffer);
      log.info({ mailId: mail.id, file }, `SMTP_URL is not set: mail "${mail.subject}" written to ${file}`);
    },
    close: () => composer.close(),
  };
}
