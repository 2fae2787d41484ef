/**
 * The order page's actions, each a button opening its dialog. A button shows only when the person's role allows the
 * action (access.ts) and, for the fulfilment moves, when the back-office lists the move as possible now
 * (`fulfilment.next`): the back-office refuses anything else anyway.
 */
import { Button, Stack, TextField, Typography } from '@mui/material';
import {
  SHIPPING_CARRIER_CODES,
  SHIPPING_CARRIERS,
  type ShippingCarrier,
} from '@plasterwick/shop-rules/fulfilment';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { api } from '../api/client.ts';
import type { OrderPage } from '../api/types.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { orderCalls, type SimpleMove } from './order-calls.ts';
import { RefundDialog } from './RefundDialog.tsx';
import { useOrderAction } from './use-order-action.ts';

const calls = orderCalls(api);

type Action = SimpleMove | 'dispatch' | 'cancel' | 'refund' | 'note' | 'resend';

/** The simple moves: a button, a dialog that asks to confirm, what the customer is told. */
const MOVES: Record<SimpleMove, { button: string; title: string; explain: string }> = {
  ready_for_collection: {
    button: 'Mark ready for collection',
    title: 'Mark this order ready for collection?',
    explain:
      'The customer is e-mailed that it can be collected, with the stockist, its hours and what to bring.',
  },
  collected: {
    button: 'Mark collected',
    title: 'Mark this order collected?',
    explain: 'Only once the customer has taken the goods away.',
  },
  delivered: {
    button: 'Mark delivered',
    title: 'Mark this order delivered?',
    explain: 'Once the carrier confirms the parcel has arrived.',
  },
};

function DispatchDialog({ order, onClose }: { order: OrderPage; onClose(): void }) {
  const run = useOrderAction(order.id);
  const [carrier, setCarrier] = useState<ShippingCarrier>(SHIPPING_CARRIER_CODES[0]);
  const [tracking, setTracking] = useState('');
  const problem = tracking.trim() === '' ? 'Type the tracking number from the label.' : undefined;
  return (
    <ActionDialog
      title={`Dispatch ${order.number}`}
      submitLabel="Dispatch"
      onClose={onClose}
      problem={problem}
      onSubmit={async () => {
        await run(() => calls.dispatch(order.id, carrier, tracking.trim()), 'dispatched');
        onClose();
      }}
    >
      <Typography sx={{ mb: 2 }}>
        The customer is e-mailed the carrier, the tracking number and its link.
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          autoFocus
          label="Carrier"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as ShippingCarrier)}
          slotProps={{ select: { native: true } }}
        >
          {SHIPPING_CARRIER_CODES.map((code) => (
            <option key={code} value={code}>
              {SHIPPING_CARRIERS[code].name}
            </option>
          ))}
        </TextField>
        <TextField
          label="Tracking number"
          value={tracking}
          required
          onChange={(event) => setTracking(event.target.value)}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
      </Stack>
    </ActionDialog>
  );
}

function CancelDialog({ order, onClose }: { order: OrderPage; onClose(): void }) {
  const run = useOrderAction(order.id);
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={`Cancel ${order.number}?`}
      submitLabel="Cancel order"
      onClose={onClose}
      problem={reason.trim() === '' ? 'Give a reason: the customer reads it.' : undefined}
      onSubmit={async () => {
        await run(() => calls.cancel(order.id, reason.trim()), 'cancelled');
        onClose();
      }}
    >
      <Typography sx={{ mb: 2 }}>
        Whatever was paid is refunded, a discount code can be used again, and the customer is e-mailed.
      </Typography>
      <TextField
        autoFocus
        fullWidth
        required
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ActionDialog>
  );
}

function NoteDialog({ order, onClose }: { order: OrderPage; onClose(): void }) {
  const run = useOrderAction(order.id);
  const [body, setBody] = useState('');
  return (
    <ActionDialog
      title="Add a note"
      submitLabel="Add note"
      onClose={onClose}
      problem={body.trim() === '' ? 'Write the note first.' : undefined}
      onSubmit={async () => {
        await run(() => calls.addNote(order.id, body.trim()), 'note');
        onClose();
      }}
    >
      <Typography sx={{ mb: 2 }}>Staff only: the customer never sees notes.</Typography>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        required
        label="Note"
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
    </ActionDialog>
  );
}

export function OrderActions({ order }: { order: OrderPage }) {
  const [open, setOpen] = useState<Action>();
  const run = useOrderAction(order.id);
  const can = {
    fulfil: useCanAccess({ resource: 'orders', action: 'fulfil' }).canAccess,
    cancel: useCanAccess({ resource: 'orders', action: 'cancel' }).canAccess,
    refund: useCanAccess({ resource: 'orders', action: 'refund' }).canAccess,
    note: useCanAccess({ resource: 'orders', action: 'note' }).canAccess,
    resend: useCanAccess({ resource: 'orders', action: 'resend' }).canAccess,
  };
  const next = order.fulfilment.next;
  const close = () => setOpen(undefined);
  const button = (action: Action, label: string) => (
    <Button
      key={action}
      variant={action === 'cancel' ? 'outlined' : 'contained'}
      onClick={() => setOpen(action)}
    >
      {label}
    </Button>
  );
  const moves = (Object.keys(MOVES) as SimpleMove[]).filter((move) => can.fulfil && next.includes(move));
  const openMove = moves.find((move) => move === open);

  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        aria-label="Actions"
        role="group"
      >
        {moves.filter((move) => move !== 'delivered').map((move) => button(move, MOVES[move].button))}
        {can.fulfil && next.includes('dispatched') ? button('dispatch', 'Dispatch') : null}
        {moves.includes('delivered') ? button('delivered', MOVES.delivered.button) : null}
        {can.refund && (order.payment?.refundable_pence ?? 0) > 0 ? button('refund', 'Refund') : null}
        {can.note ? button('note', 'Add note') : null}
        {can.resend ? button('resend', 'Resend confirmation') : null}
        {can.cancel && next.includes('cancelled') ? button('cancel', 'Cancel order') : null}
      </Stack>
      {openMove ? (
        <ActionDialog
          title={MOVES[openMove].title}
          submitLabel={MOVES[openMove].button}
          onClose={close}
          confirmOnly
          onSubmit={async () => {
            await run(() => calls.move(order.id, openMove), openMove);
            close();
          }}
        >
          <Typography>{MOVES[openMove].explain}</Typography>
        </ActionDialog>
      ) : null}
      {open === 'dispatch' ? <DispatchDialog order={order} onClose={close} /> : null}
      {open === 'cancel' ? <CancelDialog order={order} onClose={close} /> : null}
      {open === 'refund' ? <RefundDialog order={order} onClose={close} /> : null}
      {open === 'note' ? <NoteDialog order={order} onClose={close} /> : null}
      {open === 'resend' ? (
        <ActionDialog
          title="Resend the confirmation?"
          submitLabel="Resend confirmation"
          onClose={close}
          confirmOnly
          onSubmit={async () => {
            await run(() => calls.resendConfirmation(order.id), 'resent');
            close();
          }}
        >
          <Typography>The order confirmation is e-mailed again to {order.email}.</Typography>
        </ActionDialog>
      ) : null}
    </>
  );
}
