/**
 * The inbox's lists: contact and jobsite-support messages (with the time left of a jobsite request's 48 hours), or
 * job applications; newest first, filtered by kind, status and assignee on the back-office.
 */
import { DataTable, List, SelectInput } from 'react-admin';
import type { InboxItem } from '../api/types.ts';
import { UkDateField } from '../ui/UkDateField.tsx';
import { kindLabel, MESSAGE_KIND_CHOICES, STATUS_CHOICES, statusLabel, timeLeft } from './labels.ts';
import type { SubmissionResource } from './inbox-calls.ts';

const ASSIGNEE_CHOICES = [
  { id: 'me', name: 'Me' },
  { id: 'none', name: 'Nobody' },
];

function SubmissionList({ resource }: { resource: SubmissionResource }) {
  const messages = resource === 'messages';
  const filters = [
    ...(messages
      ? [<SelectInput key="kind" source="kind" label="Kind" choices={MESSAGE_KIND_CHOICES} alwaysOn />]
      : []),
    <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key="assignee" source="assignee" label="Assigned to" choices={ASSIGNEE_CHOICES} alwaysOn />,
  ];
  const now = new Date();
  return (
    <List
      title={messages ? 'Messages' : 'Job applications'}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable<InboxItem> bulkActionButtons={false} rowClick="show" sx={{ overflowX: 'auto' }}>
        <DataTable.Col<InboxItem> source="created_at" label="Received" field={UkDateField} />
        {messages ? (
          <DataTable.Col<InboxItem>
            source="kind"
            label="Kind"
            disableSort
            render={(item) => kindLabel(item.kind)}
          />
        ) : null}
        <DataTable.Col<InboxItem> source="name" label="From" disableSort />
        <DataTable.Col<InboxItem> source="summary" label={messages ? 'About' : 'Vacancy'} disableSort />
        <DataTable.Col<InboxItem>
          source="status"
          label="Status"
          render={(item) => statusLabel(item.status)}
        />
        <DataTable.Col<InboxItem>
          source="assignee"
          label="Assigned to"
          disableSort
          render={(item) => item.assignee?.name ?? 'Nobody'}
        />
        {messages ? (
          <DataTable.Col<InboxItem>
            source="respond_by"
            label="Time left"
            disableSort
            render={(item) => timeLeft(item.respond_by, item.status, now)}
          />
        ) : null}
      </DataTable>
    </List>
  );
}

export function MessageList() {
  return <SubmissionList resource="messages" />;
}

export function ApplicationList() {
  return <SubmissionList resource="applications" />;
}
