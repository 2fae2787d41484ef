/**
 * What a refund by line gives back (issue 23): for each line, its share of what the customer paid for it, pro rata
 * of the quantity, and the delivery charge when asked. A line's paid amount is its `line_inc_pence` less its share
 * of the order's discount (pro rata of the lines' amounts): refunding every line of a discounted order then gives
 * back what was paid for the goods, never the undiscounted shelf price. Amounts are taken cumulatively (what the
 * first `n` units come to, less what the units already refunded came to), so refunding a line one unit at a time
 * adds up to exactly the line. Pure: the caller reads the order, its lines and the refunds not failed, under the
 * payment's lock.
 */
import { roundDiv } from '@plasterwick/shop-rules/money';
import { DomainError } from '../../lib/errors.ts';
import type { RefundedLine } from '../payments/index.ts';
import type { OrderLineRow, OrderRow } from './service.ts';

export interface LinesAsked {
  lines: { order_line_id: number; quantity: number }[];
  /** Add the delivery charge (once per order). */
  shipping: boolean;
}

/** An earlier refund of the order, pending or succeeded (a failed one gave nothing back). */
export interface EarlierRefund {
  amountPence: number;
  lines: RefundedLine[] | null;
}

/** What the customer paid for the whole line: its amount less its share of the order's discount. */
function paidForLine(order: OrderRow, line: OrderLineRow): number {
  if (order.discountIncPence === 0 || order.subtotalIncPence === 0) return line.lineIncPence;
  return line.lineIncPence - roundDiv(order.discountIncPence * line.lineIncPence, order.subtotalIncPence);
}

/** Whether an earlier refund by line also gave back the delivery (its amount is more than its lines'). */
const includedShipping = (refund: EarlierRefund) =>
  refund.lines !== null &&
  refund.amountPence > refund.lines.reduce((sum, line) => sum + line.amount_pence, 0);

/**
 * The amount and the lines of a refund of `asked`: 400 for a line of another order or one named twice; 409
 * `refund_exceeds_bought` (with `refundable_quantity`) for more of a line than was bought less what was already
 * refunded, 409 `shipping_already_refunded` for the delivery a second time, or when there is no delivery charge.
 */
export function refundOfLines(
  order: OrderRow,
  lines: OrderLineRow[],
  asked: LinesAsked,
  earlier: EarlierRefund[],
): { amountPence: number; lines: RefundedLine[] } {
  const refunded = new Map<number, number>();
  for (const refund of earlier) {
    for (const line of refund.lines ?? []) {
      refunded.set(line.order_line_id, (refunded.get(line.order_line_id) ?? 0) + line.quantity);
    }
  }
  const seen = new Set<number>();
  const given = asked.lines.map((want, index): RefundedLine => {
    const line = lines.find((candidate) => candidate.id === want.order_line_id);
    if (!line || seen.has(want.order_line_id)) {
      throw new DomainError(
        'invalid_request',
        line
          ? `Line ${want.order_line_id} is named twice`
          : `Line ${want.order_line_id} is not a line of order ${order.number}`,
        {
          fields: [
            {
              field: `lines.${index}.order_line_id`,
              message: line ? 'Named twice' : 'Not a line of this order',
            },
          ],
        },
      );
    }
    seen.add(line.id);
    const already = refunded.get(line.id) ?? 0;
    if (already + want.quantity > line.quantity) {
      throw new DomainError(
        'refund_exceeds_bought',
        `Only ${line.quantity - already} of ${line.name} (${line.variantLabel}) can still be refunded`,
        {
          conflict: true,
          details: { order_line_id: line.id, refundable_quantity: line.quantity - already },
        },
      );
    }
    const paid = paidForLine(order, line);
    const upTo = (quantity: number) => roundDiv(paid * quantity, line.quantity);
    return {
      order_line_id: line.id,
      quantity: want.quantity,
      amount_pence: upTo(already + want.quantity) - upTo(already),
    };
  });
  let amountPence = given.reduce((sum, line) => sum + line.amount_pence, 0);
  if (asked.shipping) {
    if (order.shippingIncPence === 0 || earlier.some(includedShipping)) {
      throw new DomainError(
        'shipping_already_refunded',
        order.shippingIncPence === 0
          ? `Order ${order.number} had no delivery charge to refund`
          : `The delivery charge of order ${order.number} was already refunded`,
        { conflict: true },
      );
    }
    amountPence += order.shippingIncPence;
  }
  return { amountPence, lines: given };
}
