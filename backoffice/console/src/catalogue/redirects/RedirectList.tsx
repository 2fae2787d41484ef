/**
 * The redirects the shop answers: old addresses and where they go, searched in either address, sorted and paged by
 * the back-office. Those changing a slug of a product, a category or a page add theirs automatically; `content`
 * people add, change and delete them here.
 */
import { CreateButton, DataTable, DeleteButton, List, SearchInput, TopToolbar } from 'react-admin';
import type { StaffRedirect } from './calls.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Address" />];

export default function RedirectList() {
  return (
    <List
      title="Redirects"
      empty={false}
      filters={filters}
      sort={{ field: 'from', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton label="New redirect" />
        </TopToolbar>
      }
    >
      <DataTable<StaffRedirect> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col<StaffRedirect> source="from" label="Old address" />
        <DataTable.Col<StaffRedirect> source="to" label="New address" />
        <DataTable.Col<StaffRedirect> label="Actions">
          <DeleteButton mutationMode="pessimistic" confirmTitle="Delete this redirect?" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
