/**
 * What a background job is, apart from whatever runs it. Today the in-process runner (runner.ts) calls `run` on a
 * timer; a PostgreSQL job queue (graphile-worker, pg-boss) can later call the same handlers from a worker process,
 * so a handler knows nothing of timers, retries or queues: it gets the context, does one pass of its work and
 * returns. Several back-offices may run the same handler at once on one PostgreSQL database, so each handler is
 * safe under concurrency on its own (leases, conditional updates, `FOR UPDATE SKIP LOCKED`).
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { MailTransport } from '../modules/mail/index.ts';
import type { PaymentProvider } from '../modules/payments/index.ts';

/** The logger calls jobs make (Fastify's logger has them). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What every handler is given: one per process, shared by its jobs. */
export interface JobContext {
  db: Database;
  clock: Clock;
  log: JobLog;
  config: Config;
  mailTransport: MailTransport;
  /** The card payment provider (the reconciliation job asks it where payments stand). */
  payments: PaymentProvider;
  /** Asks for a run of another job soon (the mail job, once a handler queued mail). */
  nudge(name: string): void;
  /** `app.contentChanged`: after a job changed what the site shows (the schedule job), the storefront rebuilds. */
  contentChanged(): Promise<void>;
}

export interface Job {
  /** Unique among the jobs: how `nudge` and `runNow` name it, and how its log lines say which job failed. */
  name: string;
  /** How long after one run ends the next one starts. */
  intervalMs: number;
  /** The first run comes one interval after the runner starts, not at once (upkeep with nothing to do at boot). */
  waitFirst?: boolean;
  /**
   * One pass of the work. Throwing fails this pass only (the runner logs it; the next pass retries). `signal` is
   * aborted when the process is shutting down: a long pass stops at its next safe point.
   */
  run(context: JobContext, signal: AbortSignal): Promise<void>;
}
