/** The back-office's background jobs: each one's name, pace and handler. `app.ts` hands them to the runner. */
import { hourlyHousekeeping, minutelyHousekeeping, runHousekeeping } from '../flows/housekeeping.ts';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { writeResetLinks } from '../modules/customers/index.ts';
import { sendDueMail } from '../modules/mail/index.ts';
import type { Job } from './job.ts';

export type { Job, JobContext, JobLog } from './job.ts';
export { createJobRunner, type JobRunner } from './runner.ts';

/**
 * The mail outbox: what is due goes out within seconds even if no one nudges the job after queuing it. Its first
 * step writes the letters of queued forgotten-password requests (customers' `writeResetLinks`): done here rather
 * than in the request, a request for an address with an account takes as long as one for an address without.
 */
const mailOutbox: Job = {
  name: 'mail',
  intervalMs: 5_000,
  run: async ({ db, config, mailTransport, log }, signal) => {
    await writeResetLinks(db, config.mail);
    await sendDueMail({ db, transport: mailTransport, log }, signal);
  },
};

/** Expired carts, stale account rows, expired order access tokens (flows/housekeeping.ts). */
const housekeeping: Job = {
  name: 'housekeeping',
  intervalMs: HOUR_MS,
  run: ({ db, clock }) => runHousekeeping(hourlyHousekeeping, db, clock.now()),
};

/** Expired bot-check solutions: every minute, as the challenges used to sweep them. */
const botCheckHousekeeping: Job = {
  name: 'bot-check-housekeeping',
  intervalMs: 60_000,
  run: ({ db, clock }) => runHousekeeping(minutelyHousekeeping, db, clock.now()),
};

export const backOfficeJobs: readonly Job[] = [mailOutbox, housekeeping, botCheckHousekeeping];
