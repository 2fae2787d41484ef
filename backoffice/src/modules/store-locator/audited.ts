/** How a staff write of a stockist is recorded: in the audit trail and in the content history (issue 26). */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/types.ts';
import { recordRevision } from '../content/index.ts';
import { staffCaller } from '../staff/index.ts';
import { stockistState } from './stockists.ts';

/**
 * Runs a stockist write in a transaction with its audit record (the stockist before and after) and, when it
 * answers the stockist, keeps that version in the content history (issue 26).
 */
export async function audited<T>(
  request: FastifyRequest,
  verb: string,
  id: number | undefined,
  write: (tx: Transaction) => Promise<T>,
) {
  const change = { action: `stockist.${verb}`, entity: 'stockist', id, state: stockistState };
  const caller = staffCaller(request);
  const { site } = await request.shop.context;
  return caller.audit.change(request.server.db, change, async (tx) => {
    const result = await write(tx);
    const saved = result as { id?: unknown; version?: unknown } | undefined;
    if (typeof saved?.id === 'number' && typeof saved.version === 'number') {
      await recordRevision(tx, {
        siteId: site.id,
        resource: 'stockist',
        entityId: saved.id,
        version: saved.version,
        action: verb,
        status: 'published',
        snapshot: saved as Record<string, unknown>,
        actor: caller.actor,
        at: request.server.clock.now(),
      });
    }
    return result;
  });
}
