/** The back-office's background jobs: each one's name, pace and handler. `app.ts` hands them to the runner. */
import { sendDueMail } from '../modules/mail/index.ts';
import type { Job } from './job.ts';

export type { Job, JobContext, JobLog } from './job.ts';
export { createJobRunner, type JobRunner } from './runner.ts';

/** The mail outbox: what is due goes out within seconds even if no one nudges the job after queuing it. */
const mailOutbox: Job = {
  name: 'mail',
  intervalMs: 5_000,
  run: ({ db, mailTransport, log }, signal) => sendDueMail({ db, transport: mailTransport, log }, signal),
};

export const backOfficeJobs: readonly Job[] = [mailOutbox];
