/**
 * On-account orders whose invoice is not yet paid, open or overdue. Credit control marks one paid once the money
 * is in (which gives the customer their credit back).
 */
import { Button } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, SelectInput, useCanAccess, useRefresh } from 'react-admin';
import { api } from '../api/client.ts';
import type { OpenInvoice } from '../api/types.ts';
import { pounds } from '../money.ts';
import { UkDateField } from '../ui/UkDateField.tsx';
import { ActionDialog } from './ActionDialog.tsx';
import { orderCalls } from './order-calls.ts';
import { useOrderAction } from './use-order-action.ts';

const calls = orderCalls(api);

const filters = [
  <SelectInput
    key="state"
    source="state"
    label="Invoices"
    alwaysOn
    emptyText="Open"
    emptyValue="open"
    choices={[
      { id: 'open', name: 'Open' },
      { id: 'overdue', name: 'Overdue' },
    ]}
  />,
];

function MarkPaid({ invoice }: { invoice: OpenInvoice }) {
  const [open, setOpen] = useState(false);
  const run = useOrderAction(invoice.id);
  const refresh = useRefresh();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={(event) => {
          // The row's own click opens the order.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        Mark paid
      </Button>
      {open ? (
        <ActionDialog
          title={`Mark invoice of ${invoice.number} paid?`}
          submitLabel="Mark paid"
          confirmOnly
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            await run(() => calls.markInvoicePaid(invoice.id), 'invoice_paid', { number: invoice.number });
            setOpen(false);
            refresh();
          }}
        >
          {`${pounds(invoice.total_inc_pence)} from ${invoice.name}: only once the money is in the bank.`}
        </ActionDialog>
      ) : null}
    </>
  );
}

export default function InvoiceList() {
  const { canAccess: marksPaid } = useCanAccess({ resource: 'invoices', action: 'mark_paid' });
  return (
    <List title="Open invoices" filters={filters} filterDefaultValues={{ state: 'open' }}>
      <DataTable<OpenInvoice> bulkActionButtons={false} rowClick={(id) => `/orders/${id}/show`}>
        <DataTable.Col<OpenInvoice> source="number" label="Order" disableSort />
        <DataTable.Col<OpenInvoice> source="name" label="Customer" disableSort />
        <DataTable.Col<OpenInvoice> source="email" label="Email address" disableSort />
        <DataTable.Col<OpenInvoice>
          source="total_inc_pence"
          label="Amount inc VAT"
          disableSort
          render={(invoice) => pounds(invoice.total_inc_pence)}
        />
        <DataTable.Col<OpenInvoice> source="placed_at" label="Placed" field={UkDateField} disableSort />
        <DataTable.Col<OpenInvoice> source="due_at" label="Due" field={UkDateField} disableSort />
        <DataTable.Col<OpenInvoice>
          source="overdue"
          label="Overdue"
          disableSort
          render={(invoice) => (invoice.overdue ? 'Yes' : 'No')}
        />
        {marksPaid ? (
          <DataTable.Col<OpenInvoice> label="Paid" render={(invoice) => <MarkPaid invoice={invoice} />} />
        ) : null}
      </DataTable>
    </List>
  );
}
