/**
 * The e-mails the back-office sent during the e2e run: global setup catches them with an SMTP server and writes
 * each as a JSON file under `e2e.mailDir` (the console's run: under its own folder); specs wait for the ones sent
 * to an address.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from '../../../backoffice/tests/smtp-capture.ts';
import { e2e } from './harness.ts';

export interface CapturedMail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
}

const addresses = (value: ParsedMail['to'] | ParsedMail['replyTo']): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => (entry.address ?? '').toLowerCase()),
  );

export function capturedMail(mail: ParsedMail): CapturedMail {
  return {
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/**
 * An SMTP server for a run's back-office that writes each message it receives into `dir` (emptied first), one
 * JSON file each: the specs run in other processes.
 */
export async function captureMailInto(dir: string): Promise<SmtpCapture> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let received = 0;
  return startSmtpCapture({
    onMessage: (mail) => {
      const file = path.join(dir, `${String(++received).padStart(5, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(capturedMail(mail)));
      renameSync(`${file}.part`, file);
    },
  });
}

function readAll(dir = e2e.mailDir): CapturedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

/**
 * Waits until `count` messages to `address` have arrived (the back-office's outbox sends within moments of the
 * submission) and returns them; fails with what did arrive after `timeoutMs`. `dir`: another run's mail (the
 * console's).
 */
export async function mailsTo(
  address: string,
  count = 1,
  timeoutMs = 15_000,
  dir = e2e.mailDir,
): Promise<CapturedMail[]> {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readAll(dir).filter((mail) => mail.to.includes(wanted));
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} e-mail(s) to ${address}, found ${found.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Staff notifications that name `visitor` (their Reply-To is the visitor). */
export async function staffMailsAbout(visitor: string, timeoutMs = 15_000): Promise<CapturedMail[]> {
  const wanted = visitor.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readAll().filter((mail) => mail.replyTo.includes(wanted));
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
