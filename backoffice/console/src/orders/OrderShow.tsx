/**
 * One order as staff handle it: its lines with prices ex and inc VAT, the totals and discount, where it goes (or
 * the stockist it is collected from), billing, the payment with its events and refunds, its documents, the e-mails
 * sent about it, the notes and a timeline of everything that happened, with who did it. The actions are above.
 */
import {
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Loading, Show, useRecordContext } from 'react-admin';
import type { OrderPage, Payment } from '../api/types.ts';
import { ukDateTime } from '../dates.ts';
import { pounds } from '../money.ts';
import { fulfilmentLabel, orderStatusLabel, paymentStatusLabel } from './labels.ts';
import { AUDIENCE_LABELS, PAYMENT_METHOD_LABELS } from './order-filter.ts';
import { OrderActions } from './OrderActions.tsx';
import { SITE } from './site.ts';

const documentUrl = (order: OrderPage, file: string) =>
  `/api/v1/staff/orders/${order.id}/${file}?${new URLSearchParams({ site_id: String(SITE.site_id) })}`;

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    // minWidth 0: a wide table scrolls inside its card instead of widening the page (a tablet's 768 px).
    <Grid size={{ xs: 12, md: wide ? 12 : 6 }} sx={{ minWidth: 0 }}>
      <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
        <CardContent>
          <Typography id={id} component="h2" variant="h6" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** A label and its value, as a definition list's pair. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 'bold' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The lines of an address as the order stored it (its delivery or billing step), whatever is missing. */
function addressLines(value: unknown): string[] {
  const address = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
  const name = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  return [name, text('company'), text('address'), text('address_2'), text('town'), text('postcode')].filter(
    (line) => line !== '',
  );
}

