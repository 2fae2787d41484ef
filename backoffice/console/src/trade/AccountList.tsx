/** Approved trade accounts: the terms, the credit limit, used and left, and whether the account is on hold. */
import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { pounds } from '../money.ts';
import type { TradeAccount } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or company" />,
  <SelectInput
    key="on_hold"
    source="on_hold"
    label="Hold"
    alwaysOn
    emptyText="All"
    choices={[
      { id: 'true', name: 'On hold' },
      { id: 'false', name: 'Not on hold' },
    ]}
  />,
];

export default function AccountList() {
  return (
    <List title="Trade accounts" filters={filters} sort={{ field: 'email', order: 'ASC' }}>
      <DataTable<TradeAccount> bulkActionButtons={false} rowClick="show">
        <DataTable.Col<TradeAccount> source="company" label="Company" />
        <DataTable.Col<TradeAccount> source="email" label="Email address" />
        <DataTable.Col<TradeAccount>
          source="payment_terms_days"
          label="Terms"
          disableSort
          render={(account) => `${account.payment_terms_days} days`}
        />
        <DataTable.Col<TradeAccount>
          source="credit_limit_pence"
          label="Credit limit"
          render={(account) => pounds(account.credit_limit_pence)}
        />
        <DataTable.Col<TradeAccount>
          source="credit_used_pence"
          label="Used"
          disableSort
          render={(account) => pounds(account.credit_used_pence)}
        />
        <DataTable.Col<TradeAccount>
          source="credit_left_pence"
          label="Left"
          disableSort
          render={(account) => pounds(account.credit_left_pence)}
        />
        <DataTable.Col<TradeAccount>
          source="on_hold"
          label="On hold"
          disableSort
          render={(account) => (account.on_hold ? 'On hold' : 'No')}
        />
      </DataTable>
    </List>
  );
}
