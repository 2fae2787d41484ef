/**
 * The e-mails that follow an order once it is placed (issue 23): ready to collect, dispatched, cancelled,
 * refunded. Delivered and collected send nothing: the carrier tells the customer of the delivery (and the tracking
 * link already shows it), and a collecting customer was at the counter. Each reads the order's number first, so a
 * customer with several orders knows which one it is. Staff-typed reasons are the shop's own words to its customer,
 * rendered as text (the renderer escapes everything). Pure functions, like templates.ts.
 */
import { CUSTOMER_SERVICE_HOURS, type Audience } from '@plasterwick/shop-rules/constants';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { greetingOf, pageUrl, render, type Block, type MailContent } from './templates.ts';

/** Who the order is for and which it is. */
export interface OrderMailHead {
  number: string;
  audience: Audience;
  /** "Alex Morgan" (the greeting falls back to "Hello," when it does not read as a name). */
  name: string;
}

const contactLink = (order: OrderMailHead, siteUrl: string): Block => ({
  kind: 'link',
  text: `A question about your order? Contact us (${CUSTOMER_SERVICE_HOURS}) with your order number:`,
  url: pageUrl(siteUrl, { audience: order.audience }, 'contact'),
});

const attachedNote = (attached: boolean, text: string): Block[] =>
  attached ? [{ kind: 'paragraph', text }] : [];

const SIGNATURE = ['Kind regards,', 'Plasterwick customer service'];

/** Ready to collect: where, when it is open, what to bring. */
export function orderReadyMail(
  order: OrderMailHead & {
    stockist: {
      name: string;
      address: string[];
      phone: string;
      openingHours: { days: string; hours: string }[];
    };
    paidByCard: boolean;
    invoiceAttached: boolean;
  },
  siteUrl: string,
): MailContent {
  const { stockist } = order;
  return render({
    subject: `Your Plasterwick order ${order.number} is ready to collect`,
    greeting: greetingOf(order.name),
    blocks: [
      { kind: 'paragraph', text: `Your order ${order.number} is ready to collect at ${stockist.name}.` },
      {
        kind: 'fields',
        heading: 'Where to collect it:',
        rows: [
          ['Stockist', stockist.name],
          ['Address', stockist.address.join('\n')],
          ['Phone', stockist.phone],
        ],
      },
      {
        kind: 'fields',
        heading: 'Opening hours:',
        rows: stockist.openingHours.map(({ days, hours }) => [days, hours]),
      },
      {
        kind: 'paragraph',
        text:
          `Please bring your order number (${order.number}) and ` +
          (order.paidByCard ? 'the card you paid with or photo ID.' : 'photo ID.') +
          ' Someone collecting for you needs the order number and their own photo ID.',
      },
      ...attachedNote(order.invoiceAttached, 'Your VAT invoice is attached.'),
      contactLink(order, siteUrl),
    ],
    signature: SIGNATURE,
  });
}

/** Dispatched: the carrier, the tracking number and the carrier's tracking page. */
export function orderDispatchedMail(
  order: OrderMailHead & {
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string;
    address: string[];
    invoiceAttached: boolean;
  },
  siteUrl: string,
): MailContent {
  return render({
    subject: `Your Plasterwick order ${order.number} is on its way`,
    greeting: greetingOf(order.name),
    blocks: [
      {
        kind: 'paragraph',
        text: `Your order ${order.number} has left our works with ${order.carrierName}.`,
      },
      {
        kind: 'fields',
        rows: [
          ['Carrier', order.carrierName],
          ['Tracking number', order.trackingNumber],
          ['Delivery address', order.address.join('\n')],
        ],
      },
      {
        kind: 'link',
        text: `Track your parcel on the ${order.carrierName} website:`,
        url: order.trackingUrl,
      },
      ...attachedNote(order.invoiceAttached, 'Your VAT invoice is attached.'),
      contactLink(order, siteUrl),
    ],
    signature: SIGNATURE,
  });
}

/** Cancelled: that it is, and what comes back (to the card, or nothing owed on account). */
export function orderCancelledMail(
  order: OrderMailHead & { reason: string; refundPence: number; onAccount: boolean },
  siteUrl: string,
): MailContent {
  const money = order.onAccount
    ? 'Nothing is owed for it: its invoice is cancelled and the amount is back in your account’s credit.'
    : order.refundPence > 0
      ? `We are refunding ${formatPrice(order.refundPence)} to the card you paid with; a separate e-mail ` +
        'confirms the refund. It usually reaches your account within 5 to 10 working days.'
      : 'Nothing was left to refund.';
  return render({
    subject: `Your Plasterwick order ${order.number} is cancelled`,
    greeting: greetingOf(order.name),
    blocks: [
      { kind: 'paragraph', text: `Your order ${order.number} has been cancelled and will not be sent.` },
      { kind: 'fields', rows: [['Reason', order.reason]] },
      { kind: 'paragraph', text: money },
      contactLink(order, siteUrl),
    ],
    signature: SIGNATURE,
  });
}

/** Refunded: how much, why, and the credit note attached. */
export function orderRefundedMail(
  order: OrderMailHead & { amountPence: number; reason: string; creditNoteAttached: boolean },
  siteUrl: string,
): MailContent {
  return render({
    subject: `A refund of ${formatPrice(order.amountPence)} for your Plasterwick order ${order.number}`,
    greeting: greetingOf(order.name),
    blocks: [
      {
        kind: 'paragraph',
        text:
          `We have refunded ${formatPrice(order.amountPence)} for your order ${order.number} to the card ` +
          'you paid with. It usually reaches your account within 5 to 10 working days.',
      },
      {
        kind: 'fields',
        rows: [
          ['Amount refunded', formatPrice(order.amountPence)],
          ['Reason', order.reason],
        ],
      },
      ...attachedNote(order.creditNoteAttached, 'Your credit note is attached.'),
      contactLink(order, siteUrl),
    ],
    signature: SIGNATURE,
  });
}
