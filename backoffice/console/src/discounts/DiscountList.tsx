/**
 * Discount codes with their uses and state, newest first, paged, sorted and searched by the back-office: a search of
 * codes, the state (scheduled, active, expired, used up, deactivated) and the kind. A code opens its form for those
 * who may change codes; each row can be deactivated or activated.
 */
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { ukDateTime } from '../dates.ts';
import {
  AUDIENCE_LABELS,
  choicesOf,
  KIND_LABELS,
  STATE_LABELS,
  type StaffDiscount,
} from './discount-form.ts';
import { usesLabel, valueLabel } from './labels.ts';
import { SwitchButton } from './SwitchButton.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Code" />,
  <SelectInput key="state" source="state" label="State" choices={choicesOf(STATE_LABELS)} />,
  <SelectInput key="kind" source="kind" label="Kind" choices={choicesOf(KIND_LABELS)} />,
];

export default function DiscountList() {
  const { canAccess: edits } = useCanAccess({ resource: 'discounts', action: 'edit' });
  return (
    <List
      title="Discount codes"
      empty={false}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={<TopToolbar>{edits ? <CreateButton label="New discount code" /> : null}</TopToolbar>}
    >
      <DataTable<StaffDiscount> bulkActionButtons={false} rowClick={edits ? 'edit' : false}>
        <DataTable.Col<StaffDiscount> source="code" label="Code" />
        <DataTable.Col<StaffDiscount> source="description" label="Shown in the basket" disableSort />
        <DataTable.Col<StaffDiscount> label="Discount" render={valueLabel} />
        <DataTable.Col<StaffDiscount> label="For" render={(d) => AUDIENCE_LABELS[d.audience]} />
        <DataTable.Col<StaffDiscount> source="used" label="Uses" render={usesLabel} />
        <DataTable.Col<StaffDiscount>
          source="starts_at"
          label="Starts"
          render={(d) => (d.starts_at ? ukDateTime(d.starts_at) : 'Straight away')}
        />
        <DataTable.Col<StaffDiscount>
          source="ends_at"
          label="Ends"
          render={(d) => (d.ends_at ? ukDateTime(d.ends_at) : 'No end')}
        />
        <DataTable.Col<StaffDiscount> label="State" render={(d) => STATE_LABELS[d.state]} />
        <DataTable.Col<StaffDiscount> label="Actions">
          <SwitchButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
