/**
 * Machine tokens (owners): each with its scope, when it was made, last used and expires, and whether it is revoked.
 * A token still in force can be revoked: whatever uses it is refused from then on.
 */
import { CreateButton, DataTable, DeleteButton, List, TopToolbar, useCanAccess } from 'react-admin';
import { roleLabel } from '../access.ts';
import { ukDateTime } from '../dates.ts';
import type { MachineToken } from './calls.ts';

const when = (value: string | null, none: string) => (value ? ukDateTime(value) : none);

export default function TokenList() {
  const { canAccess: writes } = useCanAccess({ resource: 'tokens', action: 'create' });
  return (
    <List
      title="Machine tokens"
      empty={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={<TopToolbar>{writes ? <CreateButton label="New token" /> : null}</TopToolbar>}
    >
      <DataTable<MachineToken> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<MachineToken> source="name" label="Name" />
        <DataTable.Col<MachineToken> label="Acts as" render={(token) => roleLabel(token.scope)} />
        <DataTable.Col<MachineToken>
          source="created_at"
          label="Created"
          render={(t) => ukDateTime(t.created_at)}
        />
        <DataTable.Col<MachineToken>
          source="last_used_at"
          label="Last used"
          render={(t) => when(t.last_used_at, 'Never')}
        />
        <DataTable.Col<MachineToken>
          source="expires_at"
          label="Expires"
          render={(t) => when(t.expires_at, 'Never')}
        />
        <DataTable.Col<MachineToken>
          label="State"
          render={(t) => (t.revoked_at ? `Revoked ${ukDateTime(t.revoked_at)}` : 'In force')}
        />
        <DataTable.Col<MachineToken>
          label="Revoke"
          render={(token) =>
            token.revoked_at || !writes ? null : (
              <DeleteButton
                label="Revoke"
                aria-label={`Revoke ${token.name}`}
                mutationMode="pessimistic"
                confirmTitle={`Revoke the token ${token.name}?`}
                confirmContent="Whatever uses it will be refused from now on. This cannot be undone."
                successMessage="The token is revoked"
              />
            )
          }
        />
      </DataTable>
    </List>
  );
}
