/** What the database's refusals look like through the drivers (postgres.js, PGlite) and drizzle's wrapping. */

/** PostgreSQL's unique_violation (23505), on the error or on the error it wraps (drizzle's query error). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
