/**
 * Fulfilment moves made by staff (`POST /staff/orders/{id}/ready-for-collection`, `/collected`, `/delivered`; the
 * dispatch is dispatch-order.ts and the cancellation cancel-order.ts, on the same step). Each is one audited
 * transaction: the order row locked, the conditional move from the states the machine allows (orders
 * `moveFulfilment`: 409 `fulfilment_not_allowed` with `current`, or `order_not_paid`), then what follows it (the
 * customer's e-mail), recorded with `order.<move>`. Asking for the state the order already is in changes nothing
 * and records nothing (the transaction is rolled back before its event), so a double click sends one e-mail.
 * Ready to collect e-mails the stockist, its hours and what to bring, with the VAT invoice; collected and
 * delivered e-mail nothing (the customer was at the counter; the carrier tells of the delivery).
 */
import type { FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import type { MailConfig } from '../config.ts';
import type { Database, Transaction } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { AuditRecorder } from '../modules/audit/index.ts';
import { enqueueMail } from '../modules/mail/index.ts';
import {
  fulfilmentState,
  lockOrder,
  moveFulfilment,
  customerErased,
  readyMailOf,
  type FulfilmentFields,
  type OrderRow,
} from '../modules/orders/index.ts';
import { stockistOpeningHours } from '../modules/store-locator/index.ts';
import type { DeliveryView } from '../modules/cart/index.ts';
import type { OrderDocuments } from './order-documents.ts';

export interface FulfilmentDeps {
  db: Database;
  clock: Clock;
  mail: MailConfig;
  documents: OrderDocuments;
  /** Called after a commit that queued mail. */
  nudgeMail(): void;
}

/** Which order, asked by whom (the caller's audit recorder). */
export interface StaffOrderAct {
  siteId: number;
  orderId: number;
  audit: AuditRecorder;
}

/** One move: where to, under which audit action, and what happens with it. */
export interface OrderMove {
  action: string;
  /** Moves the locked order (orders `moveFulfilment` unless the move has its own step). */
  apply(tx: Transaction, order: OrderRow, now: Date): Promise<{ order: OrderRow; moved: boolean }>;
  /** What follows the move, in its transaction: the e-mail. */
  then?(tx: Transaction, order: OrderRow, now: Date): Promise<void>;
  /** The order already is where the move goes: refuse when it got there otherwise (another tracking number). */
  checkRepeat?(order: OrderRow): void;
}

/** Thrown inside the audited transaction when the order already is where the move goes: nothing is recorded. */
class AlreadyThere extends Error {}

/** The step every staff fulfilment move shares; `moved` is false when nothing needed doing. */
export async function moveOrder(
  deps: FulfilmentDeps,
  act: StaffOrderAct,
  move: OrderMove,
): Promise<{ moved: boolean }> {
  let queuedMail = false;
  try {
    await act.audit.change(
      deps.db,
      { action: move.action, entity: 'order', id: act.orderId, state: fulfilmentState },
      async (tx) => {
        const order = await lockOrder(tx, act.siteId, act.orderId);
        const now = deps.clock.now();
        const result = await move.apply(tx, order, now);
        if (!result.moved) {
          move.checkRepeat?.(result.order);
          throw new AlreadyThere();
        }
        if (move.then) {
          await move.then(tx, result.order, now);
          queuedMail = true;
        }
      },
    );
  } catch (error) {
    if (error instanceof AlreadyThere) return { moved: false };
    throw error;
  }
  if (queuedMail) deps.nudgeMail();
  return { moved: true };
}

/** A plain move to `to`, stamping `stamp` with the time. */
const simpleMove = (to: FulfilmentStatus, stamp: keyof FulfilmentFields) => ({
  apply: (tx: Transaction, order: OrderRow, now: Date) =>
    moveFulfilment(tx, order, to, { [stamp]: now }, now),
});

/** `unfulfilled → ready_for_collection`, e-mailing the stockist, its hours and what to bring. */
export function readyForCollection(deps: FulfilmentDeps, act: StaffOrderAct) {
  return moveOrder(deps, act, {
    action: 'order.ready_for_collection',
    ...simpleMove('ready_for_collection', 'readyAt'),
    async then(tx, order) {
      if (customerErased(order)) return;
      const delivery = order.delivery as DeliveryView;
      const hours =
        delivery.method === 'collect'
          ? await stockistOpeningHours(tx, order.siteId, delivery.stockist.id)
          : [];
      const invoice = await deps.documents.invoice(tx, order.id);
      await enqueueMail(tx, readyMailOf(order, hours, deps.mail, invoice ? [invoice] : []));
    },
  });
}

/** `ready_for_collection → collected`. */
export function collected(deps: FulfilmentDeps, act: StaffOrderAct) {
  return moveOrder(deps, act, { action: 'order.collected', ...simpleMove('collected', 'collectedAt') });
}

/** `dispatched → delivered`. */
export function delivered(deps: FulfilmentDeps, act: StaffOrderAct) {
  return moveOrder(deps, act, { action: 'order.delivered', ...simpleMove('delivered', 'deliveredAt') });
}
