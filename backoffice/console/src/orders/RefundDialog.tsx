/**
 * A refund: the whole remainder, chosen quantities of lines (with the delivery charge or not), or an amount in
 * pounds, always with a reason the customer reads. The idempotency key is made once when the dialog opens, so a
 * second click, or a retry after a lost answer, refunds once; a new opening is a new refund.
 */
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { api } from '../api/client.ts';
import type { OrderPage } from '../api/types.ts';
import { pounds } from '../money.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { orderCalls } from './order-calls.ts';
import {
  checkRefund,
  emptyRefundForm,
  refundableQuantity,
  type RefundForm,
  type RefundMode,
} from './refund-form.ts';
import { useOrderAction } from './use-order-action.ts';

const calls = orderCalls(api);

export function RefundDialog({ order, onClose }: { order: OrderPage; onClose(): void }) {
  const run = useOrderAction(order.id);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState<RefundForm>(emptyRefundForm);
  const modeLabel = useId();
  const change = (changes: Partial<RefundForm>) => setForm((current) => ({ ...current, ...changes }));
  const check = checkRefund(order, form);
  const left = order.payment?.refundable_pence ?? 0;

  return (
    <ActionDialog
      title={`Refund ${order.number}`}
      submitLabel={'pence' in check ? `Refund ${pounds(check.pence)}` : 'Refund'}
      onClose={onClose}
      problem={'problem' in check ? check.problem : undefined}
      onSubmit={async () => {
        if (!('body' in check)) return;
        await run(
          () => calls.refund(order.id, { ...check.body, idempotency_key: idempotencyKey }),
          'refunded',
          {
            amount: pounds(check.pence),
          },
        );
        onClose();
      }}
    >
      <Stack spacing={2}>
        <Typography>
          {pounds(left)} of {pounds(order.payment?.captured_pence ?? 0)} paid is left to refund. The customer
          is e-mailed the amount, the reason and a credit note.
        </Typography>
        <FormControl>
          <FormLabel id={modeLabel}>What to refund</FormLabel>
          <RadioGroup
            aria-labelledby={modeLabel}
            value={form.mode}
            onChange={(event) => change({ mode: event.target.value as RefundMode })}
          >
            <FormControlLabel
              value="remainder"
              control={<Radio autoFocus={form.mode === 'remainder'} />}
              label={`Everything left (${pounds(left)})`}
            />
            <FormControlLabel value="lines" control={<Radio />} label="Some lines" />
            <FormControlLabel value="amount" control={<Radio />} label="An amount" />
          </RadioGroup>
        </FormControl>
        {form.mode === 'lines' ? (
          <>
            <Table size="small" aria-label="Quantities to refund">
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell align="right">Can refund</TableCell>
                  <TableCell align="right">Refund</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.lines.map((line) => {
                  const most = refundableQuantity(line);
                  return (
                    <TableRow key={line.id}>
                      <TableCell>{line.name}</TableCell>
                      <TableCell align="right">{most}</TableCell>
                      <TableCell align="right">
                        <TextField
                          type="number"
                          size="small"
                          disabled={most === 0}
                          value={form.quantities[line.id] ?? 0}
                          onChange={(event) =>
                            change({
                              quantities: { ...form.quantities, [line.id]: Number(event.target.value) },
                            })
                          }
                          slotProps={{
                            htmlInput: {
                              min: 0,
                              max: most,
                              'aria-label': `Quantity of ${line.name} to refund`,
                            },
                          }}
                          sx={{ width: '6rem' }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {order.totals.shipping.inc > 0 ? (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.shipping}
                    onChange={(event) => change({ shipping: event.target.checked })}
                  />
                }
                label={`The delivery charge too (${pounds(order.totals.shipping.inc)})`}
              />
            ) : null}
          </>
        ) : null}
        {form.mode === 'amount' ? (
          <TextField
            label="Amount in pounds"
            value={form.amount}
            onChange={(event) => change({ amount: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        ) : null}
        <TextField
          label="Reason"
          required
          value={form.reason}
          onChange={(event) => change({ reason: event.target.value })}
        />
      </Stack>
    </ActionDialog>
  );
}
