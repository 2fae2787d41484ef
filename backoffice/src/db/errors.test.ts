/** The recognition of a database that cannot be reached, and of postgres.js's fault on a dropped connection. */
import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable, isDriverClosedSocketWrite, isUniqueViolation } from './errors.ts';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver's error. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  test.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    '57P01',
    '57P02',
    '57P03',
    '08006',
    '08P01',
  ])('%s, directly or wrapped, is the database away', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(coded(code)))).toBe(true);
  });

  test.each(['23505', '40001', '22P02', '57014', 'ERR_INVALID_ARG_TYPE'])('%s is not', (code) => {
    expect(isDatabaseUnavailable(wrapped(coded(code)))).toBe(false);
  });

  test('errors without a code, and non-errors, are not', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isUniqueViolation(wrapped(coded('57P01')))).toBe(false);
  });
});

describe('isDriverClosedSocketWrite', () => {
  const fault = (stack: string) => {
    const error = new TypeError("Cannot read properties of null (reading 'write')");
    error.stack = stack;
    return error;
  };

  test("is postgres.js's nextWrite on a null socket", () => {
    expect(
      isDriverClosedSocketWrite(
        fault(
          "TypeError: Cannot read properties of null (reading 'write')\n" +
            '    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n' +
            '    at process.processImmediate (node:internal/timers:574:21)',
        ),
      ),
    ).toBe(true);
  });

  test('the same message from anywhere else is not', () => {
    expect(
      isDriverClosedSocketWrite(
        fault(
          "TypeError: Cannot read properties of null (reading 'write')\n" +
            '    at nextWrite (file:///app/backoffice/src/lib/stream.ts:10:5)\n' +
            '    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)',
        ),
      ),
    ).toBe(false);
    expect(isDriverClosedSocketWrite(new TypeError("Cannot read properties of null (reading 'write')"))).toBe(
      false,
    );
    expect(isDriverClosedSocketWrite(new Error("Cannot read properties of null (reading 'write')"))).toBe(
      false,
    );
  });
});
