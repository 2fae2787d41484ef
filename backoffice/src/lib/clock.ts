/**
 * The clock adapter (api-contract.md principle 4): everything with a validity (cart tokens, order access, discount
 * dates, webhook tolerance) asks `app.clock` for the time, so tests can move it (a token valid at 71 hours and
 * gone at 73) without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)`, `set(date)`. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function fakeClock(start: Date = new Date()): FakeClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (ms) => {
      time += ms;
    },
    set: (date) => {
      time = date.getTime();
    },
  };
}
