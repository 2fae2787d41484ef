/** Everyone with a staff account: role, whether they can sign in, and when they last did. Owners open one to change it. */
import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { ROLE_CHOICES, ROLE_LABELS } from '../access.ts';
import type { Person } from '../api/types.ts';
import { UkDateField } from '../ui/UkDateField.tsx';

function PeopleActions() {
  const { canAccess } = useCanAccess({ resource: 'invitations', action: 'create' });
  return (
    <TopToolbar>
      {canAccess ? <CreateButton resource="invitations" label="Invite someone" /> : null}
    </TopToolbar>
  );
}

/** A search of names and e-mail addresses, a role, whether they can sign in. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <BooleanInput key="active" source="active" label="Can sign in" />,
];

export default function PeopleList() {
  return (
    <List title="Staff" actions={<PeopleActions />} filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable<Person> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col<Person> source="name" label="Name" />
        <DataTable.Col<Person> source="email" label="Email address" />
        <DataTable.Col<Person> source="role" label="Role" render={(person) => ROLE_LABELS[person.role]} />
        <DataTable.Col<Person>
          source="active"
          label="Can sign in"
          render={(person) => (person.active ? 'Yes' : 'No')}
        />
        <DataTable.Col<Person>
          source="enrolled"
          label="Authenticator"
          disableSort
          render={(person) => (person.enrolled ? 'Set up' : 'Not set up')}
        />
        <DataTable.Col<Person> source="last_sign_in_at" label="Last sign-in" field={UkDateField} />
      </DataTable>
    </List>
  );
}
