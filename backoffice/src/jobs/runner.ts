/**
 * The in-process job runner: each job runs once when the runner starts, then `intervalMs` after each run ends.
 * A job never runs twice at once in this process (a request made during a run is served by one more run after
 * it), a failed run is logged and the next tick tries again (the process never ends for a job's error: a database
 * restart fails runs for a few seconds, that is all), and stopping waits for the runs in flight. Across
 * processes nothing is coordinated here: the handlers are safe to run concurrently (jobs/job.ts).
 */
import { outsideRequests } from '@plasterwick/shop-rules/request-scope';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Job, JobContext } from './job.ts';

export interface JobRunner {
  /** Runs every job now, then each at its interval. */
  start(): void;
  /** No new runs; resolves once the runs in flight have ended (their `signal` is aborted so they end soon). */
  stop(): Promise<void>;
  /** Runs the job soon, after its run in flight if there is one: something for it to do was just committed. */
  nudge(name: string): void;
  /** Runs the job (after its run in flight) and resolves when that run ends; rejects with its error (tests). */
  runNow(name: string): Promise<void>;
}

/** One job's runs: at most one in flight, at most one waiting behind it. */
interface Lane {
  request(): Promise<void>;
  /** The first run: now, or one interval from now for a job that waits first. */
  begin(): void;
  settled(): Promise<void>;
  cancelTimer(): void;
}

const ignore = () => {};

/**
 * Runs work outside any request (made at load, when none is served): a run a request nudges is not that request's,
 * nor are the runs its timers start, so their log lines carry no request id.
 */
const detached = outsideRequests();
/** A failed run: logged, and the next run retries. The database away (restarting) is expected to pass: a warning. */
function logFailure(context: JobContext, job: Job, error: unknown) {
  if (isDatabaseUnavailable(error)) {
    context.log.warn(
      { err: error, job: job.name },
      `job ${job.name}: database unavailable; the next run retries`,
    );
  } else {
    context.log.error({ err: error, job: job.name }, `job ${job.name} failed; the next run retries`);
  }
}

export function createJobRunner(jobs: readonly Job[], context: JobContext): JobRunner {
  const stopping = new AbortController();
  let started = false;

  function lane(job: Job): Lane {
    // `inFlight` never rejects (the failure is logged); the caller that asked for the run gets its error.
    let inFlight: Promise<void> | undefined;
    let waiting: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;

    function scheduleNext() {
      clearTimeout(timer);
      if (!started || stopping.signal.aborted || waiting) return;
      timer = setTimeout(() => request().catch(ignore), job.intervalMs);
      // The timer alone never keeps the process alive: the server (or a test) decides when it ends.
      timer.unref();
    }

    function launch(): Promise<void> {
      clearTimeout(timer);
      if (stopping.signal.aborted)
        return Promise.reject(new Error(`job ${job.name}: the runner has stopped`));
      const run = Promise.resolve().then(() => job.run(context, stopping.signal));
      inFlight = run
        .catch((error: unknown) => logFailure(context, job, error))
        .finally(() => {
          inFlight = undefined;
          scheduleNext();
        });
      return run;
    }

    // A run that waits behind the one in flight has not started, so it will see everything due when it does:
    // a second request while it waits shares it rather than queuing another.
    function request(): Promise<void> {
      if (waiting) return waiting;
      if (!inFlight) return launch();
      waiting = inFlight.then(() => {
        waiting = undefined;
        return launch();
      });
      return waiting;
    }

    const settled = async () => {
      while (inFlight || waiting) await (waiting ?? inFlight)?.catch(ignore);
    };
    const begin = () => (job.waitFirst ? scheduleNext() : void request().catch(ignore));
    return { request, begin, settled, cancelTimer: () => clearTimeout(timer) };
  }

  const lanes = new Map(jobs.map((job) => [job.name, lane(job)]));
  if (lanes.size !== jobs.length) throw new Error('two jobs share a name');

  function laneOf(name: string): Lane {
    const found = lanes.get(name);
    if (!found) throw new Error(`no job named ${name}`);
    return found;
  }

  return {
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const each of lanes.values()) each.begin();
    },
    async stop() {
      stopping.abort();
      for (const each of lanes.values()) each.cancelTimer();
      await Promise.all([...lanes.values()].map((each) => each.settled()));
    },
    nudge(name) {
      const nudged = laneOf(name);
      if (started && !stopping.signal.aborted) detached(() => nudged.request().catch(ignore));
    },
    runNow: (name) => detached(() => laneOf(name).request()),
  };
}
