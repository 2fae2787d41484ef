/**
 * One trade account's statement: its terms, the credit limit, used and left, what is overdue, and the open
 * on-account invoices (due first, each linking to its order); "Put on hold" stops on-account checkout until
 * "Release". Both are one call each, and a second click changes nothing.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Loading,
  Show,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { api } from '../api/client.ts';
import { ukDay } from '../dates.ts';
import { pounds } from '../money.ts';
import { ActionDialog } from '../orders/ActionDialog.tsx';
import { failureMessage } from '../ui/use-submit.ts';
import { Facts } from './ApplicationShow.tsx';
import { tradeCalls } from './trade-calls.ts';
import type { TradeStatement } from './types.ts';

const calls = tradeCalls(api);

function HoldButton() {
  const account = useRecordContext<TradeStatement>();
  const { canAccess } = useCanAccess({ resource: 'trade-accounts', action: 'hold' });
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (!account || !canAccess) return null;
  const hold = !account.on_hold;
  const who = account.company ?? account.name;
  return (
    <TopToolbar>
      <Button
        variant={hold ? 'outlined' : 'contained'}
        color={hold ? 'error' : 'primary'}
        onClick={() => setOpen(true)}
      >
        {hold ? 'Put on hold' : 'Release'}
      </Button>
      {open ? (
        <ActionDialog
          title={hold ? `Put ${who} on hold?` : `Release ${who}?`}
          submitLabel={hold ? 'Put on hold' : 'Release'}
          confirmOnly
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            try {
              await (hold ? calls.hold(account.id) : calls.release(account.id));
            } catch (error) {
              throw new Error(failureMessage(error), { cause: error });
            }
            notify(hold ? `${who} is on hold.` : `${who} can pay on account again.`, { type: 'success' });
            setOpen(false);
            refresh();
          }}
        >
          {hold
            ? 'The customer will not be offered paying on account at checkout until the account is released.'
            : 'The customer will be offered paying on account again, within the credit left.'}
        </ActionDialog>
      ) : null}
    </TopToolbar>
  );
}

function Statement() {
  const account = useRecordContext<TradeStatement>();
  // The list's row stands in until the statement arrives: it has no invoices yet.
  if (!account || !Array.isArray(account.invoices)) return <Loading />;
  return (
    <Stack spacing={2}>
      {account.on_hold ? (
        <Alert severity="warning">On hold: no on-account checkout until the account is released.</Alert>
      ) : null}
      {!account.approved ? (
        <Alert severity="info">This account is not an approved trade account.</Alert>
      ) : null}
      <Card component="section" aria-label="Credit">
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {account.company ?? account.name}
          </Typography>
          <Facts
            facts={[
              ['Email address', account.email],
              ['Payment terms', `${account.payment_terms_days} days`],
              ['Purchase order', account.po_required ? 'Required' : 'Not required'],
              ['Credit limit', pounds(account.credit_limit_pence)],
              ['Credit used', pounds(account.credit_used_pence)],
              ['Credit left', pounds(account.credit_left_pence)],
              ['Overdue', pounds(account.overdue_pence)],
            ]}
          />
        </CardContent>
      </Card>
      <Card component="section" aria-label="Open invoices">
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            Open invoices
          </Typography>
          {account.invoices.length === 0 ? (
            <Typography>No open invoice.</Typography>
          ) : (
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Order</TableCell>
                    <TableCell>Placed</TableCell>
                    <TableCell>Due</TableCell>
                    <TableCell>PO</TableCell>
                    <TableCell align="right">Amount inc VAT</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {account.invoices.map((invoice) => (
                    <TableRow key={invoice.order_id}>
                      <TableCell>
                        <Link component={RouterLink} to={`/orders/${invoice.order_id}/show`}>
                          {invoice.number}
                        </Link>
                      </TableCell>
                      <TableCell>{ukDay(invoice.placed_at)}</TableCell>
                      <TableCell>
                        {ukDay(invoice.due_at)}
                        {invoice.overdue ? ' (overdue)' : ''}
                      </TableCell>
                      <TableCell>{invoice.po_number ?? ''}</TableCell>
                      <TableCell align="right">{pounds(invoice.total_inc_pence)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

export default function AccountShow() {
  return (
    <Show title="Trade account" actions={<HoldButton />}>
      <Statement />
    </Show>
  );
}
