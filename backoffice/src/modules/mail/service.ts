/**
 * Queuing e-mail: a message is a row of the outbox, written with the same executor (the database or the caller's
 * transaction) as the change it reports, so it exists exactly when that change was committed. The worker sends it.
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/types.ts';
import { mailAttachments, mailOutbox } from '../../db/schema.ts';
import type { MailConfig, MailForm } from '../../config.ts';
import { formMails, type FormMailDetails, type MailContent } from './templates.ts';

export interface NewMail extends MailContent {
  /** What the message is, for logs and tests: `contact.acknowledgement`, `contact.staff`… */
  kind: string;
  /** A bare address (or a comma-separated list of them for staff), never a display name built from input. */
  to: string;
  replyTo?: string;
  /** The domain the Message-ID is made on: the sender's (see `senderDomain`). */
  messageIdDomain: string;
  /** The order the message is about: staff see it on the order's page. */
  orderId?: number;
  /** Files sent with it (a VAT invoice, a credit note), stored now so every attempt sends the same bytes. */
  attachments?: MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** The domain of `MAIL_FROM` ("Plasterwick <no-reply@plasterwick.co.uk>" → "plasterwick.co.uk"). */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return /^[a-z0-9.-]+$/i.test(domain) && domain.includes('.') ? domain.toLowerCase() : 'plasterwick.local';
}

/** Control characters (CR and LF above all) would let a value end its header and start another. */
const oneLine = (value: string) =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** Queues one message; its Message-ID is fixed now, so every attempt to send it is the same message. */
export async function enqueueMail(
  executor: Executor,
  mail: NewMail,
): Promise<{ id: number; messageId: string }> {
  const messageId = `<${randomBytes(16).toString('hex')}@${mail.messageIdDomain}>`;
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: oneLine(mail.to),
      replyTo: mail.replyTo === undefined ? null : oneLine(mail.replyTo),
      subject: oneLine(mail.subject),
      textBody: mail.text,
      htmlBody: mail.html,
      messageId,
      orderId: mail.orderId ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('insert returned no row');
  if (mail.attachments?.length) {
    await executor.insert(mailAttachments).values(
      mail.attachments.map((attachment) => ({
        mailId: row.id,
        filename: oneLine(attachment.filename),
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content),
      })),
    );
  }
  return { id: row.id, messageId };
}

/**
 * Queues a form's two messages: the acknowledgement to the visitor (`data.email`) and the notification to the
 * form's staff address, which replies to the visitor. Call it in the transaction that stores the submission.
 */
export async function queueFormMails(
  executor: Executor,
  mailConfig: MailConfig,
  form: MailForm,
  data: Record<string, unknown>,
  details: FormMailDetails = {},
): Promise<void> {
  const visitor = data.email;
  if (typeof visitor !== 'string') throw new Error(`${form} data has no email to acknowledge`);
  const { acknowledgement, staff } = formMails(form, data, details, mailConfig.siteUrl);
  const messageIdDomain = senderDomain(mailConfig.from);
  await enqueueMail(executor, {
    kind: `${form}.acknowledgement`,
    to: visitor,
    ...acknowledgement,
    messageIdDomain,
  });
  await enqueueMail(executor, {
    kind: `${form}.staff`,
    to: mailConfig.staffTo[form],
    replyTo: visitor,
    ...staff,
    messageIdDomain,
  });
}
