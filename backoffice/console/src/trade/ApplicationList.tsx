/** Trade account applications, newest first; the queue opens on those waiting for a decision. */
import { DataTable, List, SelectInput } from 'react-admin';
import { UkDateField } from '../ui/UkDateField.tsx';
import { STATUS_CHOICES, statusLabel, wholePounds } from './labels.ts';
import type { TradeApplication } from './types.ts';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={STATUS_CHOICES}
    emptyText="All"
  />,
];

export default function ApplicationList() {
  return (
    <List
      title="Trade account applications"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable<TradeApplication> bulkActionButtons={false} rowClick="show">
        <DataTable.Col<TradeApplication> source="company" label="Company" />
        <DataTable.Col<TradeApplication> source="name" label="Contact" disableSort />
        <DataTable.Col<TradeApplication> source="email" label="Email address" disableSort />
        <DataTable.Col<TradeApplication>
          source="expected_monthly_spend_pounds"
          label="Expected monthly spend"
          disableSort
          render={(application) => wholePounds(application.expected_monthly_spend_pounds)}
        />
        <DataTable.Col<TradeApplication> source="created_at" label="Applied" field={UkDateField} />
        <DataTable.Col<TradeApplication>
          source="status"
          label="Status"
          render={(application) => statusLabel(application.status)}
        />
      </DataTable>
    </List>
  );
}
