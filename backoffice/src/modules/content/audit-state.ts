/**
 * What the audit trail compares before and after a CMS write (audit module, `AuditRecorder.change`): the entry's
 * columns and its `data`, field by field. CMS content is published text, not personal data: nothing is masked.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { contentEntries } from '../../db/schema.ts';
import type { Snapshot } from '../audit/index.ts';

export async function entryState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(eq(contentEntries.id, Number(id)))
    .for('update');
  if (!row) return null;
  const { type, slug, title, status, audiences, position, parentId, data } = row;
  return { type, slug, title, status, audiences, position, parent_id: parentId, data };
}
