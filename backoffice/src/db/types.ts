/**
 * The database types every module is given. Both drivers (PGlite and postgres-js) build the same Drizzle query
 * builder over the same schema, so services take one `Database` and run unchanged on either.
 */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

type Schema = typeof schema;

export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A transaction opened on the database. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The database, or a transaction opened on it: writes through a transaction exist only if it commits. */
export type Executor = Database | Transaction;
