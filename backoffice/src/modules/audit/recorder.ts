/**
 * The audit recorder of one request (issue 22): who is acting (a person, a machine token, the API key, the command
 * line or nobody yet) and where the request came from, so every event it writes carries them. Every staff write
 * goes through `change`: the write runs in a transaction the recorder opens, the entity's state is read in it
 * before and after, and the event is inserted in it too, so a write without its record (or a record without its
 * write) never commits.
 */
import type { Database, Executor, Transaction } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { diffSnapshots, type Snapshot } from './changes.ts';
import { insertAuditEvent } from './service.ts';
import type { ACTOR_TYPES, AuditChanges, OUTCOMES } from './tables.ts';

export interface Actor {
  type: (typeof ACTOR_TYPES)[number];
  /** The person's or the token's id. */
  id: number | null;
  name: string | null;
  /** The person's role or the token's scope. */
  role: string | null;
}

/** Where a request came from. */
export interface RequestTrace {
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes?: AuditChanges | null;
  outcome?: (typeof OUTCOMES)[number];
}

/** A write to record: what it does to which entity, and how to read that entity's state. */
export interface AuditedChange<T> {
  /** `entity.verb`, e.g. `product.update`. */
  action: string;
  entity: string;
  /** The entity's id when the write is about an existing one; else `idOf` reads it from the write's result. */
  id?: number | string;
  idOf?: (result: T) => number | string;
  /** The entity's state in the transaction (null when absent); without it, no field-by-field changes. */
  state?: (tx: Executor, id: number | string) => Promise<Snapshot | null>;
  /** Paths of the state that are personal data or secrets: recorded as changed, never with their values. */
  masked?: readonly string[];
}

export const ANONYMOUS: Actor = { type: 'anonymous', id: null, name: null, role: null };

const defaultIdOf = (result: unknown) => {
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? id : null;
};

export class AuditRecorder {
  readonly actor: Actor;
  private readonly trace: RequestTrace;
  private readonly clock: Clock;

  constructor(actor: Actor, trace: RequestTrace, clock: Clock) {
    this.actor = actor;
    this.trace = trace;
    this.clock = clock;
  }

  /** The same request, acted on by `actor` from now on (a person who has just signed in). */
  as(actor: Actor): AuditRecorder {
    return new AuditRecorder(actor, this.trace, this.clock);
  }

  /** Writes one event with `db` (a transaction to tie it to a write, else on its own). */
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await insertAuditEvent(db, {
      at: this.clock.now(),
      actorType: this.actor.type,
      actorId: this.actor.id,
      actorName: this.actor.name,
      role: this.actor.role,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes ?? null,
      outcome: entry.outcome ?? 'ok',
      requestId: this.trace.requestId,
      ip: this.trace.ip,
      userAgent: this.trace.userAgent,
    });
  }

  /**
   * Runs `write` in a new transaction of `db` and records it there: the entity's state before (read first, so a
   * stale write's 409 rolls back before anything is recorded) and after, field by field.
   */
  async change<T>(
    db: Database,
    change: AuditedChange<T>,
    write: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const before = change.id !== undefined && change.state ? await change.state(tx, change.id) : null;
      const result = await write(tx);
      const id = change.id ?? (change.idOf ? change.idOf(result) : defaultIdOf(result));
      const after = id !== null && change.state ? await change.state(tx, id) : null;
      await this.record(tx, {
        action: change.action,
        entity: change.entity,
        entityId: id,
        changes: change.state ? diffSnapshots(before, after, change.masked) : null,
      });
      return result;
    });
  }
}
