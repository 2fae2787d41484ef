/**
 * Lengths of time in milliseconds, for validities counted in hours or days (tokens, sessions, deadlines).
 * Browser-safe.
 */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
