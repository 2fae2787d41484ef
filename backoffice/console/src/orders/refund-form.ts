/**
 * The refund dialog's arithmetic: what can still be refunded, what the person asked for and the body of
 * `POST /staff/orders/{id}/refunds`. The back-office works the final amount out (and refuses more than was paid, even
 * for two staff at once); the dialog checks first so a mistake is shown before anything is sent.
 */
import type { OrderLine, OrderPage, RefundBody } from '../api/types.ts';
import { parsePounds, pounds } from '../money.ts';

/** The whole remainder, chosen lines (with the delivery charge or not), or an amount typed in pounds. */
export type RefundMode = 'remainder' | 'lines' | 'amount';

export interface RefundForm {
  mode: RefundMode;
  /** Quantity to refund by line id, as typed. */
  quantities: Record<number, number>;
  shipping: boolean;
  amount: string;
  reason: string;
}

export const emptyRefundForm: RefundForm = {
  mode: 'remainder',
  quantities: {},
  shipping: false,
  amount: '',
  reason: '',
};

/** How many of a line may still be refunded (a free line was never paid for). */
export function refundableQuantity(line: OrderLine): number {
  return line.free ? 0 : Math.max(0, line.quantity - line.refunded_quantity);
}

/** Each line's share of what was paid for it, by unit, inc VAT. */
function linePence(line: OrderLine, quantity: number): number {
  return line.quantity === 0 ? 0 : Math.round((line.line_inc_pence * quantity) / line.quantity);
}

export type RefundCheck = { pence: number; body: Omit<RefundBody, 'idempotency_key'> } | { problem: string };

/** What `form` would refund of `order`, or why it cannot be sent. */
export function checkRefund(order: OrderPage, form: RefundForm): RefundCheck {
  const left = order.payment?.refundable_pence ?? 0;
  if (left <= 0) return { problem: 'Nothing is left to refund on this order.' };
  const reason = form.reason.trim();
  const needReason = (pence: number, body: Omit<RefundBody, 'idempotency_key' | 'reason'>): RefundCheck =>
    reason === ''
      ? { problem: 'Give a reason: the customer reads it.' }
      : { pence, body: { ...body, reason } };

  if (form.mode === 'remainder') return needReason(left, {});

  if (form.mode === 'amount') {
    const pence = parsePounds(form.amount);
    if (pence === undefined || pence <= 0) return { problem: 'Type an amount in pounds, such as 12.50.' };
    if (pence > left) return { problem: `At most ${pounds(left)} is left to refund.` };
    return needReason(pence, { amount_pence: pence });
  }

  const lines: { order_line_id: number; quantity: number }[] = [];
  let pence = form.shipping ? order.totals.shipping.inc : 0;
  for (const line of order.lines) {
    const quantity = form.quantities[line.id] ?? 0;
    if (quantity === 0) continue;
    const most = refundableQuantity(line);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > most) {
      return { problem: `${line.name}: at most ${most} can be refunded.` };
    }
    lines.push({ order_line_id: line.id, quantity });
    pence += linePence(line, quantity);
  }
  if (lines.length === 0) return { problem: 'Choose how many of a line to refund.' };
  if (pence > left) return { problem: `At most ${pounds(left)} is left to refund.` };
  return needReason(pence, { lines, ...(form.shipping ? { shipping: true } : {}) });
}
