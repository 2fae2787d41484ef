/**
 * The in-process job runner (src/jobs/runner.ts) with stand-in jobs on fake timers: the first run at start, then
 * one run per interval after each run ends, never two runs of a job at once, a failure logged and retried at the
 * next tick, `nudge` and `runNow`, and a stop that waits for the run in flight. The real jobs' handlers are tested
 * with their modules (mail.test.ts, cart.test.ts, bot-check.test.ts…).
 */
import { currentRequestId, runInRequest } from '@plasterwick/shop-rules/request-scope';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadConfig, testConfig, type Config } from '../src/config.ts';
import { backOfficeJobs, createJobRunner, type Job, type JobContext } from '../src/jobs/index.ts';

/** A job whose runs are counted and, when `held`, wait until released. */
function standInJob(name: string, intervalMs: number) {
  const state = {
    runs: 0,
    running: 0,
    mostAtOnce: 0,
    held: false,
    failNext: false,
    /** What a failing run throws. */
    failure: new Error('the database went away') as Error,
    signals: [] as AbortSignal[],
  };
  const releases: (() => void)[] = [];
  const job: Job = {
    name,
    intervalMs,
    async run(_context, signal) {
      state.runs += 1;
      state.running += 1;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      state.signals.push(signal);
      try {
        if (state.held) await new Promise<void>((resolve) => releases.push(resolve));
        if (state.failNext) {
          state.failNext = false;
          throw state.failure;
        }
      } finally {
        state.running -= 1;
      }
    },
  };
  const release = () => releases.splice(0).forEach((resolve) => resolve());
  return { job, state, release };
}

