/**
 * Customer accounts, newest first, paged, sorted and filtered by the back-office: a search of e-mail addresses,
 * names, companies and phone numbers, the audience, trade approval and whether the account is disabled.
 */
import { BooleanInput, DataTable, List, SearchInput, SelectInput } from 'react-admin';
import type { CustomerListItem } from '../api/types.ts';
import { UkDateField } from '../ui/UkDateField.tsx';
import { AUDIENCE_LABELS } from '../orders/order-filter.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail, name, company or phone" />,
  <SelectInput
    key="audience"
    source="audience"
    label="Audience"
    choices={Object.entries(AUDIENCE_LABELS).map(([id, name]) => ({ id, name }))}
  />,
  <BooleanInput key="trade_approved" source="trade_approved" label="Trade account" />,
  <BooleanInput key="disabled" source="disabled" label="Disabled" />,
];

export default function CustomerList() {
  return (
    <List title="Customers" filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable<CustomerListItem> bulkActionButtons={false} rowClick="show" sx={{ overflowX: 'auto' }}>
        <DataTable.Col<CustomerListItem>
          source="last_name"
          label="Name"
          render={(customer) => `${customer.first_name} ${customer.last_name}`}
        />
        <DataTable.Col<CustomerListItem> source="email" label="Email address" />
        <DataTable.Col<CustomerListItem> source="company" label="Company" />
        <DataTable.Col<CustomerListItem> source="phone" label="Phone" disableSort />
        <DataTable.Col<CustomerListItem>
          source="audience"
          label="Audience"
          disableSort
          render={(customer) => AUDIENCE_LABELS[customer.audience]}
        />
        <DataTable.Col<CustomerListItem>
          source="disabled"
          label="State"
          disableSort
          render={(customer) =>
            [customer.disabled ? 'Disabled' : 'Active', customer.trade_approved ? 'trade' : '']
              .filter(Boolean)
              .join(', ')
          }
        />
        <DataTable.Col<CustomerListItem> source="created_at" label="Signed up" field={UkDateField} />
      </DataTable>
    </List>
  );
}
