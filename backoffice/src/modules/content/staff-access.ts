/** Who may write CMS entries, and how each write is recorded in the audit trail (the entry before and after). */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/types.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { entryState } from './audit-state.ts';

export const contentAccess = staffRoute('content:write');

/** Runs a write of entry `id` of `resource` (undefined: a new one) in a transaction with its audit record. */
export function auditedEntryWrite<T>(
  request: FastifyRequest,
  resource: string,
  verb: string,
  id: number | undefined,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return staffCaller(request).audit.change(
    request.server.db,
    { action: `${resource}.${verb}`, entity: resource, id, state: entryState },
    write,
  );
}