function loggedErrors() {
  const errors: { details: object; message: string }[] = [];
  const warnings: { details: object; message: string }[] = [];
  const log = {
    info() {},
    warn: (details: object, message: string) => void warnings.push({ details, message }),
    error: (details: object, message: string) => void errors.push({ details, message }),
  };
  // The runner hands the context to the handlers and reads only its log itself.
  return { errors, warnings, context: { log } as unknown as JobContext };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner', () => {
  test('runs each job at start, then one interval after each run ends', async () => {
    const minutely = standInJob('minutely', 60_000);
    const hourly = standInJob('hourly', 3_600_000);
    const runner = createJobRunner([minutely.job, hourly.job], loggedErrors().context);
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([minutely.state.runs, hourly.state.runs]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(minutely.state.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(minutely.state.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect([minutely.state.runs, hourly.state.runs]).toEqual([62, 2]);
    await runner.stop();
  });

  test('a job that waits first runs one interval after the start, then keeps its pace', async () => {
    const upkeep = standInJob('upkeep', 3_600_000);
    const runner = createJobRunner([{ ...upkeep.job, waitFirst: true }], loggedErrors().context);
    runner.start();
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(upkeep.state.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(upkeep.state.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(upkeep.state.runs).toBe(2);
    await runner.stop();
  });

  test('never runs a job twice at once: requests during a run share one more run after it', async () => {
    const { job, state, release } = standInJob('outbox', 5_000);
    const runner = createJobRunner([job], loggedErrors().context);
    state.held = true;
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    runner.nudge('outbox');
    const waited = runner.runNow('outbox');
    runner.nudge('outbox');
    // Its interval passes while it runs: no second run starts either.
    await vi.advanceTimersByTimeAsync(20_000);
    expect([state.runs, state.running]).toEqual([1, 1]);

    state.held = false;
    release();
    await waited;
    expect(state.runs).toBe(2);
    expect(state.mostAtOnce).toBe(1);
    // The next tick is an interval after the run that ended.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(state.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.runs).toBe(3);
    await runner.stop();
  });

  test('a failing run is logged and the next tick runs the job again; runNow rejects with the error', async () => {
    const { job, state } = standInJob('sweep', 60_000);
    const { errors, context } = loggedErrors();
    const runner = createJobRunner([job], context);
    state.failNext = true;
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([
      {
        details: { err: new Error('the database went away'), job: 'sweep' },
        message: expect.stringContaining('sweep failed'),
      },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.runs).toBe(2);
    expect(errors).toHaveLength(1);

    state.failNext = true;
    await expect(runner.runNow('sweep')).rejects.toThrow('the database went away');
    await expect(runner.runNow('sweep')).resolves.toBeUndefined();
    await runner.stop();
  });

  test('a run failed by the database being away (a restart) is a warning, and the next tick runs again', async () => {
    const { job, state } = standInJob('sweep', 60_000);
    const { errors, warnings, context } = loggedErrors();
    const runner = createJobRunner([job], context);
    // What postgres.js rejects with while the server restarts, wrapped as drizzle wraps it.
    state.failure = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    });
    state.failNext = true;
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      {
        details: { err: state.failure, job: 'sweep' },
        message: expect.stringContaining('database unavailable'),
      },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.runs).toBe(2);
    await runner.stop();
  });

  test('nudge before start does nothing; runNow works before start; an unknown name is refused', async () => {
    const { job, state } = standInJob('mail', 5_000);
    const runner = createJobRunner([job], loggedErrors().context);
    runner.nudge('mail');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.runs).toBe(0);
    await runner.runNow('mail');
    expect(state.runs).toBe(1);
    // Not started: no tick follows a run asked for by hand.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.runs).toBe(1);
    expect(() => runner.nudge('mial')).toThrow('no job named mial');
    expect(() => createJobRunner([job, job], loggedErrors().context)).toThrow('two jobs share a name');
  });

  test('stop aborts the signal, waits for the run in flight, and starts nothing after', async () => {
    const { job, state, release } = standInJob('mail', 5_000);
    const runner = createJobRunner([job], loggedErrors().context);
    state.held = true;
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    runner.nudge('mail');

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.signals[0]?.aborted).toBe(true);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(state.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    runner.nudge('mail');
    expect(state.runs).toBe(1);
    await expect(runner.runNow('mail')).rejects.toThrow('the runner has stopped');
  });

  test('a run a request nudges, and the runs after it, are not part of that request (no request id)', async () => {
    const seen: (string | undefined)[] = [];
    const job: Job = { name: 'mail', intervalMs: 5_000, run: async () => void seen.push(currentRequestId()) };
    const runner = createJobRunner([job], loggedErrors().context);
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    runInRequest('abc-123', () => runner.nudge('mail'));
    await runInRequest('abc-123', () => runner.runNow('mail'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([undefined, undefined, undefined, undefined]);
    await runner.stop();
  });

  test('the back-office jobs have unique names and keep their paces', () => {
    const paces = (config: Config) =>
      Object.fromEntries(backOfficeJobs(config).map((job) => [job.name, job.intervalMs]));
    expect(paces(testConfig())).toEqual({
      mail: 5_000,
      housekeeping: 3_600_000,
      'bot-check-housekeeping': 60_000,
      'payment-reconciliation': 60_000,
      retention: 3_600_000,
      'embedded-vacuum': 3_600_000,
      'content-schedule': 30_000,
    });
    // A PostgreSQL server vacuums itself: the job is the embedded database's only.
    const onServer = loadConfig({ DATABASE_URL: 'postgres://shop:shop@127.0.0.1:5432/shop' });
    expect(paces(onServer)['embedded-vacuum']).toBeUndefined();
    // The reconciliation's pace is configuration (the crash test checks every second).
    const everySecond = loadConfig({ PAYMENT_RECONCILE_EVERY_SECONDS: '1' });
    expect(paces(everySecond)['payment-reconciliation']).toBe(1_000);
    // So is the schedule's (the console's end-to-end stack checks every 2 seconds).
    expect(paces(loadConfig({ SCHEDULE_CHECK_SECONDS: '2' }))['content-schedule']).toBe(2_000);
  });
});
