/**
 * Bot-check solutions already accepted, so a solved challenge is good for one submission only (replay
 * protection). Rows can go once expired: an expired challenge is refused anyway. Re-exported by db/schema.ts.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const botCheckSolutions = pgTable('bot_check_solution', {
  /** SHA-256 of the challenge's signature (ALTCHA) or of the token (reCAPTCHA). */
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
