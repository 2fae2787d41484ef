/** Invitations sent and not yet used or withdrawn, and those accepted; a pending one can be withdrawn. */
import { CreateButton, DataTable, DeleteButton, List, TextField, TopToolbar } from 'react-admin';
import { ROLE_LABELS } from '../access.ts';
import type { Invitation } from '../api/types.ts';
import { ukDateTime } from '../dates.ts';
import { UkDateField } from '../ui/UkDateField.tsx';

export default function InvitationList() {
  return (
    <List
      title="Invitations"
      actions={
        <TopToolbar>
          <CreateButton label="Invite someone" />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable<Invitation> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<Invitation> source="email" label="Email address" field={TextField} />
        <DataTable.Col<Invitation>
          source="role"
          label="Role"
          render={(invitation) => ROLE_LABELS[invitation.role]}
        />
        <DataTable.Col<Invitation> source="created_at" label="Sent" field={UkDateField} />
        <DataTable.Col<Invitation> source="expires_at" label="Expires" field={UkDateField} />
        <DataTable.Col<Invitation>
          source="accepted_at"
          label="Accepted"
          disableSort
          render={(invitation) => (invitation.accepted_at ? ukDateTime(invitation.accepted_at) : 'Not yet')}
        />
        <DataTable.Col<Invitation>
          label="Withdraw"
          render={(invitation) =>
            invitation.accepted_at ? null : (
              <DeleteButton
                label="Withdraw"
                mutationMode="pessimistic"
                confirmTitle="Withdraw this invitation?"
                confirmContent="Its link will stop working."
              />
            )
          }
        />
      </DataTable>
    </List>
  );
}
