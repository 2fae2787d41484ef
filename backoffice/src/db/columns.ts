/** Column types Drizzle has no builder for, shared by the modules' tables. */
import { customType } from 'drizzle-orm/pg-core';

/** A generated full-text search vector (`search` columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Raw bytes (stored files). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
