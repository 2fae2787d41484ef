import { describe, expect, it } from 'vitest';
import { accountFilter, applicationFilter } from './trade-calls.ts';

describe('the trade lists’ filters', () => {
  it('pass only what the API takes', () => {
    expect(applicationFilter({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(applicationFilter({ status: 'lost' })).toEqual({});
    expect(accountFilter({ q: ' hart ', on_hold: 'true' })).toEqual({ q: 'hart', on_hold: 'true' });
    expect(accountFilter({ q: '', on_hold: 'maybe' })).toEqual({});
  });
});
