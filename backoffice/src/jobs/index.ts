/** The back-office's background jobs: each one's name, pace and handler. `app.ts` hands them to the runner. */
import { vacuumEmbedded } from '../db/maintenance.ts';
import { hourlyHousekeeping, minutelyHousekeeping, runHousekeeping } from '../flows/housekeeping.ts';
import { reconcilePayments } from '../flows/reconcile-payments.ts';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { writeResetLinks } from '../modules/customers/index.ts';
import { fireDueSchedules } from '../modules/content/index.ts';
import { applyRetention } from '../modules/forms/index.ts';
import type { Config } from '../config.ts';
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

/** Expired bot-check solutions and ended rate-limit windows: every minute (flows/housekeeping.ts). */
const botCheckHousekeeping: Job = {
  name: 'bot-check-housekeeping',
  intervalMs: 60_000,
  run: ({ db, clock }) => runHousekeeping(minutelyHousekeeping, db, clock.now()),
};

/**
 * Card attempts left open `PAYMENT_RECONCILE_AFTER_SECONDS` (an answer lost, a back-office killed mid-payment, a
 * 3-D Secure never finished) are settled with the provider, every `PAYMENT_RECONCILE_EVERY_SECONDS`
 * (flows/reconcile-payments.ts).
 */
const paymentReconciliation = (config: Config): Job => ({
  name: 'payment-reconciliation',
  intervalMs: config.payment.reconcileEverySeconds * 1000,
  run: async ({ db, clock, log, payments, nudge }, signal) => {
    await reconcilePayments(
      {
        db,
        clock,
        log,
        mail: config.mail,
        provider: payments,
        nudgeMail: () => nudge('mail'),
        reconcileAfterSeconds: config.payment.reconcileAfterSeconds,
      },
      signal,
    );
  },
});

/** PGlite has no autovacuum worker: the embedded database is vacuumed and analysed hourly (db/maintenance.ts). */
const embeddedVacuum: Job = {
  name: 'embedded-vacuum',
  intervalMs: HOUR_MS,
  // Nothing to reclaim right after a start; every test app would pay for it.
  waitFirst: true,
  run: ({ db }) => vacuumEmbedded(db),
};

/**
 * Retention (docs/security.md "Retention"): submissions past their `retain_until` are deleted with their CVs and
 * notes, hourly by the job's clock; applications of a vacancy still published keep 12 months from now first.
 */
const retention: Job = {
  name: 'retention',
  intervalMs: HOUR_MS,
  // Nothing is due right after a start; every test app would pay for it.
  waitFirst: true,
  run: async ({ db, clock, log }) => {
    const { extended, deleted } = await applyRetention(db, clock.now());
    log.info({ job: 'retention', deleted, extended }, `retention: ${deleted} submission(s) deleted`);
  },
};

/**
 * Scheduled publications and unpublications of pages, folders and FAQ entries (issue 26), every
 * `SCHEDULE_CHECK_SECONDS`, whether or not anyone is signed in: each fires by a conditional update (several
 * back-offices may run it), audited with the job as the actor; then the content version moves.
 */
const contentSchedule = (config: Config): Job => ({
  name: 'content-schedule',
  intervalMs: config.scheduleCheckSeconds * 1000,
  run: async ({ db, clock, log, contentChanged }) => {
    const fired = await fireDueSchedules({ db, clock, contentChanged });
    if (fired.published + fired.unpublished > 0) {
      log.info(
        { job: 'content-schedule', ...fired },
        `content-schedule: ${fired.published} published, ${fired.unpublished} unpublished`,
      );
    }
  },
});

/** The jobs of a back-office with this configuration. */
export const backOfficeJobs = (config: Config): readonly Job[] => [
  mailOutbox,
  housekeeping,
  botCheckHousekeeping,
  paymentReconciliation(config),
  retention,
  contentSchedule(config),
  // A PostgreSQL server (DATABASE_URL) vacuums itself.
  ...(config.databaseUrl ? [] : [embeddedVacuum]),
];
