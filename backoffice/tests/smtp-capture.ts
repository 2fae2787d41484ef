/**
 * An SMTP server in the test process that keeps every message it receives, parsed: point `SMTP_URL` at its `url`
 * and assert on what was really sent. Plain SMTP on 127.0.0.1 (no TLS), any login or none accepted.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** `smtp://127.0.0.1:{port}`. */
  url: string;
  port: number;
  /** Every message received so far, in order of arrival. */
  messages: ParsedMail[];
  /** Resolves with the messages once `count` have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** `onMessage` sees each message as it arrives (the e2e run writes them where its test processes read them). */
export async function startSmtpCapture(
  options: { onMessage?: (mail: ParsedMail) => void } = {},
): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const arrivals = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Without STARTTLS on offer nodemailer stays on plain text, so no certificate is needed.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          options.onMessage?.(mail);
          for (const arrived of arrivals) arrived();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          arrivals.delete(check);
          clearTimeout(timer);
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          arrivals.delete(check);
          reject(new Error(`expected ${count} messages, received ${messages.length}`));
        }, timeoutMs);
        arrivals.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