function Lines({ order }: { order: OrderPage }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit ex VAT</TableCell>
            <TableCell align="right">Unit inc VAT</TableCell>
            <TableCell align="right">VAT rate</TableCell>
            <TableCell align="right">Line ex VAT</TableCell>
            <TableCell align="right">VAT</TableCell>
            <TableCell align="right">Line inc VAT</TableCell>
            <TableCell align="right">Refunded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>
                {line.name}
                {line.variant_label ? `, ${line.variant_label}` : ''} ({line.reference})
                {line.free ? ' (free)' : ''}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{pounds(line.unit_ex_pence)}</TableCell>
              <TableCell align="right">{pounds(line.unit_inc_pence)}</TableCell>
              <TableCell align="right">{line.vat_rate_bp / 100}%</TableCell>
              <TableCell align="right">{pounds(line.line_ex_pence)}</TableCell>
              <TableCell align="right">{pounds(line.line_vat_pence)}</TableCell>
              <TableCell align="right">{pounds(line.line_inc_pence)}</TableCell>
              <TableCell align="right">{line.refunded_quantity}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Totals({ order }: { order: OrderPage }) {
  const rows: [string, OrderPage['totals']['total']][] = [
    ['Goods', order.totals.subtotal],
    [order.discount ? `Discount (${order.discount.code})` : 'Discount', order.totals.discount],
    ['Delivery', order.totals.shipping],
    ['Total', order.totals.total],
  ];
  return (
    <TableContainer>
      <Table size="small" aria-label="Totals">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Ex VAT</TableCell>
            <TableCell align="right">VAT</TableCell>
            <TableCell align="right">Inc VAT</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, amounts]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{pounds(amounts.ex)}</TableCell>
              <TableCell align="right">{pounds(amounts.vat)}</TableCell>
              <TableCell align="right">{pounds(amounts.inc)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {order.discount?.description ? (
        <Typography sx={{ mt: 1 }}>{order.discount.description}</Typography>
      ) : null}
    </TableContainer>
  );
}

function Fulfilment({ order }: { order: OrderPage }) {
  const { fulfilment } = order;
  const delivery = order.delivery as Record<string, unknown>;
  const stockist =
    fulfilment.method === 'collect' ? (delivery.stockist as Record<string, unknown>) : undefined;
  const when = (label: string, at: string | null): [string, ReactNode][] =>
    at ? [[label, ukDateTime(at)]] : [];
  return (
    <Facts
      facts={[
        ['State', fulfilmentLabel(fulfilment.status)],
        ...(stockist
          ? ([
              ['Collected from', [String(stockist.name ?? ''), ...addressLines(stockist)].join(', ')],
              ['Collected by', addressLines(delivery)[0] ?? ''],
            ] as [string, ReactNode][])
          : ([
              ['Deliver to', addressLines(delivery.address).join(', ')],
              ['Delivery chosen', String(delivery.carrier_label ?? '')],
            ] as [string, ReactNode][])),
        ...(fulfilment.tracking_number
          ? ([
              ['Carrier', fulfilment.carrier_name ?? fulfilment.carrier ?? ''],
              [
                'Tracking number',
                fulfilment.tracking_url ? (
                  <Link href={fulfilment.tracking_url} target="_blank" rel="noopener noreferrer">
                    {fulfilment.tracking_number}
                  </Link>
                ) : (
                  fulfilment.tracking_number
                ),
              ],
            ] as [string, ReactNode][])
          : []),
        ...when('Ready', fulfilment.ready_at),
        ...when('Collected', fulfilment.collected_at),
        ...when('Dispatched', fulfilment.dispatched_at),
        ...when('Delivered', fulfilment.delivered_at),
        ...when('Cancelled', fulfilment.cancelled_at),
        ...(fulfilment.cancel_reason
          ? ([['Why cancelled', fulfilment.cancel_reason]] as [string, ReactNode][])
          : []),
      ]}
    />
  );
}

function PaymentFacts({ order, payment }: { order: OrderPage; payment: Payment }) {
  return (
    <Stack spacing={2}>
      <Facts
        facts={[
          ['State', paymentStatusLabel(payment.status)],
          ['Provider', payment.provider],
          ['Paid', pounds(payment.captured_pence)],
          ['Refunded', pounds(payment.refunded_pence)],
          ['Left to refund', pounds(payment.refundable_pence)],
        ]}
      />
      <Typography component="h3" variant="subtitle1">
        Events
      </Typography>
      <List dense disablePadding aria-label="Payment events">
        {payment.events.map((event, index) => (
          <ListItem key={index} disableGutters>
            <ListItemText
              primary={`${event.type}${event.outcome ? `: ${event.outcome}` : ''}`}
              secondary={ukDateTime(event.received_at)}
            />
          </ListItem>
        ))}
      </List>
      <Typography component="h3" variant="subtitle1">
        Refunds
      </Typography>
      {payment.refunds.length === 0 ? (
        <Typography>None.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Refunds">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Credit note</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payment.refunds.map((refund) => (
                <TableRow key={refund.id}>
                  <TableCell>{ukDateTime(refund.created_at)}</TableCell>
                  <TableCell align="right">{pounds(refund.amount_pence)}</TableCell>
                  <TableCell>{refund.status}</TableCell>
                  <TableCell>{refund.reason}</TableCell>
                  <TableCell>
                    <Link
                      href={documentUrl(order, `credit-notes/${refund.id}.pdf`)}
                      target="_blank"
                      rel="noopener"
                    >
                      {refund.credit_note_number ?? 'Credit note'} (PDF)
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function Documents({ order }: { order: OrderPage }) {
  const refunds = order.payment?.refunds ?? [];
  return (
    <List dense disablePadding aria-label="Documents">
      {order.invoice.available ? (
        <ListItem disableGutters>
          <Link href={documentUrl(order, 'invoice.pdf')} target="_blank" rel="noopener">
            VAT invoice (PDF)
          </Link>
          {order.invoice.number ? <Typography sx={{ ml: 1 }}>{order.invoice.number}</Typography> : null}
        </ListItem>
      ) : null}
      {refunds.map((refund) => (
        <ListItem key={refund.id} disableGutters>
          <Link href={documentUrl(order, `credit-notes/${refund.id}.pdf`)} target="_blank" rel="noopener">
            Credit note {refund.credit_note_number ?? ''} (PDF)
          </Link>
        </ListItem>
      ))}
      <ListItem disableGutters>
        <Link href={documentUrl(order, 'packing-slip.pdf')} target="_blank" rel="noopener">
          Packing slip
        </Link>
      </ListItem>
    </List>
  );
}

function Mails({ order }: { order: OrderPage }) {
  if (order.mails.length === 0) return <Typography>None yet.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="E-mails sent">
        <TableHead>
          <TableRow>
            <TableCell>Subject</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Attached</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell>{mail.subject}</TableCell>
              <TableCell>{mail.recipient}</TableCell>
              <TableCell>{mail.sent_at ? ukDateTime(mail.sent_at) : 'Waiting to be sent'}</TableCell>
              <TableCell>{mail.attachments.join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Timeline({ order }: { order: OrderPage }) {
  return (
    <List dense disablePadding aria-label="Timeline">
      {order.timeline.map((event, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={event.summary}
            secondary={`${ukDateTime(event.at)}${event.actor ? ` · ${event.actor}` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

function OrderView() {
  const order = useRecordContext<OrderPage>();
  // Opened from the list, react-admin first shows the list's row (it seeds the record cache) until the order page
  // arrives: without its lines it is not the page yet.
  if (!order || !Array.isArray(order.lines)) return <Loading />;
  const billing = (order.billing ?? {}) as Record<string, unknown>;
  return (
    // Inline-size containment: the page takes the width it is given, whatever its tables' (they scroll).
    <Stack spacing={2} sx={{ mt: 2, contain: 'inline-size' }}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h5">
          Order {order.number}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip label={`Order: ${orderStatusLabel(order.status)}`} />
          <Chip label={`Payment: ${paymentStatusLabel(order.payment_status)}`} />
          <Chip label={`Fulfilment: ${fulfilmentLabel(order.fulfilment_status)}`} color="primary" />
          {order.erased ? <Chip label="Customer erased" color="warning" /> : null}
        </Stack>
        <OrderActions order={order} />
      </Stack>
      <Grid container spacing={2}>
        <Section title="Customer">
          <Facts
            facts={[
              ['Placed', ukDateTime(order.placed_at)],
              ['Name', order.name],
              ['Email address', order.erased ? 'Erased' : order.email],
              ['Phone', order.erased ? 'Erased' : (order.phone ?? '')],
              ['Audience', AUDIENCE_LABELS[order.audience]],
              ['Paid by', PAYMENT_METHOD_LABELS[order.payment_method]],
              ...(order.po_number ? ([['PO number', order.po_number]] as [string, ReactNode][]) : []),
              [
                'Account',
                order.erased
                  ? 'Erased (UK GDPR): kept for the VAT records'
                  : order.customer_id
                    ? `Customer ${order.customer_id}`
                    : 'Guest',
              ],
            ]}
          />
        </Section>
        <Section title={order.fulfilment.method === 'collect' ? 'Collection' : 'Delivery'}>
          <Fulfilment order={order} />
        </Section>
        <Section title="Lines" wide>
          <Lines order={order} />
        </Section>
        <Section title="Totals">
          <Totals order={order} />
        </Section>
        <Section title="Billing">
          <Typography>
            {billing.same_as_delivery
              ? 'Same address as the delivery.'
              : addressLines(billing.address).join(', ') || 'No billing address.'}
          </Typography>
          {order.payment_due_at ? (
            <Typography sx={{ mt: 1 }}>
              Invoice due {ukDateTime(order.payment_due_at)}
              {order.invoice.overdue ? ' (overdue)' : ''}
            </Typography>
          ) : null}
        </Section>
        <Section title="Payment">
          {order.payment ? (
            <PaymentFacts order={order} payment={order.payment} />
          ) : (
            <Typography>No card payment: {PAYMENT_METHOD_LABELS[order.payment_method]}.</Typography>
          )}
        </Section>
        <Section title="Documents">
          <Documents order={order} />
        </Section>
        <Section title="E-mails sent" wide>
          <Mails order={order} />
        </Section>
        <Section title="Notes">
          {order.notes.length === 0 ? (
            <Typography>No notes.</Typography>
          ) : (
            <List dense disablePadding aria-label="Notes">
              {order.notes.map((note) => (
                <ListItem key={note.id} disableGutters>
                  <ListItemText
                    primary={note.body}
                    secondary={`${note.staff_name} · ${ukDateTime(note.created_at)}`}
                    sx={{ whiteSpace: 'pre-wrap' }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
        <Section title="Timeline">
          <Timeline order={order} />
        </Section>
      </Grid>
    </Stack>
  );
}

function OrderTitle() {
  const order = useRecordContext<OrderPage>();
  return <>{order ? `Order ${order.number}` : 'Order'}</>;
}

export default function OrderShow() {
  return (
    <Show<OrderPage> title={<OrderTitle />} actions={false} component="div">
      <OrderView />
    </Show>
  );
}
