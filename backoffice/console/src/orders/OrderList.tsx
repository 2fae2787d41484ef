/**
 * Every order, newest first, paged, sorted and filtered by the back-office: a search of numbers, e-mail addresses,
 * names and postcodes, the states, the UK days placed, the audience and how it was paid. "Export CSV" downloads the
 * orders the filters select, all of them, for the accounts.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import type { OrderListItem } from '../api/types.ts';
import { pounds } from '../money.ts';
import { UkDateField } from '../ui/UkDateField.tsx';
import {
  FULFILMENT_CHOICES,
  fulfilmentLabel,
  ORDER_STATUS_CHOICES,
  orderStatusLabel,
  PAYMENT_STATUS_CHOICES,
  paymentStatusLabel,
} from './labels.ts';
import { AUDIENCE_LABELS, exportUrl, PAYMENT_METHOD_LABELS } from './order-filter.ts';

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Number, e-mail, name or postcode" />,
  <SelectInput
    key="fulfilment_status"
    source="fulfilment_status"
    label="Fulfilment"
    choices={FULFILMENT_CHOICES}
  />,
  <SelectInput key="status" source="status" label="Order status" choices={ORDER_STATUS_CHOICES} />,
  <SelectInput
    key="payment_status"
    source="payment_status"
    label="Payment"
    choices={PAYMENT_STATUS_CHOICES}
  />,
  <DateInput key="placed_from" source="placed_from" label="Placed from" />,
  <DateInput key="placed_to" source="placed_to" label="Placed until" />,
  <SelectInput key="audience" source="audience" label="Audience" choices={choices(AUDIENCE_LABELS)} />,
  <SelectInput
    key="payment_method"
    source="payment_method"
    label="Paid by"
    choices={choices(PAYMENT_METHOD_LABELS)}
  />,
];

function ExportButton() {
  const { filterValues } = useListContext();
  // A plain link: the browser downloads the file with the session cookie, however many orders it holds.
  return (
    <Button href={exportUrl(filterValues)} download startIcon={<DownloadIcon />} size="small">
      Export CSV
    </Button>
  );
}

export default function OrderList() {
  // On a tablet the e-mail address, postcode and the two payment columns give way (they are on the order's page);
  // the table scrolls sideways rather than the page if it is still too wide.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <List
      title="Orders"
      filters={filters}
      sort={{ field: 'placed_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable<OrderListItem> bulkActionButtons={false} rowClick="show" sx={{ overflowX: 'auto' }}>
        <DataTable.Col<OrderListItem> source="number" label="Order" />
        <DataTable.Col<OrderListItem> source="placed_at" label="Placed" field={UkDateField} />
        <DataTable.Col<OrderListItem>
          source="name"
          label="Customer"
          disableSort
          render={(order) => (order.erased ? `${order.name} (Erased)` : order.name)}
        />
        {wide ? <DataTable.Col<OrderListItem> source="email" label="Email address" /> : null}
        {wide ? <DataTable.Col<OrderListItem> source="postcode" label="Postcode" disableSort /> : null}
        <DataTable.Col<OrderListItem>
          source="total_inc_pence"
          label="Total inc VAT"
          render={(order) => pounds(order.total_inc_pence)}
        />
        {wide ? (
          <DataTable.Col<OrderListItem>
            source="status"
            label="Order status"
            render={(order) => orderStatusLabel(order.status)}
          />
        ) : null}
        {wide ? (
          <DataTable.Col<OrderListItem>
            source="payment_status"
            label="Payment"
            disableSort
            render={(order) => paymentStatusLabel(order.payment_status)}
          />
        ) : null}
        <DataTable.Col<OrderListItem>
          source="fulfilment_status"
          label="Fulfilment"
          render={(order) => fulfilmentLabel(order.fulfilment_status)}
        />
      </DataTable>
    </List>
  );
}
